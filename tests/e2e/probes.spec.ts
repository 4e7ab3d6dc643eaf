// Probes from the admin's side, through nginx: an admin registers a probe, issues its token (shown once, with the
// command to run), and the token works on the probe API through the site's public address; a new token stops it.
import { probeTokenHash } from '../../src/lib/probes/token'
import { DEMO_ACCOUNTS } from '../../src/seed/accounts'
import { expect, test } from './test'

const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!

test('an admin registers a probe and issues its token, shown once with the command; the token opens the probe API, a new one closes it', async ({ page, playwright, baseURL }) => {
  const address = { 'x-forwarded-for': '192.0.2.231' }
  await page.setExtraHTTPHeaders({ 'cache-control': 'no-cache', ...address })
  expect((await page.request.post('/api/users/login', { headers: { 'sec-fetch-site': 'same-origin', ...address }, data: { email: admin.email, password: admin.password } })).status()).toBe(200)
  await page.goto('/admin/collections/probes/create')
  await expect(page.getByText('Сохраните пробу, чтобы выдать ей токен.')).toBeVisible()
  await page.getByLabel('Название').fill(`Москва, МТС ${Date.now()}`)
  await page.getByLabel('Сеть').fill('МТС, мобильный')
  await page.getByRole('button', { name: 'Сохранить' }).click()
  await expect(page.getByText('Токен ещё не выдан: проба не сможет отчитываться.')).toBeVisible()
  await page.getByRole('button', { name: 'Выдать токен' }).click()
  const command = page.getByTestId('probe-command')
  await expect(command).toContainText(`npm run probe -- --site ${baseURL} --token vkp_`)
  const token = /--token (vkp_[\w-]{43})/.exec((await command.textContent()) ?? '')![1]!

  const probe = await playwright.request.newContext({ baseURL })
  const ask = () => probe.post('/api/probe/assignments?protocols=vless', { headers: { authorization: `Bearer ${token}` } })
  const answer = await ask()
  expect(answer.status()).toBe(200)
  expect(await answer.json()).toMatchObject({ probe: { network: 'МТС, мобильный', country: 'ru' }, keys: expect.any(Array) })
  // Its report through the same address: a key not lent to it counts for nothing.
  const report = await probe.post('/api/probe/reports', { headers: { authorization: `Bearer ${token}` }, data: { results: [{ key: 1, ok: false, stage: 'tcp' }] } })
  expect(report.status()).toBe(200)
  expect(await report.json()).toEqual({ accepted: 0, ignored: 1 })

  // Nobody reads or writes the token's hash over REST or GraphQL, the admin included; what the probe checks is its own word.
  const id = /\/probes\/(\d+)/.exec(page.url())![1]
  const hash = probeTokenHash(token)
  const sameSite = { 'sec-fetch-site': 'same-origin', ...address }
  const read = await page.request.get(`/api/probes/${id}`, { headers: sameSite })
  expect(await read.json()).toMatchObject({ id: Number(id), checks: 'vless' })
  expect(await read.text()).not.toContain(hash)
  const graphql = await page.request.post('/api/graphql', { headers: sameSite, data: { query: `{ Probe(id: ${id}) { tokenHash checks } }` } })
  expect(await graphql.text()).not.toContain(hash)
  const forged = await page.request.patch(`/api/probes/${id}`, { headers: sameSite, data: { tokenHash: probeTokenHash('vkp_chosen'), checks: 'wireguard' } })
  expect(forged.status()).toBe(200)
  expect(await (await page.request.get(`/api/probes/${id}`, { headers: sameSite })).json()).toMatchObject({ checks: 'vless' })
  await page.request.post('/api/graphql', { headers: sameSite, data: { query: `mutation { updateProbe(id: ${id}, data: { tokenHash: "forged" }) { id } }` } })
  expect((await ask()).status()).toBe(200)

  // A new token (after the question) stops the old one.
  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByRole('button', { name: 'Выдать новый токен (старый перестанет работать)' }).click()
  await expect(command).not.toContainText(token)
  expect((await ask()).status()).toBe(401)
  await probe.dispose()
  // Revoked, it is not a probe gone silent for the site's alerts.
  expect((await page.request.patch(`/api/probes/${id}`, { headers: { 'sec-fetch-site': 'same-origin' }, data: { revokedAt: new Date().toISOString() } })).status()).toBe(200)
})

test('a visitor on a network the probes check sees the keys proven there marked, from the same cached page as everyone; another network’s visitor sees none', async ({ browser, playwright, baseURL }) => {
  const staffAddress = { 'x-forwarded-for': '198.51.100.61' }
  const staff = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'sec-fetch-site': 'same-origin', ...staffAddress } })
  expect((await staff.post('/api/users/login', { data: { email: admin.email, password: admin.password } })).status()).toBe(200)
  const country = ((await (await staff.get('/api/countries?where[code][equals]=fi&limit=1&depth=0')).json()) as { docs: { id: number }[] }).docs[0]!.id
  const stamp = Date.now()
  const server = ((await (await staff.post('/api/servers', { data: { name: `FI-asn-${stamp}`, country, hosting: 'ASN', host: '203.0.113.50', tier: 'free', enabled: true, adapter: 'manual', protocols: [{ protocol: 'vless', port: 443, freeKeys: 0 }] } })).json()) as { doc: { id: number } }).doc
  const key = ((await (await staff.post('/api/keys', { data: { server: server.id, protocol: 'vless', tier: 'free', keyString: `vless://3f1e2d3c-2222-4333-8444-${String(stamp).slice(-12)}@203.0.113.50:443?security=tls#asn` } })).json()) as { doc: { id: number } }).doc
  const probeDoc = ((await (await staff.post('/api/probes', { data: { name: `ASN ${stamp}`, country: 'ru', network: 'Тест, мобильный', asns: '64500' } })).json()) as { doc: { id: number } }).doc
  const { token } = (await (await staff.post(`/api/probes/${probeDoc.id}/token`)).json()) as { token: string }
  const probe = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } })
  try {
    // The probe on that network finds the key working.
    await expect(async () => {
      const lent = ((await (await probe.post('/api/probe/assignments?protocols=vless')).json()) as { keys: { key: number }[] }).keys.map((entry) => entry.key)
      expect(lent).toContain(key.id)
    }).toPass({ timeout: 15_000 })
    expect(await (await probe.post('/api/probe/reports', { data: { results: [{ key: key.id, ok: true, latencyMs: 90 }] } })).json()).toEqual({ accepted: 1, ignored: 0 })

    // A visitor whose address is in that network's AS (192.0.2.0/25 is AS64500 in the test database) sees it marked.
    const onNetwork = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '192.0.2.77', 'cache-control': 'no-cache' } })
    const page = await onNetwork.newPage()
    await page.goto('/vless-fi')
    const row = page.locator(`tr[data-key-id="${key.id}"]`)
    await expect(row.getByTestId('key-reach')).toContainText('Работает из России: Тест, мобильный')
    await expect(row.getByTestId('your-network-key')).toHaveText('★ у вашего оператора')
    await expect(page.getByTestId('your-network')).toContainText('Ваш оператор: Тест, мобильный.')
    await expect(page.getByTestId('your-network').getByRole('link', { name: 'DB-IP' })).toHaveAttribute('href', 'https://db-ip.com')
    await onNetwork.close()
    // Another network's visitor, on the same page: nothing marked.
    // The page as nginx keeps it (the first visitor's request refreshed it): the mark is the island's, not the page's.
    const elsewhere = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.77' } })
    const other = await elsewhere.newPage()
    const answer = other.waitForResponse((response) => response.url().endsWith('/api/network'))
    await other.goto('/vless-fi')
    expect(await (await answer).json()).toEqual({ network: null })
    await expect(other.locator(`tr[data-key-id="${key.id}"]`).getByTestId('key-reach')).toBeVisible()
    await expect(other.getByTestId('your-network-key')).toHaveCount(0)
    await elsewhere.close()
  } finally {
    await probe.dispose()
    await staff.delete(`/api/keys/${key.id}`)
    await staff.delete(`/api/servers/${server.id}`)
    await staff.patch(`/api/probes/${probeDoc.id}`, { data: { revokedAt: new Date().toISOString() } })
    await staff.dispose()
  }
})
