// Key lists, key pages and the plans are served without Next.js's client runtime: server markup and one small
// script (src/islands). The journeys of keys.spec.ts, auth.spec.ts and billing.spec.ts run on them as they are;
// this file holds what is particular to that way of serving.
import type { APIRequestContext } from '@playwright/test'

import { GOOGLEBOT_UA, PRODUCTION_HOST, RU } from './helpers'
import { expect, test } from './test'

const ISLANDS = /<script src="(\/_next\/static\/islands\/islands-[A-Z0-9]+\.js)" async data-islands-script><\/script>/g

async function keyId(request: APIRequestContext): Promise<string> {
  const list = await (await request.get('/vless-de', { headers: RU })).text()
  return list.match(/data-key-id="(\d+)"/)![1]!
}

test('[ru] key lists, a key page and the plans carry one small script and no React, rendered or from the cache', async ({ request }) => {
  const id = await keyId(request)
  // `?show=30` is a list no other test asks for: its first answer is the render itself, the second from the cache.
  // The same for a list continued from a key ("Show +10 keys").
  for (const path of ['/de?show=30', '/de?show=30', `/de?show=20&after=${id}`, `/de?show=20&after=${id}`, '/', '/tariffs', '/tariffs', `/keys/${id}`, `/en/keys/${id}`]) {
    const response = await request.get(path, { headers: RU })
    expect(response.status(), path).toBe(200)
    const html = await response.text()
    expect(html, path).not.toMatch(/<script[^>]+src="\/_next\/static\/chunks\//)
    expect(html, path).not.toContain('self.__next_f')
    expect([...html.matchAll(ISLANDS)], path).toHaveLength(1)
    expect(html, path).toContain('data-island-texts')
  }
  // Indexable pages too (the production host, for crawlers): their cache keys are shaped differently.
  for (const path of ['/vless-de?show=30', '/vless-de?show=30', '/tariffs']) {
    const html = await (await request.get(path, { headers: { 'user-agent': GOOGLEBOT_UA, host: PRODUCTION_HOST }, maxRedirects: 0 })).text()
    expect(html, `${path} indexable`).toContain('<meta name="robots" content="index, follow"/>')
    expect(html, `${path} indexable`).not.toContain('self.__next_f')
    expect([...html.matchAll(ISLANDS)], `${path} indexable`).toHaveLength(1)
  }
  // Every other page keeps React, which starts the same islands from its own chunks (IslandBehaviours), with their texts.
  const support = await (await request.get('/support', { headers: RU })).text()
  expect(support).toMatch(/<script[^>]+src="\/_next\/static\/chunks\//)
  expect(support).toContain('data-island-texts')
  expect(support).not.toContain('data-islands-script')
  // What the visitor's phone runs: the islands, 24.3 KB before compression on 2026-11-30 (9 KB gzip), since they are
  // the one copy of the shared markup's behaviour for React pages too.
  const page = await (await request.get('/', { headers: RU })).text()
  const script = [...page.matchAll(ISLANDS)][0]![1]!
  const bundle = await request.get(script)
  expect(bundle.headers()['cache-control']).toContain('immutable')
  expect((await bundle.body()).length).toBeLessThan(25_000)
})

test('[ru] the browser loads no other script on a key list, and nothing fails', async ({ page }) => {
  const scripts: string[] = []
  const errors: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto('/vless')
  await page.waitForLoadState('networkidle')
  expect(scripts).toHaveLength(1)
  expect(scripts[0]).toMatch(/^\/_next\/static\/islands\//)
  expect(errors).toEqual([])
})

test('[ru] a signed-in visitor gets "Log out" in the header of a cached key list, and it signs out', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'vk-signed-in', value: '1', url: baseURL! }])
  await page.goto('/vless')
  const banner = page.getByRole('banner')
  await expect(banner.getByRole('link', { name: 'Войти' })).toHaveCount(0)
  await banner.getByRole('button', { name: 'Выйти' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(banner.getByRole('link', { name: 'Войти' })).toBeVisible()
  expect((await context.cookies()).some((cookie) => cookie.name === 'vk-signed-in')).toBe(false)
})

/** The key window's transport line for a VLESS key (src/lib/keys/transport.ts). */
const TRANSPORT_LINE = /^(TCP|WebSocket|gRPC|HTTPUpgrade|HTTP\/2|XHTTP|mKCP|QUIC)( · (REALITY|TLS))?( · Vision)?/

test('[ru] a key list reached by a click in the account is a React page, and its key window works', async ({ page }) => {
  await page.goto('/support')
  await page.getByRole('banner').getByRole('link', { name: 'VLESS', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('VLESS')
  const row = page.getByTestId('key-table').locator('tbody tr').first()
  await row.getByRole('link', { name: 'Подробнее' }).click()
  await expect(page.getByRole('dialog').getByTestId('key-string')).toHaveText(/^vless:\/\//)
  // What an app must speak to open it, as apps name it.
  await expect(page.getByRole('dialog').getByTestId('key-transport')).toHaveText(TRANSPORT_LINE)
})

test('[ru] hours left count down in the browser, and a key past its last hour leaves the table', async ({ page }) => {
  await page.clock.install({ time: Date.now() })
  await page.goto('/vless')
  const cells = page.getByTestId('key-table').locator('tbody tr .keys__hours')
  const counts = (await cells.allTextContents()).map((text) => Number(text.match(/\d+/)?.[0] ?? -1))
  const index = counts.findIndex((count) => count >= 2)
  expect(index).toBeGreaterThanOrEqual(0)
  const hours = cells.nth(index)
  const before = counts[index]!
  // Two hours on: the cell counts down by itself.
  await page.clock.fastForward('02:00:00')
  await expect(hours).toHaveText(new RegExp(`^${before - 2} час`))
  // Past its last hour the key leaves the table.
  const row = page.getByTestId('key-table').locator(`tbody tr[data-key-id="${await cells.nth(index).locator('xpath=..').getAttribute('data-key-id')}"]`)
  await expect(row).toBeVisible()
  await page.clock.fastForward((before - 1) * 3_600_000)
  await expect(row).toBeHidden()
})

test('[ru] the key window and the login popup keep the keyboard where it was', async ({ page }) => {
  await page.goto('/vless')
  await page.getByTestId('key-table').locator('tbody tr').first().getByRole('link', { name: 'Подробнее' }).click()
  const keyWindow = page.getByRole('dialog')
  await expect(keyWindow.getByTestId('key-string')).toHaveText(/^vless:\/\//)
  await expect(keyWindow.getByTestId('key-transport')).toHaveText(TRANSPORT_LINE)
  // The key arrived around the close button, which the open window had focused.
  await expect(keyWindow.getByRole('button', { name: 'Закрыть' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page).toHaveURL(/\/vless$/)

  await page.getByRole('banner').getByRole('link', { name: 'Войти' }).click()
  const popup = page.getByRole('dialog')
  await expect(popup.getByRole('textbox', { name: 'E-mail' })).toBeFocused()
  await popup.getByRole('button', { name: 'Нет аккаунта? Зарегистрируйтесь' }).click()
  await expect(popup.getByRole('heading', { name: 'Регистрация' })).toBeVisible()
  await expect(popup.getByRole('button', { name: 'Уже есть аккаунт? Войдите' })).toBeFocused()
  // A wrong address: the message, then gone while the next try is on its way.
  await popup.getByRole('textbox', { name: 'E-mail' }).fill('not-an-address')
  await popup.getByRole('button', { name: 'Зарегистрироваться' }).click()
  await expect(popup.getByRole('alert')).toHaveText('Неверный email')
  await expect(popup.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('aria-invalid', 'true')
})

test('[en] on an English island page Copy, the hours and the login popup speak English', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/en/vless')
  const row = page.getByTestId('key-table').locator('tbody tr').first()
  await expect(row.locator('.keys__hours')).toHaveText(/^\d+ hours?$|^Unlimited$/)
  await row.getByRole('button', { name: 'Copy' }).click()
  await expect(row.getByRole('button', { name: 'Copied' })).toBeVisible()
  await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click()
  const popup = page.getByRole('dialog')
  await expect(popup.getByRole('heading', { name: 'Log in' })).toBeVisible()
  await popup.getByRole('button', { name: 'No account? Sign up' }).click()
  await expect(popup.getByRole('heading', { name: 'Sign up' })).toBeVisible()
})
