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
