// Two app instances on one database and one Redis (tests/helpers/e2eCluster.ts), as production runs when it
// outgrows one process: what one instance changes, the other shows at once.
import { readFileSync } from 'node:fs'
import path from 'node:path'

import { expect, test } from '@playwright/test'
import { Client } from 'pg'
import type { APIRequestContext } from '@playwright/test'

import { DEMO_ACCOUNTS } from '../../src/seed/accounts'

import { RU } from './helpers'
import { latestMailTo, linkFromMail } from './mail'

const editor = DEMO_ACCOUNTS.find((account) => account.role === 'editor')!

function cluster(): { instances: [string, string]; databaseUrl: string } {
  return JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../.test/cluster.json'), 'utf8')) as { instances: [string, string]; databaseUrl: string }
}

const instances = () => cluster().instances

async function editorAuth(request: APIRequestContext, instance: string): Promise<Record<string, string>> {
  const login = await request.post(`${instance}/api/users/login`, { data: { email: editor.email, password: editor.password } })
  expect(login.status()).toBe(200)
  return { Authorization: `JWT ${((await login.json()) as { token: string }).token}` }
}

test('a price an editor changes through one instance is on the other’s plans page within a second', async ({ request }) => {
  const [a, b] = instances()
  const auth = await editorAuth(request, a)
  const plans = (await (await request.get(`${a}/api/tariffs?where[months][equals]=3&depth=0`, { headers: auth })).json()) as { docs: { id: number; priceKopecks: number }[] }
  const plan = plans.docs[0]!
  // B has rendered and cached the page (served from its cache the second time).
  await request.get(`${b}/tariffs`, { headers: RU })
  expect((await request.get(`${b}/tariffs`, { headers: RU })).headers()['x-nextjs-cache']).toBe('HIT')
  expect((await request.patch(`${a}/api/tariffs/${plan.id}`, { headers: auth, data: { price: '777' } })).status()).toBe(200)
  try {
    const started = Date.now()
    await expect(async () => expect(await (await request.get(`${b}/tariffs`, { headers: RU })).text()).toMatch(/777\s₽/)).toPass({ timeout: 1_000, intervals: [100] })
    expect(Date.now() - started).toBeLessThan(1_000)
  } finally {
    await request.patch(`${a}/api/tariffs/${plan.id}`, { headers: auth, data: { price: String(plan.priceKopecks / 100) } })
  }
})

test('a key taken off the list through one instance leaves the other’s list and feed', async ({ request }) => {
  const [a, b] = instances()
  const auth = await editorAuth(request, a)
  const page = await (await request.get(`${b}/vless-nl`, { headers: RU })).text()
  const id = /data-key-id="(\d+)"/.exec(page)?.[1]
  expect(id).toBeTruthy()
  const { keyString } = (await (await request.get(`${a}/api/keys/${id}?depth=0`, { headers: auth })).json()) as { keyString: string }
  const feed = async () => Buffer.from(await (await request.get(`${b}/api/feed/vless-nl/base64`)).text(), 'base64').toString('utf8')
  expect(await feed()).toContain(keyString)
  expect((await request.patch(`${a}/api/keys/${id}`, { headers: auth, data: { revokedAt: new Date().toISOString() } })).status()).toBe(200)
  await expect(async () => {
    expect(await (await request.get(`${b}/vless-nl`, { headers: RU })).text()).not.toContain(`data-key-id="${id}"`)
    expect(await feed()).not.toContain(keyString)
  }).toPass({ timeout: 1_000, intervals: [100] })
})

test('a key changed through one instance re-renders the key lists, while the plans page stays cached on the other', async ({ request }) => {
  const [a, b] = instances()
  const auth = await editorAuth(request, a)
  await request.get(`${b}/tariffs`, { headers: RU })
  expect((await request.get(`${b}/tariffs`, { headers: RU })).headers()['x-nextjs-cache']).toBe('HIT')
  const id = /data-key-id="(\d+)"/.exec(await (await request.get(`${b}/outline-nl`, { headers: RU })).text())?.[1]
  expect(id).toBeTruthy()
  expect((await request.patch(`${a}/api/keys/${id}`, { headers: auth, data: { revokedAt: new Date().toISOString() } })).status()).toBe(200)
  try {
    await expect(async () => expect(await (await request.get(`${b}/outline-nl`, { headers: RU })).text()).not.toContain(`data-key-id="${id}"`)).toPass({ timeout: 1_000, intervals: [100] })
    // Keys feed only the lists, key pages and feeds: the plans are not rendered again.
    expect((await request.get(`${b}/tariffs`, { headers: RU })).headers()['x-nextjs-cache']).toBe('HIT')
  } finally {
    await request.patch(`${a}/api/keys/${id}`, { headers: auth, data: { revokedAt: null } })
  }
})

test('a login link asked for through one instance signs in through the other, and the session holds on both', async ({ request }) => {
  const [a, b] = instances()
  const email = `cluster${Date.now()}@mail.example.com`
  expect((await request.post(`${a}/api/auth/request-link`, { form: { email, purpose: 'register', locale: 'ru' }, maxRedirects: 0 })).status()).toBe(303)
  const link = new URL(linkFromMail(await latestMailTo(email)))
  const token = link.pathname.split('/').pop()!
  const confirmed = await request.post(`${b}/api/auth/confirm`, { form: { code: token, locale: 'ru' }, maxRedirects: 0 })
  expect(confirmed.status()).toBe(303)
  for (const instance of [a, b]) {
    const me = (await (await request.get(`${instance}/api/users/me`, { headers: { 'sec-fetch-site': 'same-origin' } })).json()) as { user: { email: string } | null }
    expect(me.user?.email, instance).toBe(email)
  }
})

test('the scheduled rotation and health check are queued once, by one of the two instances', async () => {
  // The instances' first minute tick may still be coming.
  test.setTimeout(100_000)
  // Payload's job queue is not readable over its API: asked of the database the two instances share.
  const client = new Client({ connectionString: cluster().databaseUrl })
  await client.connect()
  try {
    // Both instances tick every minute; only the holder of the runner lock queues and runs.
    await expect(async () => {
      const { rows } = await client.query(
        "SELECT task_slug AS task, count(*)::int AS queued FROM payload_jobs WHERE completed_at IS NULL AND task_slug IN ('rotateFreeKeys', 'checkServerHealth') GROUP BY task_slug ORDER BY task_slug::text",
      )
      expect(rows).toEqual([
        { task: 'checkServerHealth', queued: 1 },
        { task: 'rotateFreeKeys', queued: 1 },
      ])
    }).toPass({ timeout: 70_000, intervals: [2_000] })
  } finally {
    await client.end()
  }
})
