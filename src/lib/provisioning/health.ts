// Server health: every protocol port that speaks TCP is connected to and timed. A server whose checks fail
// HIDE_SERVER_AFTER_FAILED_CHECKS times in a row (src/lib/keys/visibility.ts) has its free keys hidden from the public lists until it answers again.
// Demo servers have made-up hosts: they are reported up without a network check (and say so).
import { probeTcp as probeTcpOnce } from '@/lib/net/probeTcp'

import type { Payload } from 'payload'

import type { AdminTranslator } from '@/lib/admin/adminMessages'
import { recordServerHour } from '@/lib/admin/trends'
import { resolvePublicTarget } from '@/lib/http/privateAddress'
import { HIDE_SERVER_AFTER_FAILED_CHECKS } from '@/lib/keys/visibility'
import { recordPanelUse } from '@/lib/probes/panelUse'
import type { Server } from '@/payload-types'

import { adapterDefinition } from './adapters'

const TIMEOUT_MS = 3000

/** What the check found, in no language: stored as JSON and read in the editor's (`healthDetailText`). */
export type HealthDetail =
  | { kind: 'demo' }
  | { kind: 'ssManager'; latencyMs: number | null }
  | { kind: 'udpOnly' }
  | { kind: 'internal' }
  | { kind: 'unresolved' }
  | { kind: 'ports'; ports: { protocol: string; port: number; latencyMs: number | null }[] }

export type ServerHealth = { status: 'up' | 'down' | 'unknown'; latencyMs: number | null; detail: HealthDetail }

/** A stored check detail in the admin's language; an older plain-text detail is shown as it was written. */
export function healthDetailText(stored: unknown, t: AdminTranslator): string | null {
  if (typeof stored !== 'string' || !stored.startsWith('{')) return typeof stored === 'string' ? stored : null
  let detail: HealthDetail
  try {
    detail = JSON.parse(stored) as HealthDetail
  } catch {
    return stored
  }
  switch (detail.kind) {
    case 'ssManager':
      return detail.latencyMs === null ? t('health.ssManagerDown') : t('health.ssManagerUp', { ms: detail.latencyMs })
    case 'ports':
      return detail.ports
        .map(({ protocol, port, latencyMs }) => (latencyMs === null ? t('health.portDown', { protocol, port }) : t('health.portUp', { protocol, port, ms: latencyMs })))
        .join(', ')
    case 'demo':
    case 'udpOnly':
    case 'internal':
    case 'unresolved':
      return t(`health.${detail.kind}`)
    default:
      return stored
  }
}

/** Milliseconds to open a TCP connection, or null when it cannot be opened in time. */
export function probeTcp(host: string, port: number, timeoutMs = TIMEOUT_MS): Promise<number | null> {
  return probeTcpOnce(host, port, timeoutMs)
}

function tcpPorts(server: Server): { protocol: string; port: number }[] {
  return (server.protocols ?? [])
    // WireGuard and Hysteria 2 (QUIC) answer on UDP only, as OpenVPN over UDP does: no TCP port to connect to.
    .filter((entry) => entry.protocol !== 'wireguard' && entry.protocol !== 'hysteria2' && (entry.protocol !== 'openvpn' || entry.publicParams?.transport === 'tcp'))
    .map((entry) => ({ protocol: entry.protocol, port: entry.port }))
}

export async function checkServer(server: Server): Promise<ServerHealth> {
  // An adapter with a check of its own (demo, ss-manager) says how its server is.
  const own = adapterDefinition(server.adapter)?.health
  if (own) return own(server)
  const ports = tcpPorts(server)
  if (ports.length === 0) return { status: 'unknown', latencyMs: null, detail: { kind: 'udpOnly' } }
  // An editor types the host: internal addresses are probed only on an admin's word (privateNetwork).
  let address = server.host
  if (!server.privateNetwork) {
    const target = await resolvePublicTarget(server.host)
    if (!target.ok) {
      const internal = target.reason === 'internal'
      return { status: internal ? 'unknown' : 'down', latencyMs: null, detail: { kind: internal ? 'internal' : 'unresolved' } }
    }
    address = target.address
  }
  const results = await Promise.all(ports.map(async ({ protocol, port }) => ({ protocol, port, latency: await probeTcp(address, port) })))
  const failed = results.filter((result) => result.latency === null)
  const latencies = results.flatMap((result) => (result.latency === null ? [] : [result.latency]))
  return {
    status: failed.length === 0 ? 'up' : 'down',
    latencyMs: latencies.length > 0 ? Math.max(...latencies) : null,
    detail: { kind: 'ports', ports: results.map(({ protocol, port, latency }) => ({ protocol, port, latencyMs: latency })) },
  }
}

/**
 * Checks every enabled server, records the result, hides or shows free keys of servers that went down or came back,
 * and reads the panels' use of the keys.
 */
export async function checkAllServers(payload: Payload, now: Date = new Date()): Promise<{ checked: number; down: string[] }> {
  const servers = await payload.find({ collection: 'servers', where: { enabled: { equals: true } }, pagination: false, depth: 0 })
  const down: string[] = []
  for (const server of servers.docs) {
    const health = await checkServer(server)
    const failures = health.status === 'down' ? (server.health?.failures ?? 0) + 1 : 0
    if (health.status === 'down') down.push(server.name)
    await recordServerHour(payload, server.id, health.status, now)
    await payload.update({
      collection: 'servers',
      id: server.id,
      data: { health: { status: health.status, latencyMs: health.latencyMs, lastCheckedAt: now.toISOString(), failures, detail: JSON.stringify(health.detail) } },
      depth: 0,
    })
    const hide = failures >= HIDE_SERVER_AFTER_FAILED_CHECKS
    // Only the keys whose state changes are written, so a steady server costs one small query.
    await payload.update({
      collection: 'keys',
      where: { and: [{ server: { equals: server.id } }, { tier: { equals: 'free' } }, { serverDown: hide ? { not_equals: true } : { equals: true } }] },
      data: { serverDown: hide },
      depth: 0,
    })
    // What the panel says of its keys' use: proof from real clients where they are (src/lib/probes/panelUse.ts). A
    // panel that cannot tell it now is asked again at the next check; a server that is down is not asked.
    if (health.status !== 'down') {
      await recordPanelUse(payload, server, now).catch((error: unknown) => {
        console.warn(`${server.name}: the panel's use of its keys could not be read (${error instanceof Error ? error.message : String(error)})`)
      })
    }
  }
  return { checked: servers.docs.length, down }
}
