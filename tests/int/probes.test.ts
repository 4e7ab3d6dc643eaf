// Probes in the visitors' networks against real PostgreSQL: an admin issues a probe's token (kept only as its hash),
// probes of one country share its keys between them (each key lent to one probe at a time, due again after its
// check), reports count once and only for keys lent to that probe, and the keys' verdict where the visitors are
// follows the rule in src/lib/probes/reach.ts. Free keys only: a probe never sees a subscriber's key.
import path from 'node:path'

import fc from 'fast-check'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Key, Probe as ProbeDoc, Server, User } from '@/payload-types'

import { createUser, testPayload } from '../helpers/payload'

let payload: Payload
let admin: User
let editor: User
let customer: User
let server: Server
let demo: Server
const keys: Key[] = []
let vipKey: Key
let demoKey: Key

type Probe = { id: number; name: string; country: string; network: string; checksVip?: boolean }

beforeAll(async () => {
  payload = await testPayload()
  ;[admin, editor, customer] = [await createUser('admin'), await createUser('editor'), await createUser('customer')]
  const country = (await payload.find({ collection: 'countries', where: { code: { equals: 'fi' } }, limit: 1, depth: 0 })).docs[0]!
  const common = { country: country.id, hosting: 'Test', tier: 'free' as const, enabled: true, protocols: [{ protocol: 'vless' as const, port: 443, freeKeys: 0 }] }
  server = await payload.create({ collection: 'servers', data: { ...common, name: `probe-${process.pid}`, host: '203.0.113.7', adapter: 'manual' } })
  demo = await payload.create({ collection: 'servers', data: { ...common, name: `probe-demo-${process.pid}`, host: 'demo.example', adapter: 'demo' } })
  for (let index = 0; index < 3; index += 1) {
    keys.push(await payload.create({ collection: 'keys', data: { server: server.id, protocol: 'vless', tier: 'free', keyString: `vless://1111111${index}-2222-4333-8444-555555555555@203.0.113.7:443?security=tls#probe-${index}` }, depth: 0 }))
  }
  vipKey = await payload.create({ collection: 'keys', data: { server: server.id, protocol: 'vless', tier: 'vip', owner: customer.id, keyString: 'vless://99999999-2222-4333-8444-555555555555@203.0.113.7:443?security=tls#vip' }, depth: 0 })
  demoKey = await payload.create({ collection: 'keys', data: { server: demo.id, protocol: 'vless', tier: 'free', keyString: 'vless://88888888-2222-4333-8444-555555555555@demo.example:443?security=tls#demo' }, depth: 0 })
})

afterAll(async () => {
  await payload.delete({ collection: 'keys', where: { server: { in: [server.id, demo.id] } } })
  await payload.delete({ collection: 'servers', where: { id: { in: [server.id, demo.id] } } })
  await payload.delete({ collection: 'probes', where: { name: { like: `-${process.pid}` } } })
})

async function issueToken(user: unknown, id: number, headers: Record<string, string> = {}): Promise<Response> {
  const { issueProbeToken } = await import('../../collections/Probes/issueToken')
  return issueProbeToken({ user, payload, routeParams: { id: String(id) }, headers: new Headers(headers), i18n: { language: 'ru' } } as never)
}

async function newProbe(network: string, country = 'ru'): Promise<{ doc: ProbeDoc; probe: Probe; token: string }> {
  const doc = await payload.create({ collection: 'probes', data: { name: `${network}-${process.pid}`, country, network } })
  const response = await issueToken(admin, doc.id)
  const { token } = (await response.json()) as { token: string }
  return { doc, probe: { id: doc.id, name: doc.name, country, network }, token }
}

const post = async (path: 'assignments' | 'reports', token: string | null, body?: string, query = '') => {
  const route = path === 'assignments' ? await import('@/app/api/probe/assignments/route') : await import('@/app/api/probe/reports/route')
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.77' }
  if (token) headers.authorization = `Bearer ${token}`
  return route.POST(new Request(`http://localhost/api/probe/${path}${query}`, { method: 'POST', headers, body }))
}

/** Asks as `probe` until none of `wanted` is left unassigned or nothing more comes: other files' keys may come too. */
async function assignedOf(probe: Probe, now: Date): Promise<number[]> {
  const { assignKeys } = await import('@/lib/probes/rounds')
  const all: number[] = []
  for (let round = 0; round < 10; round += 1) {
    const batch = await assignKeys(payload, probe, 50, now)
    all.push(...batch.map((entry) => entry.key))
    if (batch.length === 0) break
  }
  return all
}

const reachOfKey = async (key: Key) => (await payload.findByID({ collection: 'keys', id: key.id, depth: 0 })).reach

describe('a probe’s token', () => {
  it('is issued by an admin from the site, answered once, kept as its hash, and read by nobody; a new one stops the old', async () => {
    const doc = await payload.create({ collection: 'probes', data: { name: `token-${process.pid}`, country: 'ru', network: 'МТС' } })
    expect((await issueToken(editor, doc.id)).status).toBe(403)
    expect((await issueToken(customer, doc.id)).status).toBe(403)
    expect((await issueToken(null, doc.id)).status).toBe(403)
    expect((await issueToken(admin, doc.id, { 'sec-fetch-site': 'cross-site' })).status).toBe(403)
    expect((await issueToken(admin, 999_999_999)).status).toBe(404)
    const issued = await issueToken(admin, doc.id)
    expect(issued.headers.get('cache-control')).toBe('no-store')
    const { token } = (await issued.json()) as { token: string }
    // Nobody reads the hash, staff included; customers and visitors read no probe at all.
    const asAdmin = await payload.findByID({ collection: 'probes', id: doc.id, overrideAccess: false, user: admin })
    expect(asAdmin).not.toHaveProperty('tokenHash')
    expect(JSON.stringify(asAdmin)).not.toContain(token.slice(4))
    expect(asAdmin.tokenIssuedAt).toBeTruthy()
    await expect(payload.find({ collection: 'probes', overrideAccess: false, user: customer })).rejects.toThrow()
    // Editors read probes but cannot add or change one (nor write a token's hash: nobody can through the API).
    await expect(payload.create({ collection: 'probes', overrideAccess: false, user: editor, data: { name: 'x', country: 'ru', network: 'x' } })).rejects.toThrow()
    const tampered = await payload.update({ collection: 'probes', id: doc.id, overrideAccess: false, user: admin, data: { tokenHash: 'chosen' } as never })
    expect(tampered).not.toHaveProperty('tokenHash')
    expect((await post('assignments', token)).status).toBe(200)
    const { token: next } = (await (await issueToken(admin, doc.id)).json()) as { token: string }
    expect((await post('assignments', token)).status).toBe(401)
    expect((await post('assignments', next)).status).toBe(200)
    // Revoked: refused.
    await payload.update({ collection: 'probes', id: doc.id, data: { revokedAt: new Date().toISOString() } })
    expect((await post('assignments', next)).status).toBe(401)
    expect((await post('assignments', null)).status).toBe(401)
    expect((await post('assignments', 'vkp_' + 'a'.repeat(43))).headers.get('www-authenticate')).toBe('Bearer')
  })
})

describe('probes’ rounds', () => {
  it('share a country’s free keys: each lent to one probe, never a subscriber’s or a demo key; due again after its check', async () => {
    const { acceptReport, CHECK_AGAIN_MS, LEASE_MS } = await import('@/lib/probes/rounds')
    const now = new Date(Date.now() + 24 * 3_600_000)
    const mts = await newProbe('МТС')
    const rtk = await newProbe('Ростелеком')
    const first = await assignedOf(mts.probe, now)
    for (const key of keys) expect(first).toContain(key.id)
    expect(first).not.toContain(vipKey.id)
    expect(first).not.toContain(demoKey.id)
    // Lent to the first: the second probe gets none of them, nor does the first again.
    const second = await assignedOf(rtk.probe, now)
    for (const key of keys) expect(second).not.toContain(key.id)
    expect(await assignedOf(mts.probe, now)).toEqual([])

    const [works, fails, other] = keys as [Key, Key, Key]
    const report = {
      results: [
        { key: works.id, ok: true, stage: null, latencyMs: 120, detail: '' },
        { key: fails.id, ok: false, stage: 'handshake' as const, latencyMs: null, detail: 'reset after the client hello' },
        // Not lent to this probe's report: a subscriber's key and one lent to it but reported twice in one report.
        { key: vipKey.id, ok: true, stage: null, latencyMs: 1, detail: '' },
        { key: works.id, ok: false, stage: 'tcp' as const, latencyMs: null, detail: '' },
      ],
    }
    expect(await acceptReport(payload, mts.probe, report, now)).toEqual({ accepted: 2, ignored: 2 })
    // The same report again counts for nothing (idempotent): no loan is left.
    expect(await acceptReport(payload, mts.probe, report, now)).toEqual({ accepted: 0, ignored: 4 })
    // The other probe cannot report a key lent to the first.
    expect(await acceptReport(payload, rtk.probe, { results: [{ key: other.id, ok: false, stage: 'tcp', latencyMs: null, detail: '' }] }, now)).toEqual({ accepted: 0, ignored: 1 })
    expect(await reachOfKey(works)).toMatchObject({ state: 'works', worksOn: 'МТС', uptimeWeek: 100 })
    // One failure on one network is not yet a verdict.
    expect(await reachOfKey(fails)).toMatchObject({ state: 'untested', worksOn: null, blockedOn: null })
    expect(await reachOfKey(other)).toMatchObject({ state: null })
    // The key's window says where it works; the lists put it before keys untested there.
    const { readKeyDetails } = await import('@/lib/data/keys')
    expect((await readKeyDetails(works.id, 'ru'))?.reach).toMatchObject({ country: 'ru', networks: 'МТС', uptimeWeek: 100 })
    expect((await readKeyDetails(fails.id, 'ru'))?.reach).toBeNull()
    const rank = async (key: Key) => (await payload.findByID({ collection: 'keys', id: key.id, depth: 0 })).listRank!
    expect(await rank(works)).toBeLessThan(await rank(other))

    // The unreported key's loan ends: another probe may take it; the checked ones are due again later, not before.
    const afterLoan = new Date(now.getTime() + LEASE_MS + 1_000)
    const retaken = await assignedOf(rtk.probe, afterLoan)
    expect(retaken).toContain(other.id)
    expect(retaken).not.toContain(works.id)
    // Due again, and the loans made after the first one ended have ended too.
    const later = new Date(Math.max(now.getTime() + CHECK_AGAIN_MS, afterLoan.getTime() + LEASE_MS) + 1_000)
    const again = await assignedOf(rtk.probe, later)
    expect(again).toEqual(expect.arrayContaining([works.id, fails.id]))
    // Failing from a second network too, while the site's own check passes: blocked in the visitors' country.
    await acceptReport(payload, rtk.probe, { results: [{ key: fails.id, ok: false, stage: 'handshake', latencyMs: null, detail: '' }, { key: works.id, ok: true, stage: null, latencyMs: 90, detail: '' }] }, later)
    expect(await reachOfKey(fails)).toMatchObject({ state: 'blocked', blockedOn: 'МТС, Ростелеком', uptimeWeek: 0 })
    expect(await reachOfKey(works)).toMatchObject({ state: 'works', worksOn: 'МТС, Ростелеком', uptimeWeek: 100 })
    // The site's own check failing too makes it down, not blocked.
    await payload.db.updateOne({ collection: 'keys', id: fails.id, data: { liveness: { ok: false, failures: 1 } }, returning: false })
    const { updateReach } = await import('@/lib/probes/rounds')
    await updateReach(payload, [fails.id], 'ru', later)
    expect(await reachOfKey(fails)).toMatchObject({ state: 'down' })
    // The country's probes go silent: once their results are stale the verdict is read again, and the key is listed
    // again rather than kept off on their old word.
    const { refreshStaleReach } = await import('@/lib/probes/rounds')
    await payload.db.updateOne({ collection: 'keys', id: fails.id, data: { liveness: { ok: true, failures: 0 } }, returning: false })
    await updateReach(payload, [fails.id], 'ru', later)
    await refreshStaleReach(payload, later)
    expect(await reachOfKey(fails)).toMatchObject({ state: 'blocked' })
    expect(await refreshStaleReach(payload, new Date(later.getTime() + 91 * 60_000))).toBeGreaterThanOrEqual(1)
    expect(await reachOfKey(fails)).toMatchObject({ state: 'untested' })
    // Probes of another country keep their own rounds: every key is theirs to check too, and decides nothing here.
    const kz = await newProbe('Казахтелеком', 'kz')
    expect(await assignedOf(kz.probe, now)).toEqual(expect.arrayContaining(keys.map((key) => key.id)))
  })

  it('a lying probe cannot hide keys: its failures are due again sooner, go to another probe of the country that checks the protocol, and that one decides', async () => {
    const { acceptReport, CONFIRM_AGAIN_MS, LEASE_MS } = await import('@/lib/probes/rounds')
    // Later than the other tests' rounds: their probes are no longer active.
    const t0 = new Date(Date.now() + 72 * 3_600_000)
    const liar = await newProbe('Лжец')
    const honest = await newProbe('Честный')
    const ours = keys.map((key) => key.id)
    expect(await assignedOf(liar.probe, t0)).toEqual(expect.arrayContaining(ours))
    // The honest probe asks too (and says it checks vless), finding them lent.
    expect(await assignedOf(honest.probe, t0)).not.toContain(ours[0])
    const failing = (id: number) => ({ key: id, ok: false, stage: 'tcp' as const, latencyMs: null, detail: 'no TCP connection' })
    expect(await acceptReport(payload, liar.probe, { results: ours.map(failing) }, t0)).toEqual({ accepted: 3, ignored: 0 })
    for (const key of keys) expect(await reachOfKey(key)).toMatchObject({ state: 'untested' })
    const probeRow = await payload.findByID({ collection: 'probes', id: honest.doc.id, depth: 0 })
    expect(probeRow.checks?.split(',')).toContain('vless')

    // Due again within minutes, not twenty, and lent to the other probe, never back to the one that failed them.
    const t1 = new Date(t0.getTime() + CONFIRM_AGAIN_MS + 1_000)
    const liarAgain = await assignedOf(liar.probe, t1)
    for (const id of ours) expect(liarAgain).not.toContain(id)
    expect(await assignedOf(honest.probe, t1)).toEqual(expect.arrayContaining(ours))
    const [first, second, third] = ours as [number, number, number]
    await acceptReport(payload, honest.probe, { results: [{ key: first, ok: true, stage: null, latencyMs: 80, detail: '' }, failing(second)] }, t1)
    expect(await reachOfKey(keys[0]!)).toMatchObject({ state: 'works', worksOn: 'Честный' })
    // Two probes found it failing: that is a verdict.
    expect(await reachOfKey(keys[1]!)).toMatchObject({ state: 'blocked', blockedOn: 'Лжец, Честный' })
    // The third was lent to the honest probe, which let the loan run out without a report: a probe may stop reporting
    // for good, so the key does not wait for it (nor is it lent back to it while the liar is active). It goes back to
    // the liar, whose failures alone, even two in a row, are no verdict while another probe that checks vless is active.
    const t2 = new Date(t1.getTime() + LEASE_MS + 1_000)
    expect(await assignedOf(honest.probe, t2)).not.toContain(third)
    expect(await assignedOf(liar.probe, t2)).toContain(third)
    await acceptReport(payload, liar.probe, { results: [failing(third)] }, t2)
    const { sqlPool } = await import('@/lib/db/pool')
    expect((await sqlPool(payload).query('SELECT failures FROM probe_results WHERE key_id = $1 AND probe_id = $2', [third, liar.probe.id])).rows).toEqual([{ failures: 2 }])
    expect(await reachOfKey(keys[2]!)).toMatchObject({ state: 'untested' })
    // With the honest probe silent, the liar is the country's only witness: its second failure in a row is the verdict.
    const t3 = new Date(t2.getTime() + 16 * 60_000)
    const { updateReach } = await import('@/lib/probes/rounds')
    await updateReach(payload, [third], 'ru', t3)
    expect(await reachOfKey(keys[2]!)).toMatchObject({ state: 'blocked', blockedOn: 'Лжец' })
    // Set free again for the tests after this one.
    await updateReach(payload, ours, 'ru', new Date(t3.getTime() + 91 * 60_000))
  })

  it('bound what a probe asks and sends, and keep eight days of history', async () => {
    const { forgetProbeHistory, MAX_REPORT_BYTES } = await import('@/lib/probes/rounds')
    const { token } = await newProbe('Билайн')
    const answer = await post('assignments', token, undefined, '?limit=2')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    const body = (await answer.json()) as { probe: { network: string }; keys: unknown[] }
    expect(body.probe.network).toBe('Билайн')
    expect(body.keys.length).toBeLessThanOrEqual(2)
    expect((await post('reports', token, 'x'.repeat(MAX_REPORT_BYTES + 1))).status).toBe(413)
    expect((await post('reports', token, '{"results":[{"key":"1; drop table keys","ok":true}]}')).status).toBe(400)
    expect((await post('reports', token, JSON.stringify({ results: Array.from({ length: 101 }, (_, index) => ({ key: index + 1, ok: true })) }))).status).toBe(400)
    expect(await (await post('reports', token, JSON.stringify({ results: [{ key: keys[0]!.id, ok: true }] }))).json()).toEqual({ accepted: 0, ignored: 1 })
    // Roll-ups older than eight days go; the week's stay.
    const { sqlPool } = await import('@/lib/db/pool')
    const pool = sqlPool(payload)
    await pool.query(`INSERT INTO probe_network_hours (country, network, protocol, hour, checks, passed) VALUES ('ru', 'old', 'vless', now() - interval '9 days', 1, 1), ('ru', 'old', 'vless', now() - interval '6 days', 1, 1)`, [])
    expect(await forgetProbeHistory(payload)).toBeGreaterThanOrEqual(1)
    expect((await pool.query(`SELECT count(*)::int AS n FROM probe_network_hours WHERE network = 'old'`, [])).rows).toEqual([{ n: 1 }])
  })
})

describe('VIP servers proven by probes', () => {
  it('get a test key per protocol through their panel while a probe may check them, lent only to probes allowed to; its verdict orders the subscription and shows on My servers', async () => {
    const { serveDouble } = await import('@/lib/provisioning/adapters/doubles')
    const { outlinePanel } = await import('@/lib/provisioning/adapters/outline/double')
    const { ensureVipProbeKeys, PROBE_KEY_HOURS } = await import('@/lib/probes/vipKeys')
    const { acceptReport, CONFIRM_AGAIN_MS } = await import('@/lib/probes/rounds')
    const { personalFeedKeys } = await import('@/lib/feeds/personalUrl')
    const { readPersonalFeedFacts } = await import('@/lib/feeds/personalRead')
    const { readOwnKeyRows } = await import('@/lib/data/keys')
    const { sqlPool } = await import('@/lib/db/pool')
    const panel = outlinePanel({ secret: 'vip-probe-secret', host: '203.0.113.9' })
    const served = await serveDouble(panel.handle)
    const country = (await payload.find({ collection: 'countries', where: { code: { equals: 'fi' } }, limit: 1, depth: 0 })).docs[0]!
    const vip = { country: country.id, hosting: 'Test', tier: 'vip' as const, enabled: true }
    const panelServer = await payload.create({
      collection: 'servers',
      data: { ...vip, name: `vip-outline-${process.pid}`, host: '203.0.113.9', adapter: 'outline', credentials: { apiUrl: `${served.url}/vip-probe-secret` }, protocols: [{ protocol: 'outline', port: 9795, freeKeys: 0 }] },
    })
    const manualServer = await payload.create({ collection: 'servers', data: { ...vip, name: `vip-manual-${process.pid}`, host: '203.0.113.10', adapter: 'manual', protocols: [{ protocol: 'vless', port: 443, freeKeys: 0 }] } })
    const subscriber = await createUser('customer')
    const plan = (await payload.find({ collection: 'tariffs', limit: 1, depth: 0 })).docs[0]!
    await payload.create({ collection: 'subscriptions', data: { user: subscriber.id, tariff: plan.id, status: 'active', currentPeriodEnd: new Date(Date.now() + 10 * 86_400_000).toISOString() } })
    const older = await payload.create({ collection: 'keys', data: { server: manualServer.id, protocol: 'vless', tier: 'vip', owner: subscriber.id, keyString: 'vless://77777777-2222-4333-8444-555555555555@203.0.113.10:443?security=tls#older' }, depth: 0 })
    const newer = await payload.create({ collection: 'keys', data: { server: panelServer.id, protocol: 'outline', tier: 'vip', owner: subscriber.id, keyString: 'ss://Y2hhY2hhMjAtaWV0Zi1wb2x5MTMwNTpzdWJzY3JpYmVy@203.0.113.9:9795#newer' }, depth: 0 })
    const testKeys = () => payload.find({ collection: 'keys', where: { and: [{ forProbes: { equals: true } }, { server: { equals: panelServer.id } }] }, depth: 0, sort: 'id' })
    try {
      // No probe may check VIP servers yet: no test key is made.
      expect((await ensureVipProbeKeys(payload)).issued).toBe(0)
      expect((await testKeys()).totalDocs).toBe(0)
      const volunteer = await newProbe('Волонтёр')
      const own = await newProbe('Своя')
      await payload.update({ collection: 'probes', id: own.doc.id, data: { checksVip: true } })
      const made = await ensureVipProbeKeys(payload)
      expect(made.failures).toEqual([])
      const [test] = (await testKeys()).docs
      expect(test).toMatchObject({ tier: 'vip', forProbes: true, owner: null, protocol: 'outline', revokedAt: null })
      expect(Date.parse(test!.expiresAt!) - Date.now()).toBeGreaterThan((PROBE_KEY_HOURS - 1) * 3_600_000)
      expect(panel.keys.size).toBe(1)
      // A second run keeps it; the manual server, which cannot issue, gets none and fails nothing.
      expect(await ensureVipProbeKeys(payload)).toEqual({ issued: 0, revoked: 0, failures: [] })
      // Nobody but staff reads it: not the subscriber, not a visitor; a customer cannot mark a key as one.
      await expect(payload.findByID({ collection: 'keys', id: test!.id, overrideAccess: false, user: subscriber })).rejects.toThrow()
      const forged = await payload.update({ collection: 'keys', id: newer.id, overrideAccess: false, user: admin, data: { forProbes: true } as never, depth: 0 })
      expect(forged.forProbes).toBe(false)

      // Lent to the probe allowed to check VIP servers, never to a volunteer's; never the subscriber's own keys.
      const at = new Date()
      const toVolunteer = await assignedOf(volunteer.probe, at)
      expect(toVolunteer).not.toContain(test!.id)
      const toOwn = await assignedOf({ ...own.probe, checksVip: true }, at)
      expect(toOwn).toContain(test!.id)
      for (const key of [older.id, newer.id]) expect([...toVolunteer, ...toOwn]).not.toContain(key)
      // Before any verdict: the subscription keeps the keys' own order.
      expect((await personalFeedKeys(payload, subscriber.id))!.links.map((link) => link.split('#')[1])).toEqual(['older', 'newer'])
      // A failure of the test key waits for another probe's look only where one may check VIP servers: the volunteer,
      // active and checking Outline, cannot take it, so it comes back to the same probe, whose two failures decide.
      const failed = { key: test!.id, ok: false, stage: 'tcp' as const, latencyMs: null, detail: '' }
      await acceptReport(payload, own.probe, { results: [failed] }, at)
      const again = new Date(at.getTime() + CONFIRM_AGAIN_MS + 1_000)
      expect(await assignedOf(volunteer.probe, again)).not.toContain(test!.id)
      expect(await assignedOf({ ...own.probe, checksVip: true }, again)).toContain(test!.id)
      await acceptReport(payload, own.probe, { results: [failed] }, again)
      expect((await payload.findByID({ collection: 'keys', id: test!.id, depth: 0 })).reach).toMatchObject({ state: 'blocked' })
      await sqlPool(payload).query('UPDATE probe_checks SET due_at = $2 WHERE key_id = $1', [test!.id, new Date(0)])
      expect(await assignedOf({ ...own.probe, checksVip: true }, new Date(again.getTime() + 1_000))).toContain(test!.id)
      await acceptReport(payload, own.probe, { results: [{ key: test!.id, ok: true, stage: null, latencyMs: 140, detail: '' }] }, new Date(again.getTime() + 1_000))
      // The server works from Russia: its keys come first in the subscription (both readers agree), and My servers says where it was proven.
      expect((await personalFeedKeys(payload, subscriber.id))!.links.map((link) => link.split('#')[1])).toEqual(['newer', 'older'])
      const facts = await readPersonalFeedFacts((text, values) => sqlPool(payload).query(text, values), subscriber.id)
      expect(facts!.links.map((link) => link.split('#')[1])).toEqual(['newer', 'older'])
      const rows = (await readOwnKeyRows('ru', subscriber)).rows
      expect(rows.find((row) => row.id === newer.id)!.reach).toMatchObject({ country: 'ru', networks: 'Своя' })
      expect(rows.find((row) => row.id === older.id)!.reach).toBeNull()

      // A day later it is replaced on the panel; with no probe left to check VIP servers, it is revoked there too.
      const next = await ensureVipProbeKeys(payload, new Date(Date.now() + PROBE_KEY_HOURS * 3_600_000))
      expect(next).toMatchObject({ issued: 1, revoked: 1 })
      expect(panel.keys.size).toBe(1)
      await payload.update({ collection: 'probes', id: own.doc.id, data: { checksVip: false } })
      expect(await ensureVipProbeKeys(payload)).toMatchObject({ issued: 0, revoked: 1 })
      expect(panel.keys.size).toBe(0)
    } finally {
      await payload.delete({ collection: 'keys', where: { server: { in: [panelServer.id, manualServer.id] } } })
      await payload.delete({ collection: 'servers', where: { id: { in: [panelServer.id, manualServer.id] } } })
      await served.close()
    }
  })
})

describe('probes’ assignments', () => {
  it('check every key at least every 30 minutes, whatever the number of probes, the order they ask in, the keys that fail, and a probe that takes keys but never reports', async () => {
    const { acceptReport, assignKeys, LEASE_MS } = await import('@/lib/probes/rounds')
    const country = (await payload.find({ collection: 'countries', where: { code: { equals: 'fi' } }, limit: 1, depth: 0 })).docs[0]!
    const many = await payload.create({
      collection: 'servers',
      data: { country: country.id, hosting: 'Test', tier: 'free', enabled: true, name: `many-${process.pid}`, host: '203.0.113.10', adapter: 'manual', protocols: [{ protocol: 'vless', port: 443, freeKeys: 0 }] },
    })
    const tracked = new Set<number>()
    for (let index = 0; index < 40; index += 1) {
      const key = await payload.create({ collection: 'keys', data: { server: many.id, protocol: 'vless', tier: 'free', keyString: `vless://0f6c3b2a-6c3e-4f6e-9d5e-${String(index).padStart(12, '0')}@203.0.113.10:443?security=tls#many-${index}` }, depth: 0 })
      tracked.add(key.id)
    }
    const MINUTES = 60
    let run = 0
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 3 }),
          fc.boolean(),
          fc.option(fc.integer({ min: 2, max: 7 }), { nil: null }),
          fc.array(fc.nat({ max: 3 }), { minLength: MINUTES + 1, maxLength: MINUTES + 1 }),
          async (honest, withSilent, failEvery, orders) => {
            // Each run in a country of its own: the loans and results of one never touch another's.
            const code = `${run < 26 ? 'x' : 'q'}${String.fromCharCode(97 + (run % 26))}`
            run += 1
            const probes: { probe: Probe; silent: boolean }[] = []
            for (let index = 0; index < honest + (withSilent ? 1 : 0); index += 1) {
              const doc = await payload.create({ collection: 'probes', data: { name: `${code}-${index}-${process.pid}`, country: code, network: `${code} ${index}` } })
              probes.push({ probe: { id: doc.id, name: doc.name, country: code, network: doc.network }, silent: index >= honest })
            }
            const checkedAt = new Map<number, number[]>()
            const start = Date.parse('2031-01-01T00:00:00Z') + run * 7 * 24 * 3_600_000
            for (let minute = 0; minute <= MINUTES; minute += 1) {
              const now = new Date(start + minute * 60_000)
              const offset = orders[minute]! % probes.length
              for (const { probe, silent } of [...probes.slice(offset), ...probes.slice(0, offset)]) {
                const lent = await assignKeys(payload, probe, 50, now)
                if (silent) continue
                const results = lent.map(({ key }) => ({ key, ok: failEvery === null || (key + minute) % failEvery !== 0, stage: null, latencyMs: 100, detail: '' }))
                await acceptReport(payload, probe, { results }, now)
                for (const { key } of lent) if (tracked.has(key)) checkedAt.set(key, [...(checkedAt.get(key) ?? []), minute])
              }
            }
            await payload.delete({ collection: 'probes', where: { country: { equals: code } } })
            for (const key of tracked) {
              const minutes = checkedAt.get(key) ?? []
              // The first check within a minute, or as soon as a loan to the silent probe ends.
              expect(minutes[0], `key ${key}`).toBeLessThanOrEqual(withSilent ? LEASE_MS / 60_000 + 1 : 1)
              const gaps = [...minutes.slice(1).map((at, index) => at - minutes[index]!), MINUTES - minutes.at(-1)!]
              expect(Math.max(...gaps), `key ${key} checked at ${minutes.join(', ')}`).toBeLessThanOrEqual(30)
            }
          },
        ),
        // First the worst case: the silent probe asks first every minute, and takes every key it can.
        { numRuns: 5, endOnFailure: true, examples: [[1, true, null, Array.from({ length: MINUTES + 1 }, () => 1)]] },
      )
    } finally {
      await payload.delete({ collection: 'keys', where: { server: { equals: many.id } } })
      await payload.delete({ collection: 'servers', where: { id: { equals: many.id } } })
    }
  })
})

describe('the visitor’s own network', () => {
  it('is told from their address by the AS numbers the probes name, never stored; an address elsewhere, or no AS numbers, is nothing', async () => {
    const { forgetVisitorNetworks } = await import('@/lib/probes/visitorNetwork')
    const { GET } = await import('@/app/api/network/route')
    const previous = process.env.ASN_DATA_DIR
    process.env.ASN_DATA_DIR = path.resolve(__dirname, '../fixtures/asn')
    const ask = async (address: string) => {
      const response = await GET(new Request('http://localhost/api/network', { headers: { 'x-forwarded-for': address } }))
      expect(response.headers.get('cache-control')).toBe('private, no-store')
      return ((await response.json()) as { network: string | null }).network
    }
    try {
      forgetVisitorNetworks()
      expect(await ask('192.0.2.7')).toBeNull()
      const mobile = await payload.create({ collection: 'probes', data: { name: `asn-${process.pid}`, country: 'ru', network: 'Тест, мобильный', asns: 'AS64500, 64501' } })
      expect(mobile.asns).toBe('64500,64501')
      await expect(payload.create({ collection: 'probes', data: { name: `asn-bad-${process.pid}`, country: 'ru', network: 'x', asns: '8359; drop' } })).rejects.toThrow(/автономных систем/)
      forgetVisitorNetworks()
      // The database unreadable (a broken install): the request fails, and the next one, once it is back, reads it again.
      process.env.ASN_DATA_DIR = path.resolve(__dirname, '../fixtures/asn-missing')
      await expect(GET(new Request('http://localhost/api/network', { headers: { 'x-forwarded-for': '192.0.2.7' } }))).rejects.toThrow(/ENOENT/)
      process.env.ASN_DATA_DIR = path.resolve(__dirname, '../fixtures/asn')
      expect(await ask('192.0.2.7')).toBe('Тест, мобильный')
      expect(await ask('2001:db8::5')).toBe('Тест, мобильный')
      expect(await ask('198.51.100.20')).toBe('Тест, мобильный')
      expect(await ask('203.0.113.5')).toBeNull()
      expect(await ask('not an address')).toBeNull()
      // Nothing of the visitor is kept: no table gains a row.
      const { sqlPool } = await import('@/lib/db/pool')
      const { rows } = await sqlPool(payload).query(`SELECT count(*)::int AS n FROM probes WHERE asns IS NOT NULL`, [])
      expect(rows).toEqual([{ n: 1 }])
      // A revoked probe's network is nobody's.
      await payload.update({ collection: 'probes', id: mobile.id, data: { revokedAt: new Date().toISOString() } })
      forgetVisitorNetworks()
      expect(await ask('192.0.2.7')).toBeNull()
    } finally {
      if (previous === undefined) delete process.env.ASN_DATA_DIR
      else process.env.ASN_DATA_DIR = previous
      forgetVisitorNetworks()
    }
  })
})

describe('the demo’s probe network and /status', () => {
  it('is made by the seed, marked demo, filled hour by hour up to now and never twice; /status reads it by protocol and network', async () => {
    const { DEMO_PROBES, fillDemoProbeNetwork } = await import('@/lib/probes/demo')
    const { readNetworkStatus } = await import('@/lib/data/status')
    const demo = await payload.find({ collection: 'probes', where: { demo: { equals: true } }, pagination: false, depth: 0 })
    expect(demo.docs.map((probe) => probe.network).sort()).toEqual(DEMO_PROBES.map((probe) => probe.network).sort())
    // Made by the seed: nothing is missing up to now, and an hour later only that hour is added.
    expect(await fillDemoProbeNetwork(payload)).toBeLessThanOrEqual(DEMO_PROBES.length * 6)
    expect(await fillDemoProbeNetwork(payload)).toBe(0)
    expect(await fillDemoProbeNetwork(payload, new Date(Date.now() + 3_600_000))).toBe(DEMO_PROBES.length * 6)
    const status = await readNetworkStatus()
    expect(status.country).toBe('ru')
    const row = (protocol: string) => status.rows.find((entry) => entry.protocol === protocol && entry.network === 'МТС (демо)')!
    expect(row('vless').week.checks).toBeGreaterThan(900)
    expect(row('vless').week.passed / row('vless').week.checks).toBeGreaterThan(0.85)
    expect(row('wireguard').week.passed / row('wireguard').week.checks).toBeLessThan(0.15)
    expect(row('vless').hour.checks).toBeGreaterThan(0)
    expect(status.days.find((entry) => entry.protocol === 'vless')!.days).toHaveLength(7)
  })
})

describe('proof from real use', () => {
  it('a free key a panel saw used from a network the probes name works there without a probe; nothing of the client but country, network and hour is kept, and a subscriber’s key is never asked after; a key many visitors took without use since is suspect until used', async () => {
    const { serveDouble, readBody } = await import('@/lib/provisioning/adapters/doubles')
    const { checkAllServers } = await import('@/lib/provisioning/health')
    const { forgetVisitorNetworks } = await import('@/lib/probes/visitorNetwork')
    const { sqlPool } = await import('@/lib/db/pool')
    const pool = sqlPool(payload)
    // A 3x-ui panel (3.x, API token) that tells its clients' traffic and addresses.
    const seen = new Map<string, { bytes: number; ips: string[] }>()
    const asked: string[] = []
    const served = await serveDouble(async (request, response) => {
      await readBody(request)
      const send = (body: unknown) => void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
      if (request.headers.authorization !== 'Bearer use-token') return void response.writeHead(401).end()
      const [, what, email] = /^\/p\/panel\/api\/inbounds\/(getClientTraffics|clientIps)\/(.+)$/.exec(request.url ?? '') ?? []
      if (!what || !email) return void response.writeHead(404).end()
      asked.push(decodeURIComponent(email))
      const client = seen.get(decodeURIComponent(email)) ?? { bytes: 0, ips: [] }
      if (what === 'getClientTraffics') return send({ success: true, msg: '', obj: { email, up: client.bytes, down: 0, lastOnline: 0 } })
      return send({ success: true, msg: '', obj: client.ips.length > 0 ? client.ips.map((ip) => `${ip} (2026-11-29 14:03:00)`) : 'No IP Record' })
    })
    const previous = process.env.ASN_DATA_DIR
    process.env.ASN_DATA_DIR = path.resolve(__dirname, '../fixtures/asn')
    forgetVisitorNetworks()
    const country = (await payload.find({ collection: 'countries', where: { code: { equals: 'fi' } }, limit: 1, depth: 0 })).docs[0]!
    // The panel on this machine (an admin's word lets the health check reach it), its vless port the double's own.
    const port = Number(new URL(served.url).port)
    const panelServer = await payload.create({
      collection: 'servers',
      data: { country: country.id, hosting: 'Test', tier: 'free', enabled: true, name: `use-${process.pid}`, host: '127.0.0.1', privateNetwork: true, adapter: '3x-ui', protocols: [{ protocol: 'vless', port, freeKeys: 0 }], credentials: { apiUrl: `${served.url}/p/`, apiToken: 'use-token' } },
    })
    const probe = await payload.create({ collection: 'probes', data: { name: `use-net-${process.pid}`, country: 'ru', network: 'Тест, мобильный', asns: '64500' } })
    const keyOn = (name: string, tier: 'free' | 'vip') =>
      payload.create({
        collection: 'keys',
        data: { server: panelServer.id, protocol: 'vless', tier, ...(tier === 'vip' ? { owner: customer.id } : {}), providerRef: `1:${name}:0f6c3b2a-6c3e-4f6e-9d5e-1a2b3c4d5e6f`, keyString: `vless://0f6c3b2a-6c3e-4f6e-9d5e-1a2b3c4d5e6f@127.0.0.1:${port}?security=none#${name}` },
        depth: 0,
      })
    const used = await keyOn('vk_used', 'free')
    const idle = await keyOn('vk_idle', 'free')
    await keyOn('vk_subscriber', 'vip')
    try {
      // The first reading: nothing to compare with, nothing proven.
      const first = new Date()
      await checkAllServers(payload, first)
      expect(new Set(asked)).toEqual(new Set(['vk_used', 'vk_idle']))
      expect(await reachOfKey(used)).toMatchObject({ state: null })
      // Ten minutes later one key has carried traffic from a client on the probes' network and one elsewhere.
      seen.set('vk_used', { bytes: 52_000, ips: ['192.0.2.7', '203.0.113.5'] })
      seen.set('vk_idle', { bytes: 0, ips: ['192.0.2.8'] })
      const later = new Date(first.getTime() + 10 * 60_000)
      await checkAllServers(payload, later)
      expect(asked).not.toContain('vk_subscriber')
      expect(await reachOfKey(used)).toMatchObject({ state: 'works', worksOn: 'Тест, мобильный', country: 'ru' })
      expect(await reachOfKey(idle)).toMatchObject({ state: null })
      // Kept: the network and the hour, and the key's traffic counter; no address, in any column.
      const hour = new Date(Math.floor(later.getTime() / 3_600_000) * 3_600_000)
      expect((await pool.query('SELECT key_id, country, network, hour FROM key_use_hours WHERE key_id = ANY($1::int[])', [[used.id, idle.id]])).rows).toEqual([{ key_id: used.id, country: 'ru', network: 'Тест, мобильный', hour }])
      const columns = await pool.query(`SELECT table_name, column_name FROM information_schema.columns WHERE table_name IN ('key_use', 'key_use_hours', 'key_takes_hours') ORDER BY table_name, ordinal_position`, [])
      expect((columns.rows as { table_name: string; column_name: string }[]).map((row) => `${row.table_name}.${row.column_name}`)).toEqual([
        'key_takes_hours.key_id',
        'key_takes_hours.hour',
        'key_takes_hours.takes',
        'key_use.key_id',
        'key_use.bytes',
        'key_use.read_at',
        'key_use.used_at',
        'key_use.watched_since',
        'key_use_hours.key_id',
        'key_use_hours.country',
        'key_use_hours.network',
        'key_use_hours.hour',
      ])

      // Visitors take keys: nine copy beacons and a download for the idle key, each from its own address, and the
      // same ten for the used one; a second copy from one address, a subscriber's key and a cross-site beacon count nothing.
      const taken = await import('@/app/api/key-details/[id]/taken/route')
      const download = await import('@/app/api/key-details/[id]/download/route')
      const beacon = (id: number, from: string, headers: Record<string, string> = {}) =>
        taken.POST(new Request(`http://localhost/api/key-details/${id}/taken`, { method: 'POST', headers: { 'x-forwarded-for': from, ...headers } }), { params: Promise.resolve({ id: String(id) }) })
      for (const key of [idle, used]) {
        for (let index = 1; index <= 9; index += 1) expect((await beacon(key.id, `198.51.100.${index}`)).status).toBe(204)
        expect((await beacon(key.id, '198.51.100.1')).status).toBe(204)
        const file = await download.GET(new Request(`http://localhost/api/key-details/${key.id}/download`, { headers: { 'x-forwarded-for': '198.51.100.10' } }), { params: Promise.resolve({ id: String(key.id) }) })
        expect(file.status).toBe(200)
      }
      const subscriberKey = (await payload.find({ collection: 'keys', where: { providerRef: { like: 'vk_subscriber' } }, depth: 0 })).docs[0]!
      expect((await beacon(subscriberKey.id, '198.51.100.11')).status).toBe(204)
      expect((await beacon(idle.id, '198.51.100.12', { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' })).status).toBe(403)
      expect((await beacon(0, '198.51.100.12')).status).toBe(400)
      const takes = async () =>
        Object.fromEntries(((await pool.query('SELECT key_id, sum(takes)::int AS takes FROM key_takes_hours WHERE key_id = ANY($1::int[]) GROUP BY key_id', [[idle.id, used.id, subscriberKey.id]])).rows as { key_id: number; takes: number }[]).map((row) => [row.key_id, row.takes]))
      expect(await takes()).toEqual({ [idle.id]: 10, [used.id]: 10 })
      // Two hours on (the takes and the panel's watch moved back, as the readings every ten minutes would have kept
      // it): the idle key was taken ten times and carried nothing since, so it is suspect and a step down the
      // lists, said to staff only; the used one is not.
      await pool.query(`UPDATE key_takes_hours SET hour = hour - interval '2 hours' WHERE key_id = ANY($1::int[])`, [[idle.id, used.id]])
      await pool.query(`UPDATE key_use SET watched_since = watched_since - interval '4 hours' WHERE key_id = ANY($1::int[])`, [[idle.id, used.id]])
      const rankOf = async (key: Key) => (await payload.findByID({ collection: 'keys', id: key.id, depth: 0 })).listRank
      expect(await rankOf(idle)).toBe(11)
      const suspectAt = new Date(later.getTime() + 10 * 60_000)
      await checkAllServers(payload, suspectAt)
      expect((await reachOfKey(idle))?.suspectSince).toBe(suspectAt.toISOString())
      expect((await reachOfKey(used))?.suspectSince ?? null).toBeNull()
      expect(await rankOf(idle)).toBe(21)
      expect(await rankOf(used)).toBe(1)
      const publicView = await payload.findByID({ collection: 'keys', id: idle.id, depth: 0, overrideAccess: false })
      expect(publicView.reach).not.toHaveProperty('suspectSince')
      // Used at last: it is no longer suspect, and back in its place.
      seen.set('vk_idle', { bytes: 9_000, ips: [] })
      await checkAllServers(payload, new Date(suspectAt.getTime() + 10 * 60_000))
      expect((await reachOfKey(idle))?.suspectSince ?? null).toBeNull()
      expect(await rankOf(idle)).toBe(11)

      // Two hours on without use, the proof has gone stale: the key is untested there again.
      const { refreshStaleReach } = await import('@/lib/probes/rounds')
      await pool.query('UPDATE keys SET reach_checked_at = $2 WHERE id = $1', [used.id, new Date(later.getTime() - 2 * 3_600_000)])
      await refreshStaleReach(payload, new Date(later.getTime() + 3 * 3_600_000))
      expect(await reachOfKey(used)).toMatchObject({ state: 'untested' })
    } finally {
      if (previous === undefined) delete process.env.ASN_DATA_DIR
      else process.env.ASN_DATA_DIR = previous
      forgetVisitorNetworks()
      await payload.delete({ collection: 'keys', where: { server: { equals: panelServer.id } } })
      await payload.delete({ collection: 'servers', where: { id: { equals: panelServer.id } } })
      await payload.delete({ collection: 'probes', where: { id: { equals: probe.id } } })
      await served.close()
    }
  })
})

describe('a server’s page in the admin', () => {
  it('shows, per network of the visitors, the share of its keys’ checks that passed over a day and a week, and the hours its keys were used from there', async () => {
    const { renderToStaticMarkup } = await import('react-dom/server')
    const { ServerReach } = await import('@/components/admin/ServerReach')
    const { readServerReach } = await import('@/lib/probes/serverReach')
    const { sqlPool } = await import('@/lib/db/pool')
    const pool = sqlPool(payload)
    const now = new Date()
    const hoursAgo = (hours: number) => new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 - hours * 3_600_000)
    const fresh = await payload.create({
      collection: 'servers',
      data: { country: typeof server.country === 'object' ? server.country.id : server.country, hosting: 'Test', tier: 'free', enabled: true, name: `reach-${process.pid}`, host: '203.0.113.11', adapter: 'manual', protocols: [{ protocol: 'vless', port: 443, freeKeys: 0 }] },
    })
    const key = await payload.create({ collection: 'keys', data: { server: fresh.id, protocol: 'vless', tier: 'free', keyString: 'vless://0f6c3b2a-6c3e-4f6e-9d5e-777777777777@203.0.113.11:443?security=tls#reach' }, depth: 0 })
    const render = async (language: 'ru' | 'en') => renderToStaticMarkup((await ServerReach({ id: fresh.id, payload, req: { i18n: { language } } } as never))!)
    try {
      expect(await render('ru')).toContain('Пробы в сетях посетителей ещё не проверяли ключи этого сервера')
      // МТС: 9 of 10 today, and 10 of 10 three days ago; Билайн: only a week-old hour and real use in two hours of today.
      await pool.query(
        `INSERT INTO probe_hours (key_id, country, network, hour, checks, passed) VALUES ($1, 'ru', 'МТС', $2, 10, 9), ($1, 'ru', 'МТС', $3, 10, 10), ($1, 'ru', 'Билайн', $4, 4, 1), ($1, 'ru', 'МТС', $5, 50, 0)`,
        [key.id, hoursAgo(1), hoursAgo(72), hoursAgo(150), hoursAgo(8 * 24)],
      )
      await pool.query(`INSERT INTO key_use_hours (key_id, country, network, hour) VALUES ($1, 'ru', 'Билайн', $2), ($1, 'ru', 'Билайн', $3), ($1, 'ru', 'Билайн', $4)`, [key.id, hoursAgo(0), hoursAgo(5), hoursAgo(30)])
      expect(await readServerReach(payload, fresh.id, now)).toEqual([
        { country: 'ru', network: 'Билайн', day: { checks: 0, passed: 0 }, week: { checks: 4, passed: 1 }, hoursUsed: 2 },
        { country: 'ru', network: 'МТС', day: { checks: 10, passed: 9 }, week: { checks: 20, passed: 19 }, hoursUsed: 0 },
      ])
      const ru = (await render('ru')).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
      expect(ru).toContain('Из сетей посетителей')
      expect(ru).toContain('Билайн (RU) — 25 % 2 часа из 24')
      expect(ru).toContain('МТС (RU) 90 % 95 % —')
      expect((await render('en')).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')).toContain('Билайн (RU) — 25 % 2 hours of 24')
    } finally {
      await payload.delete({ collection: 'keys', where: { server: { equals: fresh.id } } })
      await payload.delete({ collection: 'servers', where: { id: { equals: fresh.id } } })
    }
  })
})
