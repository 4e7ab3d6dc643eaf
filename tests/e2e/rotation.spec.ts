// Every protocol through the servers operators run: Remnawave (vless, trojan), Outline, wg-easy (WireGuard) and
// SoftEther (OpenVPN, SSTP), each a double built to its panel's published contract (the `double.ts` in its adapter's
// folder, src/lib/provisioning/adapters/<name>/), serving one country's free keys. The editor's "rotate now" issues the keys of all six protocols through the adapters; a
// second run replaces every one that expired (a new key on the panel, the old one deleted there), and the country's
// list, its key files and its feed follow.
import type { APIRequestContext, Page } from '@playwright/test'

import { DEMO_ACCOUNTS } from '../../src/seed/accounts'
import { serveDouble } from '../../src/lib/provisioning/adapters/doubles'
import type { ServedDouble } from '../../src/lib/provisioning/adapters/doubles'
import { outlinePanel } from '../../src/lib/provisioning/adapters/outline/double'
import { remnawavePanel } from '../../src/lib/provisioning/adapters/remnawave/double'
import { softEtherPanel } from '../../src/lib/provisioning/adapters/softether/double'
import { wgEasyPanel } from '../../src/lib/provisioning/adapters/wg-easy/double'
import { expect, test } from './test'

const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!
const sameSite = { 'sec-fetch-site': 'same-origin' }
const COUNTRY = 'is'
const PROTOCOLS = ['vless', 'trojan', 'outline', 'wireguard', 'openvpn', 'sstp'] as const

type Key = { id: number; protocol: string; keyString: string | null; providerRef: string; server: number }

const remnawave = remnawavePanel({ generation: 3, token: 'rw-e2e-token', node: 'is-rw.vpn.example' })
const outline = outlinePanel({ secret: 'b3V0bGluZS1lMmU', host: 'is-ol.vpn.example' })
const wgEasy = wgEasyPanel({ username: 'admin', password: 'wg-e2e-password', endpoint: 'is-wg.vpn.example:51820' })
const softEther = softEtherPanel({ adminPassword: 'se-e2e-password' })
const served: ServedDouble[] = []

// Its own network address: the run's other sign-ins share the browser's, and each address has 30 password sign-ins a
// quarter hour.
const ownAddress = `192.0.2.${210 + (Date.now() % 40)}`
test.use({ extraHTTPHeaders: { 'cache-control': 'no-cache', 'x-forwarded-for': ownAddress } })

test('“rotate now” issues the keys of all six protocols through their servers’ panels, replaces the expired ones there, and the list, files and feed follow', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000)
  const [rw, ol, wg, se] = await Promise.all([remnawave, outline, wgEasy, softEther].map((panel) => serveDouble(panel.handle)))
  served.push(rw!, ol!, wg!, se!)
  const staff = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { ...sameSite, 'x-forwarded-for': ownAddress } })
  expect((await staff.post('/api/users/login', { data: { email: admin.email, password: admin.password } })).status()).toBe(200)
  const country = ((await (await staff.get(`/api/countries?where[code][equals]=${COUNTRY}&limit=1&depth=0`)).json()) as { docs: { id: number }[] }).docs[0]!.id
  const stamp = Date.now()
  const servers: { id: number; name: string }[] = []
  for (const [name, host, adapter, credentials, protocols] of [
    ['remnawave', 'is-rw.vpn.example', 'remnawave', { apiUrl: `${rw!.url}/`, apiToken: 'rw-e2e-token' }, [['vless', 443], ['trojan', 8443]]],
    ['outline', 'is-ol.vpn.example', 'outline', { apiUrl: `${ol!.url}/${outline.secret}` }, [['outline', 9795]]],
    ['wg-easy', 'is-wg.vpn.example', 'wg-easy', { apiUrl: `${wg!.url}/v15`, username: 'admin', password: 'wg-e2e-password' }, [['wireguard', 51820]]],
    ['softether', 'is-se.vpn.example', 'softether', { apiUrl: `${se!.url}/`, adminPassword: 'se-e2e-password', hub: 'VPN' }, [['openvpn', 1194], ['sstp', 443]]],
  ] as const) {
    const created = await staff.post('/api/servers', {
      data: {
        name: `IS-${name}-${stamp}`,
        country,
        hosting: 'Rotation',
        host,
        tier: 'free',
        enabled: true,
        adapter,
        credentials,
        protocols: protocols.map(([protocol, port]) => ({ protocol, port, freeKeys: 1 })),
      },
    })
    expect(created.status(), await created.text()).toBe(201)
    servers.push(((await created.json()) as { doc: { id: number; name: string } }).doc)
  }
  const ours = servers.map((server) => server.id)
  const liveKeys = async (): Promise<Key[]> => {
    const query = `where[server][in]=${ours.join(',')}&where[revokedAt][exists]=false&depth=0&limit=50&sort=protocol`
    return ((await (await staff.get(`/api/keys?${query}`)).json()) as { docs: Key[] }).docs
  }

  try {
    // The editor's button in the Russian admin, as in the servers list.
    await page.goto('/admin')
    await page.getByLabel(/e-?mail/i).fill(admin.email)
    await page.getByLabel(/пароль/i).fill(admin.password)
    await page.getByRole('button', { name: /войти/i }).click()
    await expect(page.getByRole('link', { name: 'Серверы' }).first()).toBeVisible()
    // Each server's form shows the access its panel takes, and only that.
    for (const [index, shown, hidden] of [
      [0, 'apiToken', 'adminPassword'],
      [3, 'adminPassword', 'apiToken'],
    ] as const) {
      await page.goto(`/admin/collections/servers/${servers[index]!.id}`)
      // Payload lays the section's toggle over its title: the click on the title is the toggle's. The section opens as the
      // admin last left it (Payload keeps that in their preferences, which an earlier test may have set): opened only
      // when it is closed, never toggled shut.
      const field = page.locator(`#field-credentials__${shown}`)
      await expect(page.locator('#field-name')).toBeVisible()
      await expect(async () => {
        if (!(await field.isVisible())) await page.getByText('Доступ к серверу (видят и меняют только администраторы)').click({ force: true })
        await expect(field).toBeVisible({ timeout: 2_000 })
      }).toPass({ timeout: 15_000 })
      await expect(field).toHaveValue(index === 0 ? 'rw-e2e-token' : 'se-e2e-password')
      await expect(page.locator(`#field-credentials__${hidden}`)).toHaveCount(0)
    }
    await expect(page.locator('#field-credentials__hub')).toHaveValue('VPN')
    await page.goto('/admin/collections/servers')
    const rotateNow = async (issued: Record<string, number>, revoked: Record<string, number>) => {
      await page.getByRole('button', { name: 'Обновить бесплатные ключи сейчас' }).click()
      const result = page.getByTestId('rotation-result')
      for (const server of servers) {
        const kind = server.name.split('-')[1]!
        const line = result.getByRole('listitem').filter({ hasText: `«${server.name}»` })
        await expect(line).toContainText(issued[kind] === 1 ? 'выдан 1 новый ключ' : `выдано ${issued[kind]} новых ключа`)
        await expect(line).toContainText(revoked[kind] === 0 ? 'истёкших нет' : revoked[kind] === 1 ? 'отозван 1 истёкший' : `отозвано ${revoked[kind]} истёкших`)
      }
    }

    await rotateNow({ remnawave: 2, outline: 1, wg: 1, softether: 2 }, { remnawave: 0, outline: 0, wg: 0, softether: 0 })
    const first = await liveKeys()
    expect(first.map((key) => key.protocol).sort()).toEqual([...PROTOCOLS].sort())
    // Each key is what its panel holds now.
    expect(remnawave.users).toHaveLength(2)
    expect(outline.keys.size).toBe(1)
    expect(wgEasy.clients).toHaveLength(1)
    expect(softEther.users.size).toBe(2)
    await expectListed(page, first)

    // A day later, as far as the keys know: every one has expired. The next run replaces them all on the panels.
    const past = new Date(Date.now() - 60_000).toISOString()
    for (const key of first) expect((await staff.patch(`/api/keys/${key.id}`, { data: { expiresAt: past } })).status()).toBe(200)
    await page.goto('/admin/collections/servers')
    await rotateNow({ remnawave: 2, outline: 1, wg: 1, softether: 2 }, { remnawave: 2, outline: 1, wg: 1, softether: 2 })
    const second = await liveKeys()
    expect(second.map((key) => key.protocol).sort()).toEqual([...PROTOCOLS].sort())
    expect(second.map((key) => key.providerRef)).not.toContain(first[0]!.providerRef)
    for (const key of second) expect(first.map((old) => old.providerRef), key.protocol).not.toContain(key.providerRef)
    // On the panels only the new keys remain.
    expect(remnawave.users.map((user) => `3:${user.id}`).sort()).toEqual(second.filter((key) => key.server === servers[0]!.id).map((key) => key.providerRef).sort())
    expect([...outline.keys.keys()]).toEqual(second.filter((key) => key.protocol === 'outline').map((key) => key.providerRef))
    expect(wgEasy.clients.map((client) => `15:${client.id}`)).toEqual(second.filter((key) => key.protocol === 'wireguard').map((key) => key.providerRef))
    expect([...softEther.users].map((user) => `VPN:${user}`).sort()).toEqual(second.filter((key) => key.server === servers[3]!.id).map((key) => key.providerRef).sort())
    await expectListed(page, second, first)
  } finally {
    for (const key of await liveKeys()) await staff.delete(`/api/keys/${key.id}`)
    for (const server of servers) await staff.delete(`/api/servers/${server.id}`)
    await staff.dispose()
  }
})

test.afterAll(async () => {
  await Promise.all(served.map((double) => double.close()))
})

/**
 * The country's list shows exactly these keys (none of `gone`), each file downloads as issued, and the country's feed
 * carries the share links, all as a visitor gets them once the caches follow.
 */
async function expectListed(page: Page, keys: Key[], gone: Key[] = []): Promise<void> {
  const request: APIRequestContext = page.request
  await expect(async () => {
    await page.goto(`/${COUNTRY}`)
    const shown = await page.getByTestId('key-table').locator('tbody tr').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-key-id'))))
    expect(shown.sort()).toEqual(keys.map((key) => key.id).sort())
  }).toPass({ timeout: 20_000 })
  for (const key of keys.filter((candidate) => ['wireguard', 'openvpn', 'sstp'].includes(candidate.protocol))) {
    const file = await request.get(`/api/key-details/${key.id}/download`)
    expect(file.status(), key.protocol).toBe(200)
    const text = await file.text()
    if (key.protocol === 'wireguard') expect(text).toContain('Endpoint = is-wg.vpn.example:51820')
    if (key.protocol === 'openvpn') expect(text).toMatch(/^remote is-se\.vpn\.example 1194\r?$/m)
    if (key.protocol === 'sstp') expect(text).toContain('is-se.vpn.example')
  }
  const links = keys.filter((key) => key.keyString).map((key) => key.keyString!)
  expect(links).toHaveLength(3)
  await expect(async () => {
    const feed = await request.get(`/api/feed/${COUNTRY}/base64`, { headers: { 'user-agent': 'v2rayNG/1.9.16', 'cache-control': 'no-cache' } })
    const listed = Buffer.from(await feed.text(), 'base64').toString('utf8').split('\n')
    for (const link of links) expect(listed).toContain(link)
    for (const old of gone) if (old.keyString) expect(listed).not.toContain(old.keyString)
  }).toPass({ timeout: 20_000 })
}
