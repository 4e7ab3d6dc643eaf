// What /status shows: per protocol and per network of the visitors' country, the share of keys that worked in the
// probes' checks over the last hour and the last week (their hourly roll-ups, src/lib/probes/rounds.ts), and each
// protocol's week by day for the chart. Cached as the other public data.
import type { Protocol } from '@/lib/keys'
import { PROTOCOLS } from '@/lib/keys'
import { sqlPool } from '@/lib/db/pool'

import { cachedPublic } from './cache'
import { payloadClient } from '@/edge/payload'

export type StatusShare = { checks: number; passed: number }

export type StatusRow = { protocol: Protocol; network: string; hour: StatusShare; week: StatusShare }

export type NetworkStatus = {
  country: string
  rows: StatusRow[]
  /** Each protocol's share by Moscow day over the week, oldest first (seven days, today last). */
  days: { protocol: Protocol; days: StatusShare[] }[]
  /** When it was read (ms): the days are counted back from here. */
  readAt: number
}

const DAY = 24 * 3_600_000
// Days are Moscow days (UTC+3 all year): the visitors' calendar.
const MOSCOW = 3 * 3_600_000
const moscowDay = (time: number) => Math.floor((time + MOSCOW) / DAY)

async function readNetworkStatus(now: number = Date.now()): Promise<NetworkStatus> {
  const payload = await payloadClient()
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, select: { audienceCountry: true } })
  const country = settings.audienceCountry || 'ru'
  const weekStart = new Date(now - 7 * DAY)
  const { rows } = await sqlPool(payload).query(
    `SELECT protocol, network, hour, checks, passed FROM probe_network_hours WHERE country = $1 AND hour >= $2 ORDER BY hour`,
    [country, weekStart],
  )
  const byPair = new Map<string, StatusRow>()
  const today = moscowDay(now)
  const days = new Map<Protocol, StatusShare[]>()
  for (const row of rows as { protocol: Protocol; network: string; hour: Date; checks: number; passed: number }[]) {
    if (!PROTOCOLS.includes(row.protocol)) continue
    const key = `${row.protocol}\u0000${row.network}`
    const entry = byPair.get(key) ?? { protocol: row.protocol, network: row.network, hour: { checks: 0, passed: 0 }, week: { checks: 0, passed: 0 } }
    entry.week.checks += row.checks
    entry.week.passed += row.passed
    // The last hour: the hour now running and the one before it.
    if (new Date(row.hour).getTime() >= now - 2 * 3_600_000) {
      entry.hour.checks += row.checks
      entry.hour.passed += row.passed
    }
    byPair.set(key, entry)
    const series = days.get(row.protocol) ?? Array.from({ length: 7 }, () => ({ checks: 0, passed: 0 }))
    const index = 6 - (today - moscowDay(new Date(row.hour).getTime()))
    if (index >= 0 && index < 7) {
      series[index]!.checks += row.checks
      series[index]!.passed += row.passed
    }
    days.set(row.protocol, series)
  }
  const order = (protocol: Protocol) => PROTOCOLS.indexOf(protocol)
  return {
    country,
    rows: [...byPair.values()].sort((a, b) => order(a.protocol) - order(b.protocol) || a.network.localeCompare(b.network, 'ru')),
    days: [...days.entries()].sort(([a], [b]) => order(a) - order(b)).map(([protocol, series]) => ({ protocol, days: series })),
    readAt: now,
  }
}

export { readNetworkStatus }
export const getNetworkStatus = cachedPublic('network-status', () => readNetworkStatus())

/** A share as a whole percent, or null when nothing was checked. */
export function percentOf(share: StatusShare): number | null {
  return share.checks > 0 ? Math.round((share.passed / share.checks) * 100) : null
}

/** The same as the admin writes it: "96 %", or a dash when nothing was checked. */
export function percentText(share: StatusShare): string {
  const percent = percentOf(share)
  return percent === null ? '—' : `${percent} %`
}
