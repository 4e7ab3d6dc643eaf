// The free-key rotation on the seeded demo servers, against real PostgreSQL: idempotent, one run at a time,
// a failing server left alone, and no list ever empty around rotation time.
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { rotateFreeKeys } from '@/lib/provisioning/rotation'
import type { nextRotation as nextRotationFn } from '@/lib/provisioning/rotationPlan'

import { testPayload } from '../helpers/payload'

let payload: Payload
let rotate: typeof rotateFreeKeys
let nextRotation: typeof nextRotationFn

beforeAll(async () => {
  payload = await testPayload()
  ;({ rotateFreeKeys: rotate } = await import('@/lib/provisioning/rotation'))
  ;({ nextRotation } = await import('@/lib/provisioning/rotationPlan'))
})

type Group = { server: number; protocol: string; wanted: number }

async function groups(): Promise<Group[]> {
  const servers = await payload.find({ collection: 'servers', where: { tier: { equals: 'free' }, enabled: { equals: true } }, pagination: false, depth: 0 })
  return servers.docs.flatMap((server) => (server.protocols ?? []).map((entry) => ({ server: server.id, protocol: entry.protocol, wanted: entry.freeKeys ?? 0 })))
}

/** Keys of each server and protocol a visitor would see at `at`. */
async function visibleAt(at: Date): Promise<Map<string, number>> {
  const keys = await payload.find({
    collection: 'keys',
    where: { tier: { equals: 'free' }, revokedAt: { exists: false }, or: [{ expiresAt: { exists: false } }, { expiresAt: { greater_than: at.toISOString() } }] },
    pagination: false,
    depth: 0,
    select: { server: true, protocol: true },
  })
  const counts = new Map<string, number>()
  for (const key of keys.docs) {
    const id = `${String(key.server)}:${key.protocol}`
    counts.set(id, (counts.get(id) ?? 0) + 1)
  }
  return counts
}

async function liveKeyCount(): Promise<number> {
  return (await payload.count({ collection: 'keys', where: { tier: { equals: 'free' }, revokedAt: { exists: false } } })).totalDocs
}

describe('free-key rotation', () => {
  it('tops every free server up to its number of keys, and a second run changes nothing', async () => {
    const now = new Date()
    const first = await rotate(payload, now)
    expect(first).toMatchObject({ ran: true, failures: [] })
    const visible = await visibleAt(new Date(now.getTime() + 60 * 60 * 1000 + 1000))
    for (const group of await groups()) expect(visible.get(`${group.server}:${group.protocol}`) ?? 0).toBeGreaterThanOrEqual(group.wanted)
    const count = await liveKeyCount()
    expect(await rotate(payload, now)).toEqual({ ran: true, issued: 0, revoked: 0, failures: [] })
    expect(await liveKeyCount()).toBe(count)
  })

  it('at rotation time issues fresh keys before the old ones expire, so no list is ever empty', async () => {
    const { rotationTime } = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
    const rotation = nextRotation(new Date(Date.now() + 2 * 3600_000), rotationTime)
    await rotate(payload, new Date(rotation.getTime() - 30 * 60_000))
    const atRotation = await rotate(payload, new Date(rotation.getTime() + 5 * 60_000))
    expect(atRotation.issued).toBeGreaterThan(0)
    for (const minutes of [-10, 10, 50, 70, 6 * 60, 24 * 60]) {
      const at = new Date(rotation.getTime() + minutes * 60_000)
      if (minutes >= 70) await rotate(payload, at)
      const visible = await visibleAt(at)
      for (const group of await groups()) {
        if (group.wanted > 0) expect(visible.get(`${group.server}:${group.protocol}`) ?? 0, `server ${group.server} ${group.protocol} at ${minutes} min`).toBeGreaterThan(0)
      }
    }
    // The keys that expired an hour after rotation were revoked by the next run.
    const expiredButLive = await payload.count({
      collection: 'keys',
      where: { tier: { equals: 'free' }, revokedAt: { exists: false }, expiresAt: { less_than_equal: new Date(rotation.getTime() + 24 * 3600_000).toISOString() } },
    })
    expect(expiredButLive.totalDocs).toBe(0)
  })

  it('runs once at a time across instances: a held lock skips the run, and racing runs never issue twice', async () => {
    const { Client } = await import('pg')
    const other = new Client({ connectionString: process.env.DATABASE_URL })
    await other.connect()
    const at = new Date(Date.now() + 3 * 24 * 3600_000)
    try {
      await other.query("select pg_advisory_lock(hashtext('free-key-rotation'))")
      expect(await rotate(payload, at)).toEqual({ ran: false, issued: 0, revoked: 0, failures: [] })
    } finally {
      await other.query("select pg_advisory_unlock(hashtext('free-key-rotation'))")
      await other.end()
    }
    await Promise.all([rotate(payload, at), rotate(payload, at)])
    // Exactly the wanted number of keys lasts past the overlap for every server and protocol: no double issue.
    const visible = await visibleAt(new Date(at.getTime() + 3600_000 + 1000))
    for (const group of await groups()) expect(visible.get(`${group.server}:${group.protocol}`) ?? 0).toBe(group.wanted)
    expect((await rotate(payload, at)).issued).toBe(0)
  })

  it('reports a failing server in the job output and the admin, and leaves its keys alone', async () => {
    const { docs } = await payload.find({ collection: 'servers', where: { tier: { equals: 'free' } }, limit: 1, depth: 0 })
    const server = docs[0]!
    await payload.update({ collection: 'servers', id: server.id, data: { adapter: 'outline' }, depth: 0 })
    try {
      const keysBefore = await payload.find({ collection: 'keys', where: { server: { equals: server.id }, revokedAt: { exists: false } }, pagination: false, depth: 0 })
      const at = new Date(Date.now() + 6 * 24 * 3600_000)
      const report = await rotate(payload, at)
      expect(report.failures.map((failure) => failure.server)).toEqual(expect.arrayContaining([server.name]))
      expect(report.failures.every((failure) => failure.server === server.name)).toBe(true)
      expect(report.issued).toBeGreaterThan(0)
      const keysAfter = await payload.find({ collection: 'keys', where: { server: { equals: server.id }, revokedAt: { exists: false } }, pagination: false, depth: 0 })
      expect(keysAfter.docs.map((key) => key.id).sort()).toEqual(keysBefore.docs.map((key) => key.id).sort())
      const reported = await payload.findByID({ collection: 'servers', id: server.id, depth: 0 })
      expect(reported.health?.lastRotationError).toMatch(/outline adapter cannot issue keys yet/)
    } finally {
      await payload.update({ collection: 'servers', id: server.id, data: { adapter: 'demo' }, depth: 0 })
    }
  })
})
