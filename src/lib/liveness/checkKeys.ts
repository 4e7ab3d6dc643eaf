// Free keys checked through a real connection, as a visitor's app would use them (src/lib/liveness/connect.ts): each
// run takes the keys never checked first, then the longest unchecked, a few at a time, within a time budget. A key
// that fails HIDE_AFTER_FAILED_CHECKS times in a row leaves the lists and feeds until it passes again; a server whose
// checked keys all fail is flagged for editors. Keys no client here can speak (WireGuard, OpenVPN, SSTP, and with
// V2Ray also REALITY, Vision and gRPC) keep the server's port check, and the site says which check a key had.
import type { Payload, Where } from 'payload'

import { resolvePublicTarget } from '@/lib/http/privateAddress'
import type { Key, Server } from '@/payload-types'

import { checkConnection, checkableProxy, findLivenessClient } from './connect'
import type { LivenessClient } from './connect'
import { HIDE_AFTER_FAILED_CHECKS } from './policy'


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

function positive(raw: string | undefined, fallback: number): number {
  const value = Number(raw)
  return Number.isInteger(value) && value > 0 ? value : fallback
}

export function livenessOptions(env: NodeJS.ProcessEnv = process.env): LivenessOptions {
  return {
    client: findLivenessClient(env.LIVENESS_CLIENT?.trim() || undefined),
    checkUrl: env.LIVENESS_CHECK_URL?.trim() || 'http://www.gstatic.com/generate_204',
    timeoutMs: positive(env.LIVENESS_TIMEOUT_MS, 8000),
    concurrency: positive(env.LIVENESS_CONCURRENCY, 4),
    maxKeys: positive(env.LIVENESS_MAX_KEYS, 300),
    budgetMs: positive(env.LIVENESS_BUDGET_MS, 5 * 60_000),
  }
}

export type LivenessRun = { checked: number; failed: number; notCheckable: number; flagged: string[]; client: string | null }

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
  const select = { keyString: true, server: true, protocol: true, liveness: true } as const
  const fresh = await payload.find({ collection: 'keys', where: { and: [where, { 'liveness.checkedAt': { exists: false } }] }, sort: 'createdAt', limit, depth: 0, select })
  const rest = limit - fresh.docs.length
  const older =
    rest > 0
      ? await payload.find({ collection: 'keys', where: { and: [where, { 'liveness.checkedAt': { exists: true } }] }, sort: 'liveness.checkedAt', limit: rest, depth: 0, select })
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

/** May this server's keys be connected to from here? Internal addresses only on an admin's word, as for health checks. */
async function reachable(server: Server, host: string): Promise<boolean> {
  if (server.privateNetwork) return true
  return (await resolvePublicTarget(host)).ok
}

export async function checkFreeKeys(payload: Payload, now: Date = new Date(), options: LivenessOptions = livenessOptions()): Promise<LivenessRun> {
  const run: LivenessRun = { checked: 0, failed: 0, notCheckable: 0, flagged: [], client: options.client?.command ?? null }
  const client = options.client
  if (!client) return run
  // Demo servers have made-up hosts: their keys are samples and are never connected to.
  const { docs: servers } = await payload.find({ collection: 'servers', where: { and: [{ enabled: { equals: true } }, { adapter: { not_equals: 'demo' } }] }, pagination: false, depth: 0 })
  if (servers.length === 0) return run
  const byId = new Map(servers.map((server) => [server.id, server]))
  const keys = await keysToCheck(payload, [...byId.keys()], now, options.maxKeys)
  const touched = new Set<number>()
  await pool(keys, options.concurrency, Date.now() + options.budgetMs, async (key) => {
    const server = byId.get(typeof key.server === 'object' ? key.server.id : key.server)
    const proxy = key.keyString ? checkableProxy(client, key.keyString) : null
    if (!server || !proxy || !(await reachable(server, proxy.server))) {
      run.notCheckable += 1
      return
    }
    const result = await checkConnection(client, proxy, { checkUrl: options.checkUrl, timeoutMs: options.timeoutMs })
    const failures = result.ok ? 0 : (key.liveness?.failures ?? 0) + 1
    run.checked += 1
    if (!result.ok) run.failed += 1
    touched.add(server.id)
    await payload.update({
      collection: 'keys',
      id: key.id,
      data: {
        liveness: { checkedAt: new Date().toISOString(), ok: result.ok, latencyMs: result.latencyMs, exitCountry: result.exitCountry, failures, detail: result.detail.slice(0, 500) },
      },
      depth: 0,
    })
  })
  for (const serverId of touched) {
    const server = byId.get(serverId)!
    const checkedKeys = await payload.find({
      collection: 'keys',
      where: { and: [liveFreeKeys([serverId], now), { 'liveness.checkedAt': { exists: true } }] },
      pagination: false,
      depth: 0,
      select: { liveness: true },
    })
    const failing = checkedKeys.docs.length > 0 && checkedKeys.docs.every((key) => (key.liveness?.failures ?? 0) >= HIDE_AFTER_FAILED_CHECKS)
    if (failing) run.flagged.push(server.name)
    if (Boolean(server.health?.keysFailing) !== failing) {
      await payload.update({ collection: 'servers', id: serverId, data: { health: { ...server.health, keysFailing: failing } }, depth: 0 })
    }
  }
  return run
}
