// The end-to-end sites' public ports (nginx), the same in the runner, its workers and tests/helpers/e2eSites.ts:
// scripts/test.sh picks free ones; run by hand, they start at 3100.
import { readFileSync } from 'node:fs'
import path from 'node:path'

import { FREE_KEYS_HOST } from './testHosts'

const ROOT = path.resolve(import.meta.dirname, '../..')

const first = Number(process.env.E2E_PORT ?? 3100)

/**
 * E2E_ONE_SITE=true: only the first site selling through Stripe, and one worker, for a file of the `stripe` project
 * run by hand (CONTRIBUTING.md, "Tests"): the other sites are not started.
 */
export const ONE_SITE = process.env.E2E_ONE_SITE === 'true'

export const E2E_PORTS = {
  /** One site selling through Stripe for each worker (playwright.config.ts runs two). */
  stripe: ONE_SITE ? [first] : [first, Number(process.env.E2E_SECOND_PORT ?? first + 3)],
  yookassa: Number(process.env.E2E_YOOKASSA_PORT ?? first + 1),
  cluster: Number(process.env.E2E_CLUSTER_PORT ?? first + 2),
}

export const siteUrl = (port: number) => `http://${FREE_KEYS_HOST}:${port}`

/** The worker sites' addresses, by worker (tests/e2e/test.ts). */
export const STRIPE_SITES = E2E_PORTS.stripe.map(siteUrl)

/**
 * Where the harness keeps each site's files (its nginx, its data folder) and its database, by public port: tests read
 * a few of them.
 */
export const SITES_FILE = '.test/sites.json'

function siteRecord(baseURL: string): { dir: string; databaseUrl: string } {
  const sites = JSON.parse(readFileSync(path.join(ROOT, SITES_FILE), 'utf8')) as Record<string, { dir: string; databaseUrl: string }>
  const site = sites[new URL(baseURL).port]
  if (!site) throw new Error(`No end-to-end site on ${baseURL}`)
  return site
}

/** The folder of the site at `baseURL` (its data folder: the secret, nginx's files), as the harness wrote it. */
export function siteDir(baseURL: string): string {
  return path.join(ROOT, siteRecord(baseURL).dir)
}

/** The database of the site at `baseURL`: for the few tests that set up a state no visitor could make quickly. */
export function siteDatabaseUrl(baseURL: string): string {
  return siteRecord(baseURL).databaseUrl
}
