// An editor's change reaches the cached public pages on the next load.
import { existsSync } from 'node:fs'
import path from 'node:path'

import { DEMO_ACCOUNTS } from '../../src/seed/accounts'
import { RU } from './helpers'
import { expect, test } from './test'

test('changing a server in the admin API updates the cached country page at once', async ({ request }) => {
  const editor = DEMO_ACCOUNTS.find((account) => account.role === 'editor')!
  const warm = await request.get('/fi', { headers: RU })
  expect(await warm.text()).not.toContain('Editor Hosting')
  await request.get('/fi', { headers: RU })

  const login = await request.post('/api/users/login', { data: { email: editor.email, password: editor.password } })
  expect(login.ok()).toBe(true)
  const headers = { Authorization: `JWT ${((await login.json()) as { token: string }).token}` }
  const servers = await request.get('/api/servers?where[name][equals]=FI-free-03&depth=0', { headers })
  const server = ((await servers.json()) as { docs: { id: number; hosting: string }[] }).docs[0]!
  const update = await request.patch(`/api/servers/${server.id}`, { headers, data: { hosting: 'Editor Hosting' } })
  expect(update.status(), await update.text()).toBe(200)

  try {
    const fresh = await request.get('/fi', { headers: RU })
    expect(await fresh.text()).toContain('Editor Hosting')
  } finally {
    await request.patch(`/api/servers/${server.id}`, { headers, data: { hosting: server.hosting } })
  }
})

test('rendered pages are cached in memory, so made-up URLs leave nothing on disk', async ({ request }) => {
  for (const url of ['/keys/987654321', '/vless-qq?show=490', '/vless-de']) {
    await request.get(url, { headers: RU })
    const again = await request.get(url, { headers: RU })
    expect(again.headers()['x-nextjs-cache'], url).toBe('HIT')
  }
  // Where Next.js would write them with `experimental.isrFlushToDisk` on (its default).
  expect(existsSync(path.join(process.cwd(), '.next', 'server', 'route-cache'))).toBe(false)
})

test('an editor’s change to a client app reaches the list pages’ feed box in each language at once', async ({ request }) => {
  const editor = DEMO_ACCOUNTS.find((account) => account.role === 'editor')!
  const login = await request.post('/api/users/login', { data: { email: editor.email, password: editor.password } })
  const headers = { Authorization: `JWT ${((await login.json()) as { token: string }).token}` }
  await request.get('/vless', { headers: RU })
  const found = (await (await request.get('/api/client-apps?where[name][equals]=v2rayNG&depth=0&locale=ru', { headers })).json()) as { docs: { id: number; note: string | null }[] }
  const app = found.docs[0]!
  expect((await request.patch(`/api/client-apps/${app.id}?locale=ru`, { headers, data: { note: 'Проверено редактором' } })).status()).toBe(200)
  expect((await request.patch(`/api/client-apps/${app.id}?locale=en`, { headers, data: { note: 'Checked by an editor' } })).status()).toBe(200)
  try {
    expect(await (await request.get('/vless', { headers: RU })).text()).toContain('Проверено редактором')
    expect(await (await request.get('/en/vless', { headers: RU })).text()).toContain('Checked by an editor')
  } finally {
    await request.patch(`/api/client-apps/${app.id}?locale=ru`, { headers, data: { note: app.note } })
    await request.patch(`/api/client-apps/${app.id}?locale=en`, { headers, data: { note: null } })
  }
})
