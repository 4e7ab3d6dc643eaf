// Vitest: unit tests (pure logic) and integration tests (Local API against a real PostgreSQL).
import path from 'node:path'

import { defineConfig } from 'vitest/config'

const alias = {
  '@': path.resolve(import.meta.dirname, 'src'),
  '@collections': path.resolve(import.meta.dirname, 'collections'),
  '@payload-config': path.resolve(import.meta.dirname, 'payload.config.ts'),
}

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', environment: 'node', include: ['tests/unit/**/*.test.ts'] },
      },
      {
        resolve: { alias },
        test: {
          name: 'int',
          environment: 'node',
          include: ['tests/int/**/*.test.ts'],
          globalSetup: ['tests/helpers/intGlobalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One database for the suite: files run one after another.
          fileParallelism: false,
        },
      },
    ],
  },
})
