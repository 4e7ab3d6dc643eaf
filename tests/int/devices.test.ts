// Device limits as the apps speak them (x-hwid): polls of a subscriber's URL through the site's own server (the way
// apps reach it in production) and the Next.js route, against the real PostgreSQL; the subscription bought on the
// Stripe double.
import type { Server, ServerResponse } from 'node:http'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { LOCKS } from '@/lib/db/locks'
import { isNoticeLink } from '@/lib/feeds/notice'
import { parseShareLink } from '@/lib/keys'

import * as billing from '../helpers/billing'
import type { BillingWorld } from '../helpers/billing'
import { readFeedBody } from '../helpers/feedBody'

let world: BillingWorld
let server: Server
let base: string

beforeAll(async () => {
  world = await billing.startBillingWorld()
  const { createServer } = await import('node:http')
  const { subscriptionFastPath } = await import('@/server/subscriptionFastPath')
  const { env } = await import('@/lib/env')
  const toRoute = (_request: unknown, response: ServerResponse) => void response.writeHead(599).end()
  const answerPoll = subscriptionFastPath(process.env.DATABASE_URL!, env().hosts, toRoute)
  server = createServer((request, response) => {
    if (!answerPoll(request, response)) toRoute(request, response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})

afterAll(async () => {
  server.close()
  await world.close()
})

async function cookieFor(userId: number): Promise<string> {
  const { startSession } = await import('@/lib/auth/session')
  return (await startSession(world.payload, userId)).split(';')[0]!
}

function post(path: string, cookie: string, fields: Record<string, string> = {}): Request {
  const form = new FormData()
  for (const [key, value] of Object.entries({ locale: 'ru', ...fields })) form.set(key, value)
  return new Request(`http://localhost${path}`, { method: 'POST', body: form, headers: { cookie, 'sec-fetch-site': 'same-origin' } })
}

/** A subscriber with one VIP key, and the path of their subscription URL. */
async function subscriberWithKey() {
  const { user } = await billing.subscriber(world)
  const cookie = await cookieFor(user.id)
  const { POST } = await import('@/app/api/vip/keys/route')
  const created = await POST(post('/api/vip/keys', cookie, { device: 'Phone', target: `${await billing.vipServerId(world, 'vless')}:vless` }))
  expect(new URL(created.headers.get('location')!).searchParams.get('created')).toMatch(/^\d+$/)
  const { personalFeedPath } = await import('@/lib/feeds/personalUrl')
  return { user, cookie, path: await personalFeedPath(world.payload, user.id) }
}

// What Happ sends with each poll (its HWID is a UUID-like string).
const happ = (index: number) => ({
  'user-agent': 'Happ/3.4.1',
  'x-hwid': `9f2c41d0-5a6b-4c3d-8e1f-${String(index).padStart(12, '0')}`,
  'x-device-os': 'Android',
  'x-ver-os': '14',
  'x-device-model': `Pixel ${index}`,
})

type Poll = { status: number; links: string[]; notice: string | null; headers: Headers }

/** An answer's keys, and the notice it serves in their place (notice.ts), if any. */
function answerOf(status: number, body: string, headers: Headers): Poll {
  const entries = readFeedBody(body).links
  const notices = entries.filter(isNoticeLink)
  const name = notices[0] && parseShareLink(notices[0])
  return { status, links: entries.filter((link) => !isNoticeLink(link)), notice: name && name.ok ? (name.value.name ?? null) : null, headers }
}

async function poll(path: string, headers: Record<string, string>): Promise<Poll> {
  const response = await fetch(`${base}${path}`, { headers })
  return answerOf(response.status, await response.text(), response.headers)
}

async function devicesOf(userId: number) {
  return (await world.payload.find({ collection: 'devices', where: { user: { equals: userId } }, sort: 'createdAt', pagination: false, depth: 0 })).docs
}

describe('device limit by HWID', () => {
  it('counts each app by its HWID: an 11th phone on a shared link gets no keys and is told why, the ten keep theirs; removing one frees its place', async () => {
    const { user, cookie, path } = await subscriberWithKey()
    for (let index = 1; index <= 10; index += 1) {
      const answer = await poll(path, happ(index))
      expect(answer.status).toBe(200)
      expect(answer.links).toHaveLength(1)
      expect(answer.headers.get('x-hwid-active')).toBe('true')
      expect(answer.headers.get('x-hwid-limit')).toBe('10')
      expect(answer.headers.get('x-hwid-max-devices-reached')).toBeNull()
    }
    const eleventh = await poll(path, happ(11))
    expect(eleventh.status).toBe(200)
    // No keys: one entry in their place that says why, for apps that read no headers (v2rayNG).
    expect(eleventh.links).toEqual([])
    expect(eleventh.notice).toBe('Лимит устройств: освободите место в «Моих серверах»')
    expect(eleventh.headers.get('x-hwid-max-devices-reached')).toBe('true')
    expect(eleventh.headers.get('x-hwid-limit')).toBe('10')
    const announce = Buffer.from(eleventh.headers.get('announce')!.replace(/^base64:/, ''), 'base64').toString('utf8')
    expect(announce).toContain('10 устройств')
    expect(announce).toContain('/profile/servers')
    expect(announce.length).toBeLessThanOrEqual(200)
    // The Next.js route answers the same.
    const { GET } = await import('@/app/api/subscription/[user]/[token]/[[...format]]/route')
    const [, , , userPart, token] = path.split('/')
    const viaRoute = await GET(new Request(`http://localhost${path}`, { headers: happ(11) }), { params: Promise.resolve({ user: userPart!, token: token!, format: [] }) })
    expect(viaRoute.headers.get('x-hwid-max-devices-reached')).toBe('true')
    const routeAnswer = answerOf(viaRoute.status, await viaRoute.text(), viaRoute.headers)
    expect([routeAnswer.links, routeAnswer.notice]).toEqual([[], eleventh.notice])
    // The subscriber hears of it (here by e-mail: no Telegram linked), once that day however often phones are refused.
    const { noticeDeviceLimits } = await import('@/lib/vip/deviceLimitNotices')
    const { sqlPool } = await import('@/lib/db/pool')
    const noted = async () => (await sqlPool(world.payload).query('SELECT noticed_at FROM device_limit_reached WHERE user_id = $1', [user.id])).rows as { noticed_at: Date | null }[]
    expect(await noted()).toEqual([{ noticed_at: null }])
    await noticeDeviceLimits(world.payload)
    const notice = await world.smtp.latestTo(user.email)
    expect(notice.subject).toBe('VIP-подписка на сайте VPN ключи: все места для устройств заняты')
    expect(notice.text).toContain('на подписке уже 10 устройств, больше нельзя')
    expect(notice.text).toContain('/profile/servers')
    expect((await noted())[0]!.noticed_at).toBeInstanceOf(Date)
    const mails = world.smtp.messages.filter((mail) => mail.to.includes(user.email)).length
    await poll(path, happ(12))
    await noticeDeviceLimits(world.payload)
    expect(await noted()).toHaveLength(1)
    expect(world.smtp.messages.filter((mail) => mail.to.includes(user.email)).length).toBe(mails)
    // Devices already counted keep working; apps that send no HWID (or no usable one) are served as before.
    expect((await poll(path, happ(1))).links).toHaveLength(1)
    const withoutUsableHwid: Record<string, string>[] = [
      { 'user-agent': 'v2rayNG/1.9.16' },
      { 'user-agent': 'Happ/3.4.1', 'x-hwid': 'x' },
      { 'user-agent': 'Happ/3.4.1', 'x-hwid': 'a'.repeat(65) },
      { 'user-agent': 'Happ/3.4.1', 'x-hwid': 'abc def ghi' },
    ]
    for (const headers of withoutUsableHwid) {
      const answer = await poll(path, headers)
      expect(answer.links, JSON.stringify(headers)).toHaveLength(1)
      expect(answer.headers.get('x-hwid-active')).toBeNull()
    }
    const devices = await devicesOf(user.id)
    expect(devices).toHaveLength(10)
    expect(devices[0]).toMatchObject({ model: 'Pixel 1', os: 'Android', osVersion: '14', userAgent: 'Happ/3.4.1', hwid: happ(1)['x-hwid'] })

    // Nobody else removes them: another subscriber's request changes nothing.
    const stranger = await billing.subscriber(world)
    const { POST } = await import('@/app/api/vip/devices/[id]/remove/route')
    const refused = await POST(post(`/api/vip/devices/${devices[2]!.id}/remove`, await cookieFor(stranger.user.id)), { params: Promise.resolve({ id: String(devices[2]!.id) }) })
    expect(new URL(refused.headers.get('location')!).searchParams.get('error')).toBe('deviceNotFound')
    expect(await devicesOf(user.id)).toHaveLength(10)
    // Nor a cross-site form.
    const crossSite = post(`/api/vip/devices/${devices[2]!.id}/remove`, cookie)
    crossSite.headers.set('sec-fetch-site', 'cross-site')
    expect((await POST(crossSite, { params: Promise.resolve({ id: String(devices[2]!.id) }) })).status).toBe(403)
    expect(await devicesOf(user.id)).toHaveLength(10)

    const removed = await POST(post(`/api/vip/devices/${devices[2]!.id}/remove`, cookie), { params: Promise.resolve({ id: String(devices[2]!.id) }) })
    expect(new URL(removed.headers.get('location')!).searchParams.get('deviceRemoved')).toBe('1')
    const admitted = await poll(path, happ(11))
    expect(admitted.links).toHaveLength(1)
    expect(admitted.headers.get('x-hwid-max-devices-reached')).toBeNull()
    // The removed phone is now the one past the limit.
    expect((await poll(path, happ(3))).headers.get('x-hwid-max-devices-reached')).toBe('true')
  })

  it('never lets more new phones in than there are places, however many poll at once, on any instance', async () => {
    const { user, path } = await subscriberWithKey()
    // Through the site's server and the Next.js route at once: two pools, as two instances would be.
    const { GET } = await import('@/app/api/subscription/[user]/[token]/[[...format]]/route')
    const [, , , userPart, token] = path.split('/')
    const viaRoute = async (index: number) => {
      const response = await GET(new Request(`http://localhost${path}`, { headers: happ(index) }), { params: Promise.resolve({ user: userPart!, token: token!, format: [] }) })
      return answerOf(response.status, await response.text(), response.headers)
    }
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? poll(path, happ(100 + index)) : viaRoute(100 + index))))
    expect(answers.filter((answer) => answer.links.length === 1)).toHaveLength(10)
    expect(answers.filter((answer) => answer.headers.get('x-hwid-max-devices-reached') === 'true')).toHaveLength(10)
    expect(await devicesOf(user.id)).toHaveLength(10)
  })

  it('counts a device in under a lock: twenty first polls read before any was counted still take ten places', async () => {
    const { user } = await subscriberWithKey()
    const pg = (await import('pg')).default
    const { admitDevice, polledDevice } = await import('@/lib/feeds/devices')
    const nonce = (await world.payload.findByID({ collection: 'users', id: user.id, depth: 0 })).subscriptionUrlNonce!
    // Twenty connections, as twenty instances' polls arriving together would hold, and one holding the user's lock.
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL!, max: 21 })
    const holder = await pool.connect()
    try {
      await holder.query('BEGIN')
      await holder.query('SELECT pg_advisory_xact_lock(hashtext($1))', [LOCKS.devices(user.id)])
      const pending = Promise.all(
        Array.from({ length: 20 }, (_, index) => {
          const headers = happ(600 + index) as Record<string, string>
          const device = polledDevice((name) => headers[name] ?? null)!
          return admitDevice(pool, { userId: user.id, nonce, device, limit: 10, known: { count: 0, seenAt: null } })
        }),
      )
      // While the lock is held, no device is counted: each waits its turn.
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(await devicesOf(user.id)).toHaveLength(0)
      await holder.query('COMMIT')
      const standings = await pending
      expect(standings.filter((standing) => standing !== 'replaced' && standing.admitted)).toHaveLength(10)
      expect(await devicesOf(user.id)).toHaveLength(10)
    } finally {
      holder.release()
      await pool.end()
    }
  })

  it('replaces the link and forgets its devices as one step: a poll of the old link on its way takes no place after', async () => {
    const { user, path } = await subscriberWithKey()
    const pg = (await import('pg')).default
    const { admitDevice, polledDevice } = await import('@/lib/feeds/devices')
    const { rotateFeedUrl } = await import('@/lib/feeds/personalUrl')
    const oldNonce = (await world.payload.findByID({ collection: 'users', id: user.id, depth: 0 })).subscriptionUrlNonce!
    expect((await poll(path, happ(701))).links).toHaveLength(1)
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL!, max: 2 })
    const holder = await pool.connect()
    try {
      // The replacement waits for the lock devices are admitted under…
      await holder.query('BEGIN')
      await holder.query('SELECT pg_advisory_xact_lock(hashtext($1))', [LOCKS.devices(user.id)])
      let replaced = false
      const replacing = rotateFeedUrl(world.payload, user.id).then(() => (replaced = true))
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(replaced).toBe(false)
      expect(await devicesOf(user.id)).toHaveLength(1)
      await holder.query('COMMIT')
      await replacing
      expect(await devicesOf(user.id)).toHaveLength(0)
      // …and a poll of the old link whose read came before it is refused a place once the link has changed.
      const headers = happ(702) as Record<string, string>
      const device = polledDevice((name) => headers[name] ?? null)!
      expect(await admitDevice(pool, { userId: user.id, nonce: oldNonce, device, limit: 10, known: { count: 0, seenAt: null } })).toBe('replaced')
      expect(await devicesOf(user.id)).toHaveLength(0)
      expect((await poll(path, happ(703))).status).toBe(404)
    } finally {
      holder.release()
      await pool.end()
    }
  })

  it('refuses apps that send no device ID when the operator says so, telling them which apps to use; off by default', async () => {
    const { user, path } = await subscriberWithKey()
    const v2rayNG = { 'user-agent': 'v2rayNG/1.9.16' }
    expect((await poll(path, v2rayNG)).links).toHaveLength(1)
    await world.payload.updateGlobal({ slug: 'site-settings', data: { requireDeviceId: true } })
    try {
      const refused = await poll(path, v2rayNG)
      expect(refused.status).toBe(200)
      expect(refused.links).toEqual([])
      expect(refused.notice).toBe('Приложение не передаёт ID устройства: откройте подписку в Happ')
      expect(refused.headers.get('x-hwid-not-supported')).toBe('true')
      expect(refused.headers.get('x-hwid-max-devices-reached')).toBeNull()
      const announce = Buffer.from(refused.headers.get('announce')!.replace(/^base64:/, ''), 'base64').toString('utf8')
      expect(announce).toContain('Happ')
      expect(announce).toContain('идентификатор устройства')
      // An app that sends its ID is counted and served as before; the refusal took no place.
      expect((await poll(path, happ(801))).links).toHaveLength(1)
      expect(await devicesOf(user.id)).toHaveLength(1)
      await world.payload.update({ collection: 'users', id: user.id, data: { locale: 'en' } })
      const inEnglish = await poll(path, v2rayNG)
      expect(Buffer.from(inEnglish.headers.get('announce')!.replace(/^base64:/, ''), 'base64').toString('utf8')).toContain('does not send a device ID')
      expect(inEnglish.notice).toBe('This app sends no device ID: open the subscription in Happ')
    } finally {
      await world.payload.updateGlobal({ slug: 'site-settings', data: { requireDeviceId: false } })
    }
  })

  it('answers an address that keeps naming no subscriber 429 without reading, for a minute; right links from elsewhere are untouched', async () => {
    const { path } = await subscriberWithKey()
    const [, , , userPart] = path.split('/')
    const madeUp = (index: number) => `/api/subscription/${userPart}/${String(index).padStart(43, 'x')}`
    const from = (address: string) => ({ ...happ(900), 'x-forwarded-for': address })
    for (let index = 0; index < 30; index += 1) expect((await poll(madeUp(index), from(`2001:db8:5::${index + 1}`))).status).toBe(404)
    // The same /64, whatever address of it: refused, also with the right link, with the time to wait.
    const refused = await fetch(`${base}${path}`, { headers: from('2001:db8:5::ffff') })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    expect((await poll(madeUp(99), from('2001:db8:5::1'))).status).toBe(429)
    // Another network polling its right link is served.
    expect((await poll(path, from('2001:db8:6::1'))).links).toHaveLength(1)
  })

  it('follows the limit editors set on the plan; lowering it keeps the devices already counted', async () => {
    const { user, path } = await subscriberWithKey()
    const [subscription] = (await world.payload.find({ collection: 'subscriptions', where: { user: { equals: user.id } }, depth: 0 })).docs
    const tariffId = subscription!.tariff as number
    await expect(world.payload.update({ collection: 'tariffs', id: tariffId, data: { deviceLimit: 2.5 } })).rejects.toThrow()
    await world.payload.update({ collection: 'tariffs', id: tariffId, data: { deviceLimit: 2 } })
    try {
      expect((await poll(path, happ(201))).headers.get('x-hwid-limit')).toBe('2')
      expect((await poll(path, happ(202))).links).toHaveLength(1)
      expect((await poll(path, happ(203))).headers.get('x-hwid-max-devices-reached')).toBe('true')
      await world.payload.update({ collection: 'tariffs', id: tariffId, data: { deviceLimit: 1 } })
      const kept = await poll(path, happ(202))
      expect(kept.links).toHaveLength(1)
      expect(kept.headers.get('x-hwid-limit')).toBe('1')
      expect(await devicesOf(user.id)).toHaveLength(2)
    } finally {
      await world.payload.update({ collection: 'tariffs', id: tariffId, data: { deviceLimit: 10 } })
    }
  })

  it('writes a known device’s last visit at most hourly, and tags the answer by whether the device got keys', async () => {
    const { user, path } = await subscriberWithKey()
    const first = await poll(path, happ(301))
    const [device] = await devicesOf(user.id)
    // An unchanged poll: 304, with the device headers, and nothing written.
    const again = await fetch(`${base}${path}`, { headers: { ...happ(301), 'if-none-match': first.headers.get('etag')! } })
    expect(again.status).toBe(304)
    expect(again.headers.get('x-hwid-active')).toBe('true')
    expect((await devicesOf(user.id))[0]!.updatedAt).toBe(device!.updatedAt)
    const { sqlPool } = await import('@/lib/db/pool')
    await sqlPool(world.payload).query(`UPDATE "devices" SET "last_seen_at" = now() - interval '2 hours' WHERE "id" = $1`, [device!.id])
    await poll(path, { ...happ(301), 'x-ver-os': '15' })
    const seen = (await devicesOf(user.id))[0]!
    expect(Date.now() - Date.parse(seen.lastSeenAt)).toBeLessThan(60_000)
    expect(seen.osVersion).toBe('15')
  })

  it('forgets the devices when the subscriber replaces the link, and with the account', async () => {
    const { user, cookie, path } = await subscriberWithKey()
    for (const index of [401, 402]) await poll(path, happ(index))
    expect(await devicesOf(user.id)).toHaveLength(2)
    const { POST } = await import('@/app/api/vip/subscription-url/route')
    expect((await POST(post('/api/vip/subscription-url', cookie))).status).toBe(303)
    expect(await devicesOf(user.id)).toHaveLength(0)
    const { personalFeedPath } = await import('@/lib/feeds/personalUrl')
    await poll(await personalFeedPath(world.payload, user.id), happ(403))
    expect(await devicesOf(user.id)).toHaveLength(1)
    await world.payload.delete({ collection: 'users', id: user.id })
    expect(await devicesOf(user.id)).toHaveLength(0)
  })

  it('lets a subscriber read and remove only their own devices, and nobody create or change one, over the Local API as over REST', async () => {
    const { user, path } = await subscriberWithKey()
    const other = await subscriberWithKey()
    await poll(path, happ(501))
    await poll(other.path, happ(502))
    const [mine] = await devicesOf(user.id)
    const [theirs] = await devicesOf(other.user.id)
    const asUser = { user, overrideAccess: false } as const
    expect((await world.payload.find({ collection: 'devices', ...asUser })).docs.map((device) => device.id)).toEqual([mine!.id])
    await expect(world.payload.findByID({ collection: 'devices', id: theirs!.id, ...asUser })).rejects.toThrow()
    await expect(world.payload.create({ collection: 'devices', data: { user: user.id, hwid: 'made-up-device', lastSeenAt: new Date().toISOString() }, ...asUser })).rejects.toThrow()
    await expect(world.payload.update({ collection: 'devices', id: mine!.id, data: { hwid: 'changed-by-hand' }, ...asUser })).rejects.toThrow()
    await expect(world.payload.delete({ collection: 'devices', id: theirs!.id, ...asUser })).rejects.toThrow()
    expect(await devicesOf(other.user.id)).toHaveLength(1)
  })
})
