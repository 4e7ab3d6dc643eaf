// Smoke: a new visitor sees seeded keys in Russian; the seeded editor signs in to /admin.

import { DEMO_ACCOUNTS } from '../../src/seed/accounts'
import { expect, test } from './test'

test('home page renders seeded free keys in Russian', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Бесплатные VPN ключи')
  const rows = page.getByTestId('key-table').locator('tbody tr')
  await expect(rows).toHaveCount(10)
  await expect(rows.first()).toContainText(/\d+ час(а|ов)?|Без ограничений/)
})

test('the seeded editor signs in to the admin panel', async ({ page }) => {
  const editor = DEMO_ACCOUNTS.find((account) => account.role === 'editor')!
  await page.goto('/admin')
  await page.getByLabel(/e-?mail/i).fill(editor.email)
  await page.getByLabel(/пароль/i).fill(editor.password)
  await page.getByRole('button', { name: /войти/i }).click()
  await expect(page).toHaveURL(/\/admin\/?$/)
  await expect(page.getByRole('link', { name: 'Ключи' }).first()).toBeVisible()
})

test('the public API does not expose server credentials', async ({ request }) => {
  const response = await request.get('/api/servers?depth=0&limit=100')
  expect(response.status()).toBe(200)
  const body = (await response.json()) as { docs: Record<string, unknown>[] }
  expect(body.docs.length).toBeGreaterThan(0)
  for (const server of body.docs) expect(server).not.toHaveProperty('credentials')
})

test('client navigation shows the loading bar until the next page arrives', async ({ page }) => {
  // A page with React's runtime (key lists, key pages and the plans have none: islandPages.spec.ts).
  await page.goto('/support')
  // The bar's script loads after the page is interactive.
  await page.waitForLoadState('networkidle')
  await page.waitForFunction(() => [...document.querySelectorAll('style')].some((style) => style.textContent?.includes('#nprogress')))
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    (url) => url.pathname === '/vless',
    async (route) => {
      if (route.request().headers().rsc) await held
      await route.continue()
    },
  )
  await page.getByRole('banner').getByRole('link', { name: 'VLESS', exact: true }).click()
  await expect(page.locator('#nprogress .bar')).toBeVisible()
  release()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('VLESS')
  await expect(page).toHaveURL(/\/vless$/)
  await expect(page.locator('#nprogress')).toHaveCount(0)
})

test('opening the login popup, which is no navigation, leaves no loading bar behind', async ({ page }) => {
  await page.goto('/support')
  await page.waitForLoadState('networkidle')
  // The bar's script is on the page (it loads after the page is interactive) before the click.
  await page.waitForFunction(() => [...document.querySelectorAll('style')].some((style) => style.textContent?.includes('#nprogress')))
  await page.getByRole('banner').getByRole('link', { name: 'Войти' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Вход' })).toBeVisible()
  // The popup starts at the e-mail address.
  await expect(dialog.getByRole('textbox', { name: 'E-mail' })).toBeFocused()
  await dialog.getByRole('button', { name: 'Закрыть' }).click()
  await page.waitForTimeout(1_000)
  await expect(page.locator('#nprogress')).toHaveCount(0)
  await expect(page.locator('html')).not.toHaveClass(/nprogress-busy/)
})
