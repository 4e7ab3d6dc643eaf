// One server as the visitors' networks see it, for its page in the admin: per country and network, the share of its
// keys' probe checks that passed over the last 24 hours and the last 7 days (the hourly roll-ups kept for eight days,
// ./rounds.ts), and the hours of the last day its keys were seen in real use from there (./panelUse.ts).
import type { Payload } from 'payload'

import { sqlPool } from '@/lib/db/pool'
import type { StatusShare } from '@/lib/data/status'

export type ServerNetworkReach = { country: string; network: string; day: StatusShare; week: StatusShare; hoursUsed: number }

const DAY_MS = 24 * 3_600_000

export async function readServerReach(payload: Payload, serverId: number, now: Date = new Date()): Promise<ServerNetworkReach[]> {
  const pool = sqlPool(payload)
  const dayStart = new Date(now.getTime() - DAY_MS)
  const [checked, used] = await Promise.all([
    pool.query(
      `SELECT h.country, h.network,
              sum(h.checks)::int AS week_checks, sum(h.passed)::int AS week_passed,
              (sum(h.checks) FILTER (WHERE h.hour >= $3))::int AS day_checks, (sum(h.passed) FILTER (WHERE h.hour >= $3))::int AS day_passed
       FROM probe_hours h JOIN keys k ON k.id = h.key_id
       WHERE k.server_id = $1 AND h.hour >= $2
       GROUP BY 1, 2`,
      [serverId, new Date(now.getTime() - 7 * DAY_MS), dayStart],
    ),
    pool.query(
      `SELECT u.country, u.network, count(DISTINCT u.hour)::int AS hours
       FROM key_use_hours u JOIN keys k ON k.id = u.key_id
       WHERE k.server_id = $1 AND u.hour >= $2
       GROUP BY 1, 2`,
      [serverId, dayStart],
    ),
  ])
  const byNetwork = new Map<string, ServerNetworkReach>()
  const entry = (country: string, network: string) => {
    const key = `${country}\u0000${network}`
    const found = byNetwork.get(key) ?? { country, network, day: { checks: 0, passed: 0 }, week: { checks: 0, passed: 0 }, hoursUsed: 0 }
    byNetwork.set(key, found)
    return found
  }
  type CheckedRow = { country: string; network: string; week_checks: number; week_passed: number; day_checks: number | null; day_passed: number | null }
  for (const row of checked.rows as CheckedRow[]) {
    const found = entry(row.country, row.network)
    found.week = { checks: row.week_checks, passed: row.week_passed }
    found.day = { checks: row.day_checks ?? 0, passed: row.day_passed ?? 0 }
  }
  for (const row of used.rows as { country: string; network: string; hours: number }[]) entry(row.country, row.network).hoursUsed = row.hours
  return [...byNetwork.values()].sort((a, b) => a.country.localeCompare(b.country) || a.network.localeCompare(b.network, 'ru'))
}
