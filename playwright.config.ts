// Playwright: end-to-end tests in Debian's Chromium against the production build on a throwaway database,
// served as it is in production: under a real host name (free.vpnkeys.test, SERVER_URL) behind Debian's nginx
// rendered from deploy/nginx (see tests/helpers/e2eSites.ts).
import path from 'node:path'

import { defineConfig } from '@playwright/test'

import { E2E_PORTS, ONE_SITE, STRIPE_SITES, siteUrl } from './tests/helpers/e2ePorts'
import { CHROMIUM_HOST_RULES, MIRROR_HOST, PRODUCTION_HOST } from './tests/helpers/testHosts'

/** Playwright's trace modes: E2E_TRACE names one; without it, none. */
const TRACE_MODES = ['off', 'on', 'retain-on-failure', 'on-first-retry', 'on-all-retries', 'retain-on-first-failure'] as const
const traceMode = (wanted: string | undefined) => TRACE_MODES.find((mode) => mode === wanted) ?? 'off'

/** nginx's ports: the sites' public addresses. Each worker has a site selling through Stripe (tests/e2e/test.ts). */
const baseURL = STRIPE_SITES[0]!
/** The same site selling through YooKassa (PAYMENT_PROVIDER=yookassa): the purchase journeys run on both. */
const yookassaURL = siteUrl(E2E_PORTS.yookassa)
/** Two app instances on one PostgreSQL and one Redis behind one nginx. */
const clusterURL = siteUrl(E2E_PORTS.cluster)
/** Every origin the browser opens, each counted as secure as it is over TLS in production. */
const origins = [...STRIPE_SITES, yookassaURL, clusterURL, ...E2E_PORTS.stripe.flatMap((port) => [`http://${PRODUCTION_HOST}:${port}`, `http://${MIRROR_HOST}:${port}`])]

/**
 * Debian's Chromium headless shell (chromium-headless-shell: the same Chromium, its old headless mode, which Playwright
 * uses for headless runs of its own build): the page processes, the network service and the browser process took 25
 * CPU-s for the keys and auth specs against 39 for the full browser in its new headless mode. CHROMIUM_PATH chooses
 * another (/usr/bin/chromium).
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'
const headlessShell = chromium.endsWith('headless-shell')
/** The shell's page and network processes, started with the flag that counts the test hosts as secure origins. */
const childProcess = path.resolve('tests/helpers/chromiumPageProcess.sh')

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Two workers, each on its own site: a file's tests run in order in one worker, two files at a time.
  fullyParallel: false,
  workers: E2E_PORTS.stripe.length,
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
    // A failed test keeps a screenshot and the page's accessibility tree as it failed (Playwright's error context). No
    // trace unless asked (E2E_TRACE=retain-on-failure: every action with the page's DOM, its network and console):
    // recording one for every test, to keep the failed ones', cost the browser and the test workers a sixth of their
    // CPU (auth, keys and security specs: 44.7 CPU-s against 37.5), the end-to-end phase about 30 s.
    screenshot: 'only-on-failure',
    trace: { mode: traceMode(process.env.E2E_TRACE), screenshots: false, snapshots: true, sources: true },
    launchOptions: {
      executablePath: chromium,
      env: { ...process.env, E2E_SECURE_ORIGINS: origins.join(',') },
      args: [
        ...(headlessShell ? [`--renderer-cmd-prefix=${childProcess}`, `--utility-cmd-prefix=${childProcess}`] : []),
        '--no-sandbox',
        '--disable-gpu',
        // Pages composited in software by the browser itself, not through the emulated GPU process (SwiftShader) the
        // headless shell starts even without a GPU: admin.spec and keys.spec alone, two runs each, took 120 and 130
        // CPU-s of the machine with it against 129 and 136 without (/proc/stat around the run, the site's start included).
        '--disable-gpu-compositing',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--host-resolver-rules=${CHROMIUM_HOST_RULES}`,
        // The site is served over TLS in production: the test hosts count as secure origins (clipboard, crypto.randomUUID).
        `--unsafely-treat-insecure-origin-as-secure=${origins.join(',')}`,
      ],
    },
  },
  // The sites' own tests two at a time; then the cluster's tests and drills, which restart processes and databases and
  // wait on them, beside the drills that run the site's npm commands, with no site's tests beside them (beside the other
  // worker's tests a database restart outlasted the app's wait); last the header timings, a time measured against
  // another, alone too.
  projects: [
    {
      name: 'yookassa',
      use: { baseURL: yookassaURL },
      testMatch: 'billing.spec.ts',
      // The purchase journeys, in Russian; what does not depend on the provider runs once, in the next project: the
      // plans page, My servers, another user's reads, the form's own answers (an invalid address, a phone's plan, a
      // stranger's address) and the no-JavaScript revoke. Each journey's English texts are the same with either
      // provider: English runs here only where YooKassa's own texts show (the ways to pay, a declined payment).
      grepInvert: /plans page|My servers|another user|invalid e-mail|on a phone|tells a stranger|without JavaScript|\[en\] (a referral|a gift|a promo|the activation)/,
    },
    // Everything, with Stripe (the local Stripe double); journeys only YooKassa has run in the project above.
    { name: 'stripe', grepInvert: /YooKassa/, testIgnore: ['cluster.spec.ts', 'drills.spec.ts', 'headerBounds.spec.ts'] },
    { name: 'cluster', use: { baseURL: clusterURL }, testMatch: 'cluster.spec.ts', dependencies: ['yookassa', 'stripe'] },
    // Beside the cluster's tests: the drills that run the site's npm commands (a backup restored, a first day, `npm run
    // dev`'s stop), each taken by whichever worker is free. The cluster's project alone left a third of both cores
    // idle, waiting on restarts and starts.
    { name: 'drills', use: { baseURL: clusterURL }, testMatch: 'drills.spec.ts', dependencies: ['yookassa', 'stripe'] },
    { name: 'quiet', testMatch: 'headerBounds.spec.ts', dependencies: ['cluster', 'drills'] },
  ],
  // One process starts all the sites on one PostgreSQL (tests/helpers/e2eSites.ts); ready when the cluster's nginx
  // answers, which it starts last. Checked by the runner itself, which resolves no test host names: nginx answers on
  // loopback. `npm test` starts it itself as soon as the build is done, beside the integration tests
  // (E2E_SITES=started): the run uses those sites.
  webServer: {
    command: 'node --import tsx tests/helpers/e2eSites.ts',
    url: `http://127.0.0.1:${ONE_SITE ? E2E_PORTS.stripe[0] : E2E_PORTS.cluster}/bench.txt`,
    timeout: 240_000,
    reuseExistingServer: process.env.E2E_SITES === 'started',
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      E2E_PORT: String(E2E_PORTS.stripe[0]),
      E2E_SECOND_PORT: String(E2E_PORTS.stripe[1] ?? ''),
      E2E_YOOKASSA_PORT: String(E2E_PORTS.yookassa),
      E2E_CLUSTER_PORT: String(E2E_PORTS.cluster),
    },
  },
})
