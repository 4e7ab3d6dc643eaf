// The demo's probe network (`npm run dev`, previews): three made-up probes in Russia, marked demo in the admin, and
// their hourly results over the last week, so /status and the dashboard show what a real network of probes would.
// Believable, not real: protocols that get through Russia's filtering pass most checks, WireGuard and OpenVPN
// hardly any. Filled up to the current hour by the seed and then hourly (src/jobs/recordFigures.ts); a database
// without demo probes (production) gets nothing.
import type { Payload } from 'payload'

import { sqlPool } from '@/lib/db/pool'
import type { ListedProtocol } from '@/lib/keys'

export const DEMO_PROBES = [
  { name: 'Москва, МТС (демо)', network: 'МТС (демо)' },
  { name: 'Санкт-Петербург, Ростелеком (демо)', network: 'Ростелеком (демо)' },
  { name: 'Екатеринбург, Билайн (демо)', network: 'Билайн (демо)' },
] as const

/** The share of checks that pass, per protocol: what reports from Russia in 2025–2026 describe. */
// The public lists' protocols: the probes check free keys.
const PASS_RATE: Record<ListedProtocol, number> = { vless: 0.96, trojan: 0.9, outline: 0.72, sstp: 0.4, openvpn: 0.06, wireguard: 0.04 }
const CHECKS_PER_HOUR = 6
const HOUR = 3_600_000

/** A fixed number in [0, 1) from the hour, network and protocol, so the demo's week is the same on every refresh. */
function noise(seed: string): number {
  let hash = 2166136261
  for (const char of seed) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619)
  return ((hash >>> 0) % 10_000) / 10_000
}

/** Creates the demo probes (once) and fills their hours up to `now`'s; returns the hours written. */
export async function fillDemoProbeNetwork(payload: Payload, now: Date = new Date(), create = false): Promise<number> {
  if (create) {
    for (const probe of DEMO_PROBES) {
      const found = await payload.count({ collection: 'probes', where: { name: { equals: probe.name } } })
      if (found.totalDocs === 0) await payload.create({ collection: 'probes', data: { ...probe, country: 'ru', demo: true } })
    }
  }
  const { docs } = await payload.find({ collection: 'probes', where: { and: [{ demo: { equals: true } }, { revokedAt: { exists: false } }] }, pagination: false, depth: 0 })
  if (docs.length === 0) return 0
  const values: unknown[] = []
  let rows = 0
  const last = Math.floor(now.getTime() / HOUR)
  for (let hour = last - 7 * 24; hour <= last; hour += 1) {
    for (const probe of docs) {
      for (const [protocol, rate] of Object.entries(PASS_RATE)) {
        const passed = Math.round(CHECKS_PER_HOUR * Math.min(1, Math.max(0, rate + (noise(`${hour}:${probe.network}:${protocol}`) - 0.5) * 0.2)))
        values.push(probe.country, probe.network, protocol, new Date(hour * HOUR), CHECKS_PER_HOUR, passed)
        rows += 1
      }
    }
  }
  let written = 0
  const pool = sqlPool(payload)
  // In slices: PostgreSQL takes at most 65,535 parameters a statement.
  for (let start = 0; start < rows; start += 1000) {
    const result = await pool.query(
      `INSERT INTO probe_network_hours (country, network, protocol, hour, checks, passed) VALUES ${Array.from({ length: Math.min(1000, rows - start) }, (_, index) => {
        const at = index * 6
        return `($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}, $${at + 6})`
      }).join(', ')} ON CONFLICT DO NOTHING`,
      values.slice(start * 6, (start + 1000) * 6),
    )
    written += (result as { rowCount?: number }).rowCount ?? 0
  }
  await pool.query('UPDATE probes SET last_seen_at = $1 WHERE demo', [now])
  return written
}
