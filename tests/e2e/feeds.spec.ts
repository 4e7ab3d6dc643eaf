// Free feeds as client apps fetch them from the running site: each public list as a subscription, in the
// app's format, following the list when a key leaves it.
import { expect, test } from '@playwright/test'

import { DEMO_ACCOUNTS } from '../../src/seed/accounts'

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
  const links = Buffer.from(await base64.text(), 'base64').toString('utf8').split('\n')
  expect(links.length).toBeGreaterThan(0)
  for (const link of links) expect(link).toMatch(/^vless:\/\//)

  expect(await (await asApp('/api/feed/all', 'clash-verge/v2.0.3')).text()).toContain('proxy-groups:')
  const singbox = (await (await asApp('/api/feed/de/singbox', 'v2rayNG/1.9.16')).json()) as { outbounds: { type: string }[] }
  expect(singbox.outbounds.some((outbound) => outbound.type === 'vless')).toBe(true)
  const outline = (await (await asApp('/api/feed/outline/outline', 'Outline/1.13.0')).json()) as Record<string, unknown>
  expect(Object.keys(outline).sort()).toEqual(['method', 'password', 'server', 'server_port'])
  for (const missing of ['/api/feed/vless-zz', '/api/feed/bogus-list', '/api/feed/vless/xml']) expect((await app.get(missing)).status(), missing).toBe(404)

  // An editor takes the first key off the list: the feed follows (within the cache's revalidation).
  const staff = await playwright.request.newContext({ baseURL })
  await staff.post('/api/users/login', { headers: sameSite, data: { email: editor.email, password: editor.password } })
  const found = (await (await staff.get(`/api/keys?where[keyString][equals]=${encodeURIComponent(links[0]!)}&depth=0`, { headers: sameSite })).json()) as { docs: { id: number }[] }
  expect((await staff.patch(`/api/keys/${found.docs[0]!.id}`, { headers: sameSite, data: { revokedAt: new Date().toISOString() } })).status()).toBe(200)
  await expect(async () => {
    const now = Buffer.from(await (await asApp('/api/feed/vless-de', 'v2rayNG/1.9.16')).text(), 'base64').toString('utf8')
    expect(now.split('\n')).not.toContain(links[0])
  }).toPass({ timeout: 15_000 })
  await staff.dispose()
  await app.dispose()
})
