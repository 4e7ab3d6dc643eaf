// A visitor on a phone (Pixel 7, Russian): a compact header with the menu behind one button, the keys a phone
// imports in a tap first, and key cards that fit several to a screen with Copy first.
import { devices } from '@playwright/test'
import type { Browser, Page } from '@playwright/test'
import { expect, test } from './test'

const PHONE_READY = ['VLESS', 'Outline', 'Trojan']

async function phone(browser: Browser, options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ ...devices['Pixel 7'], locale: 'ru-RU', ...options })
  return context.newPage()
}

test('[ru] on a phone the header is one line: the site’s name and a Menu button that opens the key lists, language and account', async ({ browser }) => {
  const page = await phone(browser)
  await page.goto('/')
  const header = page.locator('header')
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(72)
  const menu = page.getByRole('button', { name: 'Меню' })
  expect((await menu.boundingBox())!.height).toBeGreaterThanOrEqual(44)
  await expect(header.getByRole('link', { name: 'VLESS', exact: true })).toBeHidden()
  await expect(header.getByRole('link', { name: 'EN', exact: true })).toBeHidden()

  await menu.tap()
  for (const name of ['VLESS', 'Outline', 'Trojan', 'WireGuard', 'OpenVPN', 'SSTP', 'Тарифы VIP', 'Личный кабинет', 'Войти', 'EN']) {
    await expect(header.getByRole('link', { name, exact: true })).toBeVisible()
  }
  // A tap outside closes it.
  await page.locator('h1').tap()
  await expect(header.getByRole('link', { name: 'VLESS', exact: true })).toBeHidden()

  await menu.tap()
  await header.getByRole('link', { name: 'Trojan', exact: true }).tap()
  await expect(page).toHaveURL(/\/trojan$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Trojan')
  // The menu does not stay open over the page it led to.
  await expect(header.getByRole('link', { name: 'Outline', exact: true })).toBeHidden()

  // The plans are one tap away from the menu, in English too.
  await page.goto('/en')
  await page.getByRole('button', { name: 'Menu' }).tap()
  await header.getByRole('link', { name: 'VIP plans', exact: true }).tap()
  await expect(page).toHaveURL(/\/en\/tariffs$/)
  await page.context().close()
})

test('[ru] the phone menu fits a phone held sideways: its last item can be reached', async ({ browser }) => {
  const context = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 863, height: 340 }, locale: 'ru-RU' })
  const page = await context.newPage()
  await page.setViewportSize({ width: 700, height: 340 })
  await page.goto('/')
  await page.getByRole('button', { name: 'Меню' }).tap()
  const login = page.locator('header').getByRole('link', { name: 'Войти', exact: true })
  await login.scrollIntoViewIfNeeded()
  await expect(login).toBeInViewport()
  await context.close()
})

test('[ru] the phone menu works without JavaScript too', async ({ browser }) => {
  const page = await phone(browser, { javaScriptEnabled: false })
  await page.goto('/')
  const header = page.locator('header')
  await expect(header.getByRole('link', { name: 'Outline', exact: true })).toBeHidden()
  await page.getByRole('button', { name: 'Меню' }).tap()
  await header.getByRole('link', { name: 'Outline', exact: true }).tap()
  await expect(page).toHaveURL(/\/outline$/)
  await page.context().close()
})

test('[ru] on a phone the list starts with keys a phone imports in a tap, each card about a quarter of the screen with Copy first', async ({ browser }) => {
  const page = await phone(browser)
  await page.goto('/')
  const rows = page.getByTestId('key-table').locator('tbody tr')
  await expect(rows).toHaveCount(10)
  const protocols = await rows.locator('.keys__protocol').allTextContents()
  // The demo lists SSTP, WireGuard and OpenVPN keys too, but none of them before a phone-ready one.
  const firstOther = protocols.findIndex((protocol) => !PHONE_READY.includes(protocol.trim()))
  expect(firstOther === -1 || protocols.slice(firstOther).every((protocol) => !PHONE_READY.includes(protocol.trim()))).toBe(true)
  expect(PHONE_READY).toContain(protocols[0]!.trim())

  const first = rows.first()
  const height = (await first.boundingBox())!.height
  // Was about 265 px with a labelled line per cell; a quarter of the screen, whatever the key's health note says.
  expect(height).toBeLessThanOrEqual(page.viewportSize()!.height / 4)
  const buttons = first.locator('.key-actions').locator('a, button')
  await expect(buttons.first()).toHaveText('Копировать')
  expect((await buttons.first().boundingBox())!.height).toBeGreaterThanOrEqual(44)
  await expect(first.getByRole('link', { name: /^Подробнее/ })).toBeVisible()
  await page.context().close()
})

test('[ru] SSTP keys still have their own list, first there', async ({ browser }) => {
  const page = await phone(browser)
  await page.goto('/sstp')
  const protocols = await page.getByTestId('key-table').locator('tbody tr .keys__protocol').allTextContents()
  expect(protocols.length).toBeGreaterThan(0)
  expect(new Set(protocols.map((protocol) => protocol.trim()))).toEqual(new Set(['SSTP']))
  await page.context().close()
})

for (const locale of ['ru', 'en'] as const) {
  test(`[${locale}] on a phone the first key is on the first screen; the trial banner follows the keys`, async ({ browser }) => {
    const context = await browser.newContext({ ...devices['Pixel 7'], locale: locale === 'en' ? 'en-US' : 'ru-RU' })
    const page = await context.newPage()
    await page.goto(locale === 'en' ? '/en' : '/')
    const first = (await page.getByTestId('key-table').locator('tbody tr').first().boundingBox())!
    expect(first.y + first.height).toBeLessThanOrEqual(page.viewportSize()!.height)
    const banner = (await page.getByTestId('trial-banner').boundingBox())!
    expect(banner.y).toBeGreaterThan(first.y)
    // On a wide screen the banner stays in the cover, above the keys.
    await page.setViewportSize({ width: 1280, height: 800 })
    expect((await page.getByTestId('trial-banner').boundingBox())!.y).toBeLessThan((await page.getByTestId('key-table').boundingBox())!.y)
    await context.close()
  })
}
