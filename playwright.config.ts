// Playwright: end-to-end tests in Debian's Chromium against the production build on a throwaway database.
import { defineConfig } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 3100)
const baseURL = `http://localhost:${port}`

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
    locale: 'ru-RU',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: 'node --import tsx tests/helpers/e2eServer.ts',
    url: baseURL,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      LOCAL_PREVIEW: 'true',
      DATA_DIR: '.test/e2e-data',
      PORT: String(port),
      PRODUCTION_HOST: 'vpnkeys.test',
      FREE_KEYS_HOST: 'free.vpnkeys.test',
    },
  },
})
