// The bulk key import as an editor uses it (over the admin's API), and the imported keys on the public site.
import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'

import { revalidateToken } from '../../src/lib/data/revalidateToken'
import { siteDir } from '../helpers/e2ePorts'

import { expect, test } from './test'

const sameSite = { 'sec-fetch-site': 'same-origin' }

test('an editor imports links into a manual server; visitors see the keys; nobody else may import', async ({ playwright, baseURL, page }) => {
  const anonymous = await playwright.request.newContext({ baseURL })
  const refused = await anonymous.post('/api/keys/import', { headers: sameSite, data: { server: 1, text: 'x' } })
  expect(refused.status()).toBe(403)

  const editor = await playwright.request.newContext({ baseURL })
  const login = await editor.post('/api/users/login', { headers: sameSite, data: { email: 'editor@example.com', password: 'demo-editor-2026' } })
  expect(login.status()).toBe(200)
  const country = (await (await editor.get('/api/countries?where[code][equals]=ie&limit=1', { headers: sameSite })).json()) as { docs: { id: number }[] }
  const created = await editor.post('/api/servers', {
    headers: sameSite,
    data: { name: `IE-manual-${Date.now()}`, country: country.docs[0]!.id, hosting: 'Hetzner', host: '203.0.113.20', tier: 'free', enabled: true, adapter: 'manual', protocols: [{ protocol: 'vless', port: 443, freeKeys: 0 }] },
  })
  expect(created.status()).toBe(201)
  const server = ((await created.json()) as { doc: { id: number } }).doc
  // A new key each run: the same key already on the site would be refused as a duplicate.
  const link = `vless://${randomUUID()}@203.0.113.20:443?encryption=none&security=tls&sni=example.com&type=tcp#IE`
  const imported = await editor.post('/api/keys/import', { headers: sameSite, data: { server: server.id, text: `${link}\nnot a key`, expiresInHours: 24 } })
  expect(imported.status()).toBe(200)
  expect(await imported.json()).toEqual({ created: 1, rejected: [{ source: '2: not a key', reason: 'это не ссылка ключа' }] })

  // An import past its bounds gets one short answer in the editor's language, and nothing is imported.
  const tooLarge = 'Импорт слишком большой (больше 4 МБ, миллиона символов ссылок или 500 файлов): разделите его на несколько частей'
  // Past 4 MB nginx answers before the app (which reads no further than that either: src/lib/http/boundedBody.ts).
  const overBody = await editor.post('/api/keys/import', { headers: sameSite, data: { server: server.id, text: 'x'.repeat(4 * 1024 * 1024) } })
  expect(overBody.status()).toBe(413)
  const overText = await editor.post('/api/keys/import', { headers: sameSite, data: { server: server.id, text: `${link}\n`.repeat(9000) } })
  expect([overText.status(), await overText.json()]).toEqual([413, { error: tooLarge }])
  const manyFiles = Array.from({ length: 501 }, (_, index) => ({ name: `wg${index}.conf`, content: '[Interface]' }))
  const overFiles = await editor.post('/api/keys/import', { headers: sameSite, data: { server: server.id, files: manyFiles } })
  expect([overFiles.status(), await overFiles.json()]).toEqual([413, { error: tooLarge }])
  // Half a million lines within the bounds: 500 answers and one for the rest, not one per line.
  const lines = await editor.post('/api/keys/import', { headers: sameSite, data: { server: server.id, text: 'x\n'.repeat(499_999) } })
  const report = (await lines.json()) as { created: number; rejected: { source: string; reason: string }[] }
  expect([lines.status(), report.created, report.rejected.length]).toEqual([200, 0, 501])
  expect(report.rejected.at(-1)!.source).toBe('501–499999: 499499')

  // The public list of the country shows it (pages revalidate when keys change).
  await expect(async () => {
    await page.goto('/en/vless-ie')
    await expect(page.getByTestId('key-table')).toContainText('Hetzner')
  }).toPass({ timeout: 15_000 })
  await anonymous.dispose()
  await editor.dispose()
})

test('the internal revalidation route refuses requests without the server’s token', async ({ playwright, baseURL }) => {
  const outsider = await playwright.request.newContext({ baseURL })
  expect((await outsider.post('/api/internal/revalidate')).status()).toBe(403)
  expect((await outsider.post('/api/internal/revalidate', { headers: { 'x-revalidate-token': 'guess' } })).status()).toBe(403)
  // With the token the server's own jobs derive from its secret, it revalidates.
  const secret = (await readFile(path.join(siteDir(baseURL!), 'payload-secret'), 'utf8')).trim()
  expect((await outsider.post('/api/internal/revalidate', { headers: { 'x-revalidate-token': revalidateToken(secret) } })).status()).toBe(204)
  await outsider.dispose()
})

test('an editor runs the free-key rotation now; visitors cannot; the table says how each server was last checked', async ({ playwright, baseURL, page }) => {
  const anonymous = await playwright.request.newContext({ baseURL })
  expect((await anonymous.post('/api/servers/rotate', { headers: sameSite })).status()).toBe(403)
  const editor = await playwright.request.newContext({ baseURL })
  await editor.post('/api/users/login', { headers: sameSite, data: { email: 'editor@example.com', password: 'demo-editor-2026' } })
  // The site's own hourly rotation (at five past) may hold the rotation's lock just then: the answer says it did not
  // run (the button says a rotation is under way), and pressed again once that one is done, it runs (clone 97, 08:05).
  await expect
    .poll(async () => {
      const first = await editor.post('/api/servers/rotate', { headers: sameSite })
      expect(first.status()).toBe(200)
      return first.json()
    }, { timeout: 60_000 })
    .toMatchObject({ ran: true, failures: [] })
  // Straight away again: nothing left to do.
  expect(await (await editor.post('/api/servers/rotate', { headers: sameSite })).json()).toMatchObject({ ran: true, issued: 0 })

  await page.goto('/en/vless-de')
  await expect(page.getByTestId('key-health').first()).toHaveText(/^● (Working|Not checked yet)/)
  await page.getByTestId('key-table').locator('tbody tr').first().getByRole('link', { name: 'Read more' }).click()
  await expect(page.getByRole('dialog').getByTestId('key-health')).toBeVisible()
  await anonymous.dispose()
  await editor.dispose()
})
