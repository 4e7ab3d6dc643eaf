// Vitest: unit tests (pure logic) and integration tests (Local API against a real PostgreSQL).
import path from 'node:path'

import { defineConfig } from 'vitest/config'
import type { TestProjectInlineConfiguration } from 'vitest/config'

import { INT_WORKERS } from './tests/helpers/intWorkers'

const alias = {
  '@': path.resolve(import.meta.dirname, 'src'),
  '@collections': path.resolve(import.meta.dirname, 'collections'),
  '@payload-config': path.resolve(import.meta.dirname, 'payload.config.ts'),
}

/**
 * Integration files that configure the app their own way before it loads (a payment provider and its double, through
 * tests/helpers/billing.ts and yookassa.ts): each runs in a fresh worker. The others share their worker's Payload.
 */
const OWN_CONFIGURATION = ['tests/int/billing.test.ts', 'tests/int/devices.test.ts', 'tests/int/vip.test.ts', 'tests/int/yookassa.test.ts']

const integration = (name: string, files: { include: string[]; exclude?: string[] }, isolate: boolean, groupOrder: number): TestProjectInlineConfiguration => ({
  resolve: { alias },
  test: {
    name,
    environment: 'node',
    ...files,
    globalSetup: ['tests/helpers/intGlobalSetup.ts'],
    setupFiles: ['tests/helpers/intWorker.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Three files at a time (tests/helpers/intWorkers.ts), each worker on its own copy of the seeded database (tests/helpers/intGlobalSetup.ts).
    maxWorkers: INT_WORKERS,
    isolate,
    // Shared workers run their files first, one group after the other: a worker is kept only while shared files follow.
    sequence: { groupOrder },
  },
})

export default defineConfig({
  test: {
    projects: [
      // A worker runs its files one after another and keeps their modules: one Payload for all of them.
      integration('int', { include: ['tests/int/**/*.test.ts'], exclude: OWN_CONFIGURATION }, false, 0),
      integration('int-own', { include: OWN_CONFIGURATION }, true, 1),
      {
        resolve: { alias },
        // Pure functions: files share their worker's modules too (the one that resets them, data/revalidate, cleans up).
        // A test's time limit catches a hang, not slowness: some start processes or make thousands of property runs,
        // beside the integration files and the build on two cores (a clean clone on a fresh machine: 5.2 s for two that
        // take 1.7 s alone, and Vitest's default limit of 5 s failed them; clone 109).
        test: { name: 'unit', environment: 'node', include: ['tests/unit/**/*.test.ts'], maxWorkers: INT_WORKERS, isolate: false, sequence: { groupOrder: 1 }, testTimeout: 30_000 },
      },
    ],
  },
})
