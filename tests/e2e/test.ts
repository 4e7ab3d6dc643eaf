// The end-to-end tests' `test`: Playwright's, with each worker's own site. The suite runs in two workers, and each
// worker buys, rotates and edits on a site of its own (tests/helpers/e2eSites.ts starts one per worker), so two tests
// running at once never see each other's changes. The YooKassa and cluster projects have one site each, and one file.
import { test as base } from '@playwright/test'

import { STRIPE_SITES } from '../helpers/e2ePorts'

export { expect } from '@playwright/test'

export const test = base.extend({
  // (Playwright's `use`, named otherwise: React's lint rules read `use` as its hook.)
  baseURL: async ({ baseURL }, provide, testInfo) => {
    await provide(testInfo.project.name === 'stripe' ? STRIPE_SITES[testInfo.parallelIndex % STRIPE_SITES.length] : baseURL)
  },
})
