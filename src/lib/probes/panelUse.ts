// Passive proof from real use: where a server's panel tells each key's use (each adapter's `usage`: traffic, last
// online time, client addresses, as far as that panel tells them; docs/operating/probes.md lists them), the health job reads it for
// the free keys (and the VIP servers' test keys; never a subscriber's key) on its schedule. A key whose traffic grew since
// the last reading, or that the panel saw online within the hour, was used; the networks its clients came from are
// looked up in the offline IP-to-ASN database among the networks the visitors' country's probes name
// (./visitorNetwork.ts). A key used from МТС in the last hour works on МТС, without a probe: the verdict where the
// visitors are (./reach.ts) counts it as a pass from there. An address is kept as nothing but its country, network
// and hour (key_use_hours), forgotten with the probes' roll-ups. A free key many visitors took with no use after is
// suspect (./keyTakes.ts).
import type { Payload } from 'payload'

import { sqlPool } from '@/lib/db/pool'
import { adapterFor } from '@/lib/provisioning'
import type { KeyUse } from '@/lib/provisioning/adapter'
import type { Server } from '@/payload-types'

import { updateSuspects } from './keyTakes'
import { audienceCountry, updateReach } from './rounds'
import { visitorNetwork } from './visitorNetwork'

/** "Used lately": within the hour. */
export const USED_WITHIN_MS = 60 * 60_000
/** Traffic growth proves use in the last hour only over a reading about that old (the job runs every ten minutes). */
const GROWTH_OVER_MS = USED_WITHIN_MS + 10 * 60_000

export type UseReading = { bytes: number | null; readAt: Date }

/** Whether the key was used lately: the panel saw it online within the hour, or its traffic grew since a recent reading. */
export function wasUsed(previous: UseReading | null, use: KeyUse, now: Date): boolean {
  const online = use.lastOnlineAt?.getTime()
  if (online !== undefined && now.getTime() - online <= USED_WITHIN_MS && online <= now.getTime() + 60_000) return true
  if (use.bytes === null || !previous || previous.bytes === null) return false
  // A counter that went down was reset on the panel: no use can be told from it.
  return use.bytes > previous.bytes && now.getTime() - previous.readAt.getTime() <= GROWTH_OVER_MS
}

export type PanelUseOutcome = { read: number; used: number; proven: number }

/** Reads the panel's use of the server's free keys and records it; null where the panel tells none. */
export async function recordPanelUse(payload: Payload, server: Server, now: Date = new Date()): Promise<PanelUseOutcome | null> {
  const adapter = adapterFor(server)
  if (!adapter.usage || server.adapter === 'demo') return null
  const pool = sqlPool(payload)
  const { rows } = await pool.query(
    `SELECT k.id, k.provider_ref, u.bytes, u.read_at FROM keys k LEFT JOIN key_use u ON u.key_id = k.id
     WHERE k.server_id = $1 AND k.revoked_at IS NULL AND k.provider_ref IS NOT NULL AND (k.tier = 'free' OR k.for_probes)`,
    [server.id],
  )
  const keys = rows as { id: number; provider_ref: string; bytes: string | null; read_at: Date | null }[]
  if (keys.length === 0) return { read: 0, used: 0, proven: 0 }
  const use = await adapter.usage(server, keys.map((key) => key.provider_ref))
  const country = await audienceCountry(payload)
  const read: number[] = []
  const bytes: (number | null)[] = []
  const used: boolean[] = []
  const proven: { key: number; network: string }[] = []
  for (const key of keys) {
    const reading = use.get(key.provider_ref)
    if (!reading) continue
    const previous = key.read_at ? { bytes: key.bytes === null ? null : Number(key.bytes), readAt: new Date(key.read_at) } : null
    const isUsed = wasUsed(previous, reading, now)
    read.push(key.id)
    bytes.push(reading.bytes)
    used.push(isUsed)
    if (!isUsed) continue
    const networks = new Set<string>()
    for (const address of reading.addresses.slice(0, 50)) {
      const network = await visitorNetwork(payload, address, now.getTime())
      if (network) networks.add(network)
    }
    for (const network of networks) proven.push({ key: key.id, network })
  }
  if (read.length > 0) {
    await pool.query(
      `INSERT INTO key_use AS u (key_id, bytes, read_at, used_at, watched_since)
       SELECT r.key_id, r.bytes, $4, CASE WHEN r.used THEN $4::timestamptz END, $4 FROM unnest($1::int[], $2::bigint[], $3::bool[]) AS r(key_id, bytes, used)
       ON CONFLICT (key_id) DO UPDATE SET bytes = excluded.bytes, read_at = excluded.read_at, used_at = coalesce(excluded.used_at, u.used_at),
         watched_since = CASE WHEN u.read_at < $5 THEN excluded.watched_since ELSE u.watched_since END`,
      // After a gap in the readings no use could be told over it: the watch starts again (./keyTakes.ts).
      [read, bytes, used, now, new Date(now.getTime() - GROWTH_OVER_MS)],
    )
  }
  const suspectChanged = await updateSuspects(payload, read, now)
  if (proven.length > 0) {
    await pool.query(
      `INSERT INTO key_use_hours (key_id, country, network, hour)
       SELECT p.key_id, $3, p.network, date_trunc('hour', $4::timestamptz) FROM unnest($1::int[], $2::text[]) AS p(key_id, network)
       ON CONFLICT DO NOTHING`,
      [proven.map((entry) => entry.key), proven.map((entry) => entry.network.slice(0, 60)), country, now],
    )
  }
  const changed = [...new Set([...proven.map((entry) => entry.key), ...suspectChanged])]
  if (changed.length > 0) await updateReach(payload, changed, country, now)
  return { read: read.length, used: used.filter(Boolean).length, proven: new Set(proven.map((entry) => entry.key)).size }
}
