// Playwright: end-to-end tests in Debian's Chromium against the production build on a throwaway database,
// served as it is in production: under a real host name (free.vpnkeys.test, SERVER_URL) behind Debian's nginx
// rendered from deploy/nginx (see tests/helpers/e2eServer.ts).
import { defineConfig } from '@playwright/test'

import { CHROMIUM_HOST_RULES, FREE_KEYS_HOST, MIRROR_HOST, PRODUCTION_HOST } from './tests/helpers/testHosts'

/** nginx's port: the site's public address. */
const port = Number(process.env.E2E_PORT ?? 3100)
const baseURL = `http://${FREE_KEYS_HOST}:${port}`
/** The same site selling through YooKassa (PAYMENT_PROVIDER=yookassa): the purchase journeys run on both. */
const yookassaPort = Number(process.env.E2E_YOOKASSA_PORT ?? port + 1)
const yookassaURL = `http://${FREE_KEYS_HOST}:${yookassaPort}`
/** Two app instances on one PostgreSQL and one Redis behind one nginx (tests/helpers/e2eCluster.ts). */
const clusterPort = Number(process.env.E2E_CLUSTER_PORT ?? port + 2)
const clusterURL = `http://${FREE_KEYS_HOST}:${clusterPort}`

function server(publicPort: number, url: string, env: Record<string, string>, harness = 'tests/helpers/e2eServer.ts') {
  return {
    command: `node --import tsx ${harness}`,
    // Checked by the runner itself, which resolves no test host names: nginx answers on loopback.
    url: `http://127.0.0.1:${publicPort}/bench.txt`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      LOCAL_PREVIEW: 'true',
      E2E_PORT: String(publicPort),
      E2E_CLUSTER_PORT: String(publicPort),
      SERVER_URL: url,
      PRODUCTION_HOST,
      FREE_KEYS_HOST,
      MIRROR_HOSTS: MIRROR_HOST,
      ...env,
    },
  }
}

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: '.test/playwright.json' }]],
  use: {
    baseURL,
    // No step waits without end: a wait for something that never comes fails where it waits, not as the test's
    // timeout reported at whatever ran last.
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    locale: 'ru-RU',
    // nginx keeps public pages for the time the app allows (a minute): the journeys, which change what pages show,
    // read them as a hard reload does. tests/e2e/proxyCache.spec.ts reads them as visitors do, from the cache.
    extraHTTPHeaders: { 'cache-control': 'no-cache' },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--host-resolver-rules=${CHROMIUM_HOST_RULES}`,
        // The site is served over TLS in production: the test hosts count as secure origins (clipboard, crypto.randomUUID).
        `--unsafely-treat-insecure-origin-as-secure=${baseURL},${yookassaURL},${clusterURL},http://${PRODUCTION_HOST}:${port},http://${MIRROR_HOST}:${port}`,
      ],
    },
  },
  projects: [
    // Everything, with Stripe (the local Stripe double); journeys only YooKassa has run in the other project.
    { name: 'stripe', grepInvert: /YooKassa/, testIgnore: 'cluster.spec.ts' },
    {
      name: 'yookassa',
      use: { baseURL: yookassaURL },
      testMatch: 'billing.spec.ts',
      // The purchase journeys; pages that do not depend on the provider run once, above.
      grepInvert: /plans page|My servers|another user/,
    },
    { name: 'cluster', use: { baseURL: clusterURL }, testMatch: 'cluster.spec.ts' },
  ],
  webServer: [
    server(port, baseURL, { DATA_DIR: '.test/e2e-data' }),
    server(yookassaPort, yookassaURL, { DATA_DIR: '.test/e2e-data-yookassa', PAYMENT_PROVIDER: 'yookassa' }),
    server(clusterPort, clusterURL, {}, 'tests/helpers/e2eCluster.ts'),
  ],
})
