// Free feeds as client apps fetch them from the running site: each public list as a subscription, in the
// app's format, following the list when a key leaves it.

import { DEMO_ACCOUNTS } from '../../src/seed/accounts'
import { readFeedBody } from '../helpers/feedBody'
import { expect, test } from './test'

const editor = DEMO_ACCOUNTS.find((account) => account.role === 'editor')!
const sameSite = { 'sec-fetch-site': 'same-origin' }

test('a list’s feed answers each app in its format, and a key taken off the list leaves the feed', async ({ playwright, baseURL }) => {
  const app = await playwright.request.newContext({ baseURL })
  const asApp = (path: string, userAgent: string) => app.get(path, { headers: { 'user-agent': userAgent } })

  const base64 = await asApp('/api/feed/vless-de', 'v2rayNG/1.9.16')
  expect(base64.status()).toBe(200)
  expect(base64.headers()).toMatchObject({ 'profile-update-interval': '1', 'subscription-userinfo': 'upload=0; download=0; total=0; expire=0' })
  expect(base64.headers()['cache-control']).toContain('s-maxage=300')
  expect(Buffer.from(base64.headers()['profile-title']!.replace('base64:', ''), 'base64').toString()).toMatch(/: VLESS, Германия$/)
  const body = readFeedBody(await base64.text())
  // The headers' keys again at the top of the body, for apps behind proxies that strip headers (Happ, Hiddify, INCY).
  expect(body.meta).toMatchObject({ 'profile-title': base64.headers()['profile-title'], 'profile-update-interval': '1', 'subscription-userinfo': 'upload=0; download=0; total=0; expire=0' })
  const { links } = body
  expect(links.length).toBeGreaterThan(0)
  for (const link of links) expect(link).toMatch(/^vless:\/\//)

  expect(await (await asApp('/api/feed/all', 'clash-verge/v2.0.3')).text()).toContain('proxy-groups:')
  const singbox = (await (await asApp('/api/feed/de/singbox', 'v2rayNG/1.9.16')).json()) as { outbounds: { type: string }[] }
  expect(singbox.outbounds.some((outbound) => outbound.type === 'vless')).toBe(true)
  const outline = (await (await asApp('/api/feed/outline/outline', 'Outline/1.13.0')).json()) as Record<string, unknown>
  expect(Object.keys(outline).sort()).toEqual(['method', 'password', 'server', 'server_port'])
  for (const missing of ['/api/feed/vless-zz', '/api/feed/bogus-list', '/api/feed/vless/xml']) expect((await app.get(missing)).status(), missing).toBe(404)

  // An app polling with the tag it was given gets 304 while the feed is unchanged; each format has its own tag.
  const tag = base64.headers()['etag']!
  expect(tag).toMatch(/^"[\w-]{27}"$/)
  const unchanged = await app.get('/api/feed/vless-de', { headers: { 'user-agent': 'v2rayNG/1.9.16', 'if-none-match': tag } })
  expect(unchanged.status()).toBe(304)
  expect(unchanged.headers()['etag']).toBe(tag)
  expect((await app.get('/api/feed/vless-de/clash', { headers: { 'user-agent': 'v2rayNG/1.9.16', 'if-none-match': tag } })).status()).toBe(200)

  // An editor takes the first key off the list: the feed follows (within the cache's revalidation), with a new tag.
  const staff = await playwright.request.newContext({ baseURL })
  await staff.post('/api/users/login', { headers: sameSite, data: { email: editor.email, password: editor.password } })
  const found = (await (await staff.get(`/api/keys?where[keyString][equals]=${encodeURIComponent(links[0]!)}&depth=0`, { headers: sameSite })).json()) as { docs: { id: number }[] }
  expect((await staff.patch(`/api/keys/${found.docs[0]!.id}`, { headers: sameSite, data: { revokedAt: new Date().toISOString() } })).status()).toBe(200)
  await expect(async () => {
    const changed = await app.get('/api/feed/vless-de', { headers: { 'user-agent': 'v2rayNG/1.9.16', 'if-none-match': tag } })
    expect(changed.status()).toBe(200)
    expect(changed.headers()['etag']).not.toBe(tag)
    expect(readFeedBody(await changed.text()).links).not.toContain(links[0])
  }).toPass({ timeout: 15_000 })
  await staff.dispose()
  await app.dispose()
})

test('each list page offers its feed: copy, QR, one-tap import for the phone in hand, and an Outline key that follows the rotation', async ({ browser, baseURL }) => {
  const android = await browser.newContext({
    locale: 'ru-RU',
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    viewport: { width: 390, height: 844 },
  })
  const page = await android.newPage()
  await page.goto('/outline-de')
  const feed = page.getByTestId('feed')
  await expect(feed.getByRole('heading')).toHaveText('Добавить в приложение')
  const url = `${baseURL}/api/feed/outline-de`
  await expect(page.getByTestId('feed-url')).toHaveText(url)
  await expect(page.getByTestId('feed-qr')).toBeHidden()
  await feed.getByText('QR-код', { exact: true }).click()
  await expect(page.getByTestId('feed-qr')).toBeVisible()
  await expect(page.getByRole('radio', { name: 'Android', exact: true })).toBeChecked()
  await expect(feed.getByRole('link', { name: 'Добавить в Happ' })).toHaveAttribute('href', `happ://add/${url}/base64`)
  await expect(feed.getByRole('link', { name: 'Добавить в Clash Meta' })).toHaveAttribute('href', new RegExp(`^clashmeta://install-config\\?url=${encodeURIComponent(`${url}/clash`).replace(/[.?]/g, '\\$&')}&name=`))
  // The Outline app's button is the list's dynamic key: ssconf:// of the feed's Outline answer.
  const ssconf = `ssconf://${url.replace(/^https?:\/\//, '')}/outline`
  await expect(page.getByTestId('feed-ssconf')).toHaveText(ssconf)
  await expect(feed.getByRole('link', { name: 'Добавить в Outline' })).toHaveAttribute('href', ssconf)
  // The dynamic key resolves (Outline fetches it over the site's own scheme) to a key the list shows right now.
  const dynamic = (await (await page.request.get(`${url}/outline`, { headers: { 'user-agent': 'Outline/1.13.0', accept: '*/*' } })).json()) as Record<string, unknown>
  expect(Object.keys(dynamic).sort()).toEqual(['method', 'password', 'server', 'server_port'])
  const shown: string[] = []
  // What each row's Copy button copies.
  for (const copied of await page.getByTestId('key-table').locator('tbody tr button[data-copy]').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-copy') ?? ''))) {
    const link = new URL(copied)
    const userinfo = decodeURIComponent(link.username)
    // SIP002: base64 of method:password, written out for 2022 ciphers.
    shown.push(`${link.hostname}:${link.port}:${userinfo.includes(':') ? userinfo : Buffer.from(userinfo, 'base64').toString()}`)
  }
  expect(shown).toContain(`${String(dynamic.server)}:${String(dynamic.server_port)}:${String(dynamic.method)}:${String(dynamic.password)}`)
  // A key list without share links has no feed.
  await page.goto('/wireguard')
  await expect(page.getByTestId('key-table')).toBeVisible()
  await expect(page.getByTestId('feed')).toHaveCount(0)

  // The key window's "Install" shows the same buttons, importing the key's own list.
  await page.goto('/vless-de')
  await page.getByTestId('key-table').locator('tbody tr').first().getByRole('link', { name: 'Установить' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('radio', { name: 'Android', exact: true })).toBeChecked()
  await expect(dialog.getByText(/^Кнопки «Добавить в …» добавляют в приложение список «VPN ключи: VLESS, Германия»/)).toBeVisible()
  await expect(dialog.getByRole('link', { name: 'Добавить в Happ' })).toHaveAttribute('href', `happ://add/${baseURL}/api/feed/vless-de/base64`)
  await android.close()
})

test('a feed opened in a browser leads to its list page; apps still get the feed', async ({ page, baseURL }) => {
  await page.goto('/api/feed/vless-de')
  await expect(page).toHaveURL(`${baseURL}/vless-de#subscription`)
  await expect(page.getByTestId('feed-url')).toHaveText(`${baseURL}/api/feed/vless-de`)
  await page.goto('/en')
  await page.goto('/api/feed/de')
  await expect(page).toHaveURL(`${baseURL}/en/de#subscription`)
  await expect(page.getByTestId('feed').getByRole('heading')).toHaveText('Add to an app')
  // An explicit format is a file even in a browser, and one cache entry for every app.
  const explicit = await page.request.get('/api/feed/de/base64', { headers: { accept: 'text/html' } })
  expect(explicit.headers()['content-type']).toBe('text/plain; charset=utf-8')
  expect(explicit.headers().vary ?? '').not.toContain('User-Agent')
})
