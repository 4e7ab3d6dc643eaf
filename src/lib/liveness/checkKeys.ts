// Free keys checked through a real connection, as a visitor's app would use them (src/lib/liveness/connect.ts): each
// run takes the keys never taken up first, then those waiting longest, a few at a time, within a time budget. A key
// that fails HIDE_KEY_AFTER_FAILED_CHECKS times in a row leaves the lists and feeds until it passes again; a server whose
// checked keys all fail is flagged for editors. Keys no client here can speak (WireGuard, OpenVPN, SSTP, and with
// V2Ray also REALITY, Vision and gRPC) keep the server's port check, and the site says which check a key had.
import type { Payload, Where } from 'payload'

import { revalidatePublic } from '@/lib/data/revalidate'
import { env } from '@/lib/env'
import { resolvePublicTarget } from '@/lib/http/privateAddress'
import { sameHost } from '@/lib/http/sameHost'
import type { Key, Server } from '@/payload-types'

import { aimedAt, checkConnection, checkableProxy, findLivenessClient } from './connect'
import type { ConnectionCheck, LivenessClient } from './connect'
import { HIDE_KEY_AFTER_FAILED_CHECKS } from '@/lib/keys/visibility'
import { isProtocol } from '@/lib/keys'
import { keyListRank } from '@/lib/keys/listOrder'

export type LivenessOptions = {
  client: LivenessClient | null
  /** Fetched through each key: 204 or 200 means it works (LIVENESS_CHECK_URL). */
  checkUrl: string
  timeoutMs: number
  concurrency: number
  /** Keys per run, and the run's time budget: a run never outlasts its schedule. */
  maxKeys: number
  budgetMs: number
}

/** The options LIVENESS_* set (src/lib/env.ts, .env.example). */
export function livenessOptions(): LivenessOptions {
  const settings = env()
  return {
    client: findLivenessClient(settings.LIVENESS_CLIENT),
    checkUrl: settings.LIVENESS_CHECK_URL,
    timeoutMs: settings.LIVENESS_TIMEOUT_MS,
    concurrency: settings.LIVENESS_CONCURRENCY,
    maxKeys: settings.LIVENESS_MAX_KEYS,
    budgetMs: settings.LIVENESS_BUDGET_MS,
  }
}

export type LivenessRun = {
  checked: number
  failed: number
  notCheckable: number
  flagged: string[]
  client: string | null
  /** Every key failed: taken as the checker's own trouble (no network here, the check page down), so nothing counted. */
  notCounted: boolean
}

/** At least this many keys all failing in one run is the checker's trouble, not theirs. */
const ALL_FAILED_IS_SUSPECT = 3

/** Free keys that are live now, whether or not the connection check hides them (a hidden key must be able to return). */
function liveFreeKeys(serverIds: number[], now: Date): Where {
  return {
    and: [
      { tier: { equals: 'free' } },
      { server: { in: serverIds } },
      { revokedAt: { exists: false } },
      { keyString: { exists: true } },
      { or: [{ expiresAt: { exists: false } }, { expiresAt: { greater_than: now.toISOString() } }] },
    ],
  }
}

async function keysToCheck(payload: Payload, serverIds: number[], now: Date, limit: number): Promise<Key[]> {
  const where = liveFreeKeys(serverIds, now)
  const select = { keyString: true, server: true, protocol: true, liveness: true, reach: true } as const
  const fresh = await payload.find({ collection: 'keys', where: { and: [where, { 'liveness.attemptedAt': { exists: false } }] }, sort: 'createdAt', limit, depth: 0, select })
  const rest = limit - fresh.docs.length
  const older =
    rest > 0
      ? await payload.find({ collection: 'keys', where: { and: [where, { 'liveness.attemptedAt': { exists: true } }] }, sort: 'liveness.attemptedAt', limit: rest, depth: 0, select })
      : { docs: [] }
  return [...fresh.docs, ...older.docs] as Key[]
}

/** Runs `work` over `items`, at most `concurrency` at once, starting no new item after `deadline`. */
async function pool<T>(items: T[], concurrency: number, deadline: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length && Date.now() < deadline) {
      const item = items[next]!
      next += 1
      await work(item)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker))
}

/**
 * The address to connect to for this key, or null when it may not be connected to from here. A public address is
 * resolved once and used as is (the client never resolves the name again, so a name cannot turn internal between
 * the check and the connection). An internal one only on an admin's word (privateNetwork), and only for the
 * server's own host: a key an editor imported for another address never probes the private network.
 */
async function targetOf(server: Server, host: string): Promise<string | null> {
  const target = await resolvePublicTarget(host)
  if (target.ok) return target.address
  return server.privateNetwork && target.reason === 'internal' && sameHost(host, server.host) ? host : null
}

const NO_CHECK = { checkedAt: null, ok: null, latencyMs: null, exitCountry: null, failures: null, detail: null }

/**
 * Only the check's own columns and the list place they decide (a key whose check failed goes after those that
 * passed), without the collection's hooks (no public cache dropped per key, no whole-row rewrite).
 */
async function writeLiveness(payload: Payload, key: Key, liveness: Record<string, unknown>): Promise<void> {
  const listRank = isProtocol(key.protocol) ? keyListRank(key.protocol, key.reach?.state, liveness.ok === false, Boolean(key.reach?.suspectSince)) : undefined
  await payload.db.updateOne({ collection: 'keys', id: key.id, data: { liveness, ...(listRank === undefined ? {} : { listRank }) }, returning: false })
}

export async function checkFreeKeys(payload: Payload, now: Date = new Date(), options: LivenessOptions = livenessOptions()): Promise<LivenessRun> {
  const run: LivenessRun = { checked: 0, failed: 0, notCheckable: 0, flagged: [], client: options.client?.command ?? null, notCounted: false }
  const client = options.client
  // Demo servers have made-up hosts: their keys are samples and are never connected to.
  const { docs: servers } = await payload.find({ collection: 'servers', where: { and: [{ enabled: { equals: true } }, { adapter: { not_equals: 'demo' } }] }, pagination: false, depth: 0 })
  if (servers.length === 0) return run
  const byId = new Map(servers.map((server) => [server.id, server]))
  const keys = await keysToCheck(payload, [...byId.keys()], now, options.maxKeys)
  let visibilityChanged = false
  const attemptedAt = new Date().toISOString()
  // A key no client here can check (none installed, or not this kind) forgets an earlier result: it keeps the port check.
  const forget = async (key: Key) => {
    run.notCheckable += 1
    if ((key.liveness?.failures ?? 0) >= HIDE_KEY_AFTER_FAILED_CHECKS) visibilityChanged = true
    await writeLiveness(payload, key, { ...NO_CHECK, attemptedAt })
  }
  const results: { key: Key; serverId: number; result: ConnectionCheck }[] = []
  await pool(keys, options.concurrency, Date.now() + options.budgetMs, async (key) => {
    const server = byId.get(typeof key.server === 'object' ? key.server.id : key.server)
    const proxy = client && key.keyString ? checkableProxy(client, key.keyString) : null
    const address = server && proxy ? await targetOf(server, proxy.server) : null
    if (!client || !server || !proxy || !address) return forget(key)
    const result = await checkConnection(client, aimedAt(proxy, address), { checkUrl: options.checkUrl, timeoutMs: options.timeoutMs })
    if (result.clientFailed) {
      run.notCheckable += 1
      await writeLiveness(payload, key, { ...key.liveness, attemptedAt })
      return
    }
    results.push({ key, serverId: server.id, result })
  })
  run.checked = results.length
  run.failed = results.filter(({ result }) => !result.ok).length
  run.notCounted = run.checked >= ALL_FAILED_IS_SUSPECT && run.failed === run.checked
  const touched = new Set<number>()
  for (const { key, serverId, result } of results) {
    if (run.notCounted) {
      await writeLiveness(payload, key, { ...key.liveness, attemptedAt })
      continue
    }
    const before = key.liveness?.failures ?? 0
    const failures = result.ok ? 0 : before + 1
    if (before >= HIDE_KEY_AFTER_FAILED_CHECKS !== failures >= HIDE_KEY_AFTER_FAILED_CHECKS) visibilityChanged = true
    touched.add(serverId)
    await writeLiveness(payload, key, {
      attemptedAt,
      checkedAt: new Date().toISOString(),
      ok: result.ok,
      latencyMs: result.latencyMs,
      exitCountry: result.exitCountry,
      failures,
      detail: result.detail.slice(0, 500),
    })
  }
  if (run.notCounted) console.warn(`Connection check: all ${run.checked} keys failed (${results[0]?.result.detail ?? ''}); taken as this machine's trouble, nothing counted.`)
  for (const serverId of touched) {
    const server = byId.get(serverId)!
    const checkedKeys = await payload.find({
      collection: 'keys',
      where: { and: [liveFreeKeys([serverId], now), { 'liveness.checkedAt': { exists: true } }] },
      pagination: false,
      depth: 0,
      select: { liveness: true },
    })
    const failing = checkedKeys.docs.length > 0 && checkedKeys.docs.every((key) => (key.liveness?.failures ?? 0) >= HIDE_KEY_AFTER_FAILED_CHECKS)
    if (failing) run.flagged.push(server.name)
    if (Boolean(server.health?.keysFailing) !== failing) {
      await payload.update({ collection: 'servers', id: serverId, data: { health: { ...server.health, keysFailing: failing } }, depth: 0 })
    }
  }
  // The lists and feeds change only when a key left or came back: then once, not per key.
  if (visibilityChanged) revalidatePublic('keys')
  return run
}
