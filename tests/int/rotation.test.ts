// The free-key rotation on the seeded demo servers, against real PostgreSQL: idempotent, one run at a time,
// a failing server left alone, and no list ever empty around rotation time.
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { LOCKS } from '@/lib/db/locks'

import type { rotateFreeKeys } from '@/lib/provisioning/rotation'
import type { nextRotation as nextRotationFn } from '@/lib/provisioning/rotationPlan'

import type { TestSmtp } from '../helpers/smtp'
import { workerDoubles } from '../helpers/intDoubles'
import { setFreeServersAside, testPayload } from '../helpers/payload'

let payload: Payload
let smtp: TestSmtp
let rotate: typeof rotateFreeKeys
let nextRotation: typeof nextRotationFn
/** Turns back on the seeded servers this file turns off while it runs. */
let restoreServers: () => Promise<void>

beforeAll(async () => {
  // The worker's mail server, which the config was given (tests/helpers/intWorker.ts).
  smtp = (await workerDoubles()).smtp
  payload = await testPayload()
  ;({ rotateFreeKeys: rotate } = await import('@/lib/provisioning/rotation'))
  ;({ nextRotation } = await import('@/lib/provisioning/rotationPlan'))
  // Four of the seeded free servers stay on, every protocol among them (src/seed/data/servers.ts): the rules are the
  // same for each server.
  restoreServers = await setFreeServersAside(4)
})

afterAll(async () => {
  await restoreServers()
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

/** A free server of this test's own, offering outline with two keys wanted. */
async function ownServer(adapter: 'demo' | 'outline' | 'manual', name: string) {
  const country = (await payload.find({ collection: 'countries', where: { code: { equals: 'no' } }, limit: 1, depth: 0 })).docs[0]!
  return payload.create({
    collection: 'servers',
    data: { name: `${name}-${Date.now()}`, country: country.id, hosting: 'Test', host: 'rotation.test.example', tier: 'free', enabled: true, adapter, protocols: [{ protocol: 'outline', port: 8388, freeKeys: 2 }] },
  })
}

async function liveKeysOf(serverId: number): Promise<{ id: number; expiresAt: string | null }[]> {
  const { docs } = await payload.find({ collection: 'keys', where: { server: { equals: serverId }, revokedAt: { exists: false } }, sort: 'expiresAt', pagination: false, depth: 0 })
  return docs.map((key) => ({ id: key.id, expiresAt: key.expiresAt ?? null }))
}

async function liveKeyCount(): Promise<number> {
  return (await payload.count({ collection: 'keys', where: { tier: { equals: 'free' }, revokedAt: { exists: false } } })).totalDocs
}

describe('free-key rotation', () => {
  it('tops every free server up to its number of keys, and a second run changes nothing', async () => {
    // The demo's servers offer all six protocols through the demo adapter, so one run covers every protocol.
    expect(new Set((await groups()).map((group) => group.protocol))).toEqual(new Set(['vless', 'outline', 'trojan', 'wireguard', 'openvpn', 'sstp']))
    const now = new Date()
    const first = await rotate(payload, now)
    expect(first).toMatchObject({ ran: true, failures: [] })
    const visible = await visibleAt(new Date(now.getTime() + 60 * 60 * 1000 + 1000))
    for (const group of await groups()) expect(visible.get(`${group.server}:${group.protocol}`) ?? 0).toBeGreaterThanOrEqual(group.wanted)
    const count = await liveKeyCount()
    expect(await rotate(payload, now)).toMatchObject({ ran: true, issued: 0, revoked: 0, failures: [] })
    expect(await liveKeyCount()).toBe(count)
  })

  it('at rotation time issues fresh keys before the old ones expire, so no list is ever empty', async () => {
    const server = await ownServer('demo', 'rotation-handoff')
    const { rotationTime } = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
    const rotation = nextRotation(new Date(Date.now() + 4 * 3600_000), rotationTime)
    // Issued three hours before rotation: they live until an hour after it.
    await rotate(payload, new Date(rotation.getTime() - 3 * 3600_000))
    const before = await liveKeysOf(server.id)
    expect(before.map((key) => key.expiresAt)).toEqual([1, 2].map(() => new Date(rotation.getTime() + 3600_000).toISOString()))

    await rotate(payload, new Date(rotation.getTime() + 5 * 60_000))
    const during = await liveKeysOf(server.id)
    expect(during).toHaveLength(4)
    let afterOverlap: { id: number }[] = []
    for (const minutes of [-10, 10, 50, 70, 6 * 60, 24 * 60]) {
      const at = new Date(rotation.getTime() + minutes * 60_000)
      if (minutes >= 70) await rotate(payload, at)
      if (minutes === 70) afterOverlap = await liveKeysOf(server.id)
      const visible = await visibleAt(at)
      for (const group of await groups()) {
        if (group.wanted > 0) expect(visible.get(`${group.server}:${group.protocol}`) ?? 0, `server ${group.server} ${group.protocol} at ${minutes} min`).toBeGreaterThan(0)
      }
    }
    // The old keys were revoked by the first run after they expired; the fresh ones remain.
    expect(afterOverlap.map((key) => key.id).sort()).toEqual(during.filter((key) => !before.some((old) => old.id === key.id)).map((key) => key.id).sort())
    await payload.update({ collection: 'servers', id: server.id, data: { enabled: false }, depth: 0 })
  })

  it('runs once at a time across instances: a held lock skips the run, and racing runs never issue twice', async () => {
    const { Client } = await import('pg')
    const other = new Client({ connectionString: process.env.DATABASE_URL })
    await other.connect()
    const at = new Date(Date.now() + 3 * 24 * 3600_000)
    try {
      await other.query('select pg_advisory_lock(hashtext($1))', [LOCKS.freeKeyRotation])
      expect(await rotate(payload, at)).toEqual({ ran: false, issued: 0, revoked: 0, failures: [], servers: [] })
    } finally {
      await other.query('select pg_advisory_unlock(hashtext($1))', [LOCKS.freeKeyRotation])
      await other.end()
    }
    await Promise.all([rotate(payload, at), rotate(payload, at)])
    // Exactly the wanted number of keys lasts past the overlap for every server and protocol: no double issue.
    const visible = await visibleAt(new Date(at.getTime() + 3600_000 + 1000))
    for (const group of await groups()) expect(visible.get(`${group.server}:${group.protocol}`) ?? 0).toBe(group.wanted)
    expect((await rotate(payload, at)).issued).toBe(0)
  })

  it('reports a failing server in the job output and the admin, and leaves its keys alone', async () => {
    const server = await ownServer('demo', 'rotation-failing')
    await rotate(payload, new Date(Date.now() + 5 * 24 * 3600_000))
    const keysBefore = await liveKeysOf(server.id)
    expect(keysBefore).toHaveLength(2)
    // The same server, now on an adapter that cannot reach anything (no API address set).
    await payload.update({ collection: 'servers', id: server.id, data: { adapter: 'outline' }, depth: 0 })
    try {
      const report = await rotate(payload, new Date(Date.now() + 8 * 24 * 3600_000))
      expect(report.failures).toEqual([{ server: server.name, error: expect.stringMatching(/Outline API URL must look like/) }])
      expect(report.issued).toBeGreaterThan(0)
      expect((await liveKeysOf(server.id)).map((key) => key.id)).toEqual(keysBefore.map((key) => key.id))
      const reported = await payload.findByID({ collection: 'servers', id: server.id, depth: 0 })
      expect(reported.health?.lastRotationError).toMatch(/outline: .*Outline API URL must look like/)
    } finally {
      await payload.update({ collection: 'servers', id: server.id, data: { enabled: false }, depth: 0 })
    }
  })

  it('says per server what it did: rotated, nothing due yet (and when), a manual server skipped with when its keys run out', async () => {
    const { summarizeRotation } = await import('@/lib/provisioning/rotationSummary')
    const { adminTranslator } = await import('@/lib/admin/adminMessages')
    const demo = await ownServer('demo', 'rotation-report')
    const manual = await ownServer('manual', 'rotation-manual')
    const at = new Date(Date.now() + 11 * 24 * 3600_000)
    const lastKey = new Date(at.getTime() + 3 * 24 * 3600_000).toISOString()
    for (const expiresAt of [new Date(at.getTime() + 3600_000).toISOString(), lastKey]) {
      await payload.create({ collection: 'keys', data: { server: manual.id, protocol: 'outline', tier: 'free', keyString: `ss://Y2hhY2hhMjAtaWV0Zi1wb2x5MTMwNTpw${expiresAt.length}${Date.parse(expiresAt)}@rotation.test.example:8388`, expiresAt }, depth: 0 })
    }
    try {
      const first = await rotate(payload, at)
      const ofDemo = first.servers.find((entry) => entry.id === demo.id)!
      expect(ofDemo).toMatchObject({ outcome: 'rotated', issued: 2, errors: [] })
      // The fresh keys are due for replacement an overlap before they expire.
      const fresh = await liveKeysOf(demo.id)
      expect(ofDemo.nextAt).toBe(new Date(Date.parse(fresh.at(-1)!.expiresAt!) - 3600_000).toISOString())
      expect(first.servers.find((entry) => entry.id === manual.id)).toEqual({ id: manual.id, server: manual.name, outcome: 'manual', issued: 0, revoked: 0, nextAt: lastKey, errors: [] })
      expect(await liveKeysOf(manual.id)).toHaveLength(2)

      const second = await rotate(payload, at)
      expect(second.servers.find((entry) => entry.id === demo.id)).toMatchObject({ outcome: 'not_due', issued: 0, revoked: 0, nextAt: ofDemo.nextAt })
      const ru = summarizeRotation(second, adminTranslator('ru'), 'ru', at)
      const moscow = (iso: string) => new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso)).replace(',', '')
      expect(ru).toContain(`«${demo.name}»: обновлять пока нечего, ключи ещё действуют. Следующее обновление — после ${moscow(ofDemo.nextAt!)} МСК.`)
      expect(ru).toContain(`«${manual.name}»: ключи этого сервера добавляются вручную, обновление их не меняет. Последний импортированный ключ действует до ${moscow(lastKey)} МСК.`)
      const en = summarizeRotation(first, adminTranslator('en'), 'en', at)
      expect(en).toContain(`“${demo.name}”: 2 new keys issued, none expired. Next renewal after ${moscow(ofDemo.nextAt!)} Moscow time.`)
      expect(summarizeRotation({ ...first, servers: [{ ...first.servers[0]!, outcome: 'rotated', issued: 1, revoked: 5 }] }, adminTranslator('ru'), 'ru', at)[0]).toMatch(/: выдан 1 новый ключ, отозвано 5 истёкших\. /)
    } finally {
      await payload.update({ collection: 'servers', where: { id: { in: [demo.id, manual.id] } }, data: { enabled: false }, depth: 0 })
    }
  })

  it('warns the support address once, a day before a manual server’s imported keys run out, and again after a new import runs out', async () => {
    // Only the manual servers below rotate: the four kept on would re-issue their keys at most of the nine runs.
    const restoreKept = await setFreeServersAside()
    const manual = await ownServer('manual', 'rotation-runout')
    const { supportEmail } = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
    const at = new Date(Date.now() + 14 * 24 * 3600_000)
    const addKey = (hours: number) =>
      payload.create({
        collection: 'keys',
        data: { server: manual.id, protocol: 'outline', tier: 'free', keyString: `ss://Y2hhY2hhMjAtaWV0Zi1wb2x5MTMwNTpw${hours}x${Date.now()}@rotation.test.example:8388`, expiresAt: new Date(at.getTime() + hours * 3600_000).toISOString() },
        depth: 0,
      })
    const mailsAbout = () => smtp.messages.filter((mail) => mail.to.includes(supportEmail.toLowerCase()) && mail.subject.includes(manual.name))
    try {
      await addKey(30)
      await rotate(payload, at)
      // More than a day left: no warning yet.
      expect(mailsAbout()).toHaveLength(0)
      await rotate(payload, new Date(at.getTime() + 7 * 3600_000))
      await expect.poll(() => mailsAbout().length).toBe(1)
      expect(mailsAbout()[0]!.subject).toBe(`Скоро закончатся ключи сервера «${manual.name}»`)
      expect(mailsAbout()[0]!.text).toContain(`Последний импортированный ключ Outline на сервере «${manual.name}» действует до`)
      expect(mailsAbout()[0]!.text).toMatch(/Импортируйте новые ключи: http\S+\/admin\/collections\/keys/)
      // The hourly job runs again: no second e-mail about the same run-out.
      await rotate(payload, new Date(at.getTime() + 8 * 3600_000))
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(mailsAbout()).toHaveLength(1)
      // An editor imports keys that also run out within a day: that is a new run-out to warn about.
      await addKey(40)
      await rotate(payload, new Date(at.getTime() + 20 * 3600_000))
      await expect.poll(() => mailsAbout().length).toBe(2)
      // Once every key has ended, the hourly runs do not repeat it while the server stays empty.
      for (const hours of [41, 42, 43]) await rotate(payload, new Date(at.getTime() + hours * 3600_000))
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(mailsAbout()).toHaveLength(2)
      // A manual server that never had a key has nothing running out (its empty list is an incident of its own):
      // neither the mail nor the dashboard says otherwise.
      const empty = await ownServer('manual', 'rotation-empty')
      try {
        for (const hours of [44, 45]) await rotate(payload, new Date(at.getTime() + hours * 3600_000))
        await new Promise((resolve) => setTimeout(resolve, 300))
        expect(smtp.messages.filter((mail) => mail.subject.includes(empty.name))).toEqual([])
        const { serversRunningOut } = await import('@/lib/provisioning/runOut')
        expect((await serversRunningOut(payload, new Date(at.getTime() + 45 * 3600_000))).map((runOut) => runOut.server)).not.toContain(empty.name)
      } finally {
        await payload.update({ collection: 'servers', id: empty.id, data: { enabled: false }, depth: 0 })
      }
    } finally {
      await payload.update({ collection: 'servers', id: manual.id, data: { enabled: false }, depth: 0 })
      await restoreKept()
    }
  })
})
