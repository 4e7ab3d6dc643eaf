// A probe's rounds: it asks for keys to check (each lent to it for LEASE_MS, so two probes of a country never check
// the same key at once and every key of the country is due again CHECK_AGAIN_MS after its last check), checks them,
// and reports. A report counts only for keys lent to that probe, once (a second report of the same key finds no loan
// and is ignored); it writes the probe's latest result per key, the hour's roll-ups, and the key's verdict where the
// visitors are (./reach.ts). A failure is confirmed by another probe where the country has one: the key is due again
// sooner and is not lent back to the probe that failed it while another can take it. Probes see free keys only: never
// a subscriber's.
import type { Payload } from 'payload'
import { z } from 'zod'

import { revalidatePublic } from '@/lib/data/revalidate'
import { sqlPool } from '@/lib/db/pool'
import { isProtocol, PROTOCOLS } from '@/lib/keys'
import type { Protocol } from '@/lib/keys'
import { keyListRank } from '@/lib/keys/listOrder'

import { joinNetworks } from './networkList'
import { blockedNetworks, PROBE_ACTIVE_MS, reachByNetwork, reachOf, STALE_AFTER_MS, resultOfUse } from './reach'
import type { NetworkResult, Reach, Witnesses } from './reach'
import { bearerProbeToken, probeTokenHash } from './token'

/**
 * Every key of a country with a probe is checked from there at least every 30 minutes: due again 19 after its check,
 * so even a key lent to a probe that never reports (LEASE_MS) is checked by another within the 30, asking every minute.
 */
export const CHECK_AGAIN_MS = 19 * 60_000
/** A key that failed is due again sooner: its verdict waits for a second look. */
export const CONFIRM_AGAIN_MS = 5 * 60_000
/** How long a key lent to a probe waits for its report before another probe may take it. */
export const LEASE_MS = 10 * 60_000
/** Keys per request, and keys lent to one probe at a time. */
export const MAX_ASSIGNED_PER_REQUEST = 50
export const MAX_LENT_PER_PROBE = 200
export const MAX_RESULTS_PER_REPORT = 100
/** A report's body: a hundred results of a few hundred bytes each. */
export const MAX_REPORT_BYTES = 64 * 1024
/** Hourly roll-ups kept: a week and a day. */
export const HISTORY_DAYS = 8

export type Probe = { id: number; name: string; country: string; network: string; checksVip?: boolean }

/** The probe whose token `authorization` carries, unless it is revoked; null otherwise. */
export async function probeOf(payload: Payload, authorization: string | null): Promise<Probe | null> {
  const token = bearerProbeToken(authorization)
  if (!token) return null
  const { rows } = await sqlPool(payload).query('SELECT id, name, country, network, checks_vip FROM probes WHERE token_hash = $1 AND revoked_at IS NULL LIMIT 1', [probeTokenHash(token)])
  const row = rows[0] as { id: number; name: string; country: string; network: string; checks_vip: boolean | null } | undefined
  return row ? { id: row.id, name: row.name, country: row.country, network: row.network, checksVip: row.checks_vip === true } : null
}

/** A key as the probe receives it: what an app would be given. */
export type Assignment = {
  key: number
  protocol: string
  link: string | null
  file: { name: string; content: string } | null
  connection: { host: string; port: number | null; login: string | null; password: string | null } | null
}

type AssignedRow = {
  id: number
  protocol: string
  key_string: string | null
  config_file_filename: string | null
  config_file_content: string | null
  connection_host: string | null
  connection_port: number | null
  connection_login: string | null
  connection_password: string | null
}

/**
 * Lends the probe up to `limit` of its country's keys that are due, of the `protocols` it can check, the
 * longest-waiting first (never checked from there before anything else). Free keys that are listed, or hidden only
 * because a probe found them blocked, on enabled servers with real hosts (demo servers' keys are samples); and to a
 * probe that checks VIP servers, their test keys (./vipKeys.ts). Never a subscriber's key.
 */
export async function assignKeys(payload: Payload, probe: Probe, limit: number, now: Date = new Date(), protocols: readonly Protocol[] = PROTOCOLS): Promise<Assignment[]> {
  const pool = sqlPool(payload)
  const { rows: lent } = await pool.query('SELECT count(*)::int AS n FROM probe_checks WHERE probe_id = $1 AND leased_until > $2', [probe.id, now])
  const room = Math.min(limit, MAX_ASSIGNED_PER_REQUEST, MAX_LENT_PER_PROBE - (lent[0] as { n: number }).n)
  if (room <= 0) return []
  const { rows } = await pool.query(
    `WITH candidates AS (
       SELECT k.id
       FROM keys k
       JOIN servers s ON s.id = k.server_id
       LEFT JOIN probe_checks c ON c.key_id = k.id AND c.country = $1
       WHERE (k.tier = 'free' OR (k.for_probes AND $9::boolean)) AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > $2)
         AND k.server_down IS NOT TRUE AND coalesce(k.liveness_failures, 0) < 2
         AND (k.key_string IS NOT NULL OR k.config_file_content IS NOT NULL)
         AND s.enabled AND s.adapter <> 'demo' AND k.protocol::text = ANY($6::text[])
         AND (c.key_id IS NULL OR (c.due_at <= $2 AND (c.leased_until IS NULL OR c.leased_until <= $2)))
         -- A failure of this probe's waits for another probe's look while an active one that checks the protocol has
         -- not had it since.
         AND NOT EXISTS (
           SELECT 1 FROM probe_results mine JOIN probes other ON other.country = $1 AND other.id <> $4
           WHERE mine.key_id = k.id AND mine.probe_id = $4 AND NOT mine.ok AND mine.checked_at > $2::timestamptz - make_interval(mins => $7)
             AND other.revoked_at IS NULL AND other.last_seen_at > $2::timestamptz - make_interval(mins => $8)
             AND k.protocol::text = ANY(string_to_array(other.checks, ',')) AND (k.tier = 'free' OR other.checks_vip)
             -- (not one that was lent the key since and let the loan run out without a report: it may never report)
             AND c.probe_id IS DISTINCT FROM other.id
             AND NOT EXISTS (SELECT 1 FROM probe_results theirs WHERE theirs.key_id = k.id AND theirs.probe_id = other.id AND theirs.checked_at >= mine.checked_at))
         -- Nor is a key this probe was lent and never reported (a broken probe that asks but does not report), while
         -- another active probe that checks the protocol can take it: it would hold the key unchecked for good.
         AND NOT (c.probe_id IS NOT DISTINCT FROM $4 AND EXISTS (
           SELECT 1 FROM probes other WHERE other.country = $1 AND other.id <> $4 AND other.revoked_at IS NULL
             AND other.last_seen_at > $2::timestamptz - make_interval(mins => $8)
             AND k.protocol::text = ANY(string_to_array(other.checks, ',')) AND (k.tier = 'free' OR other.checks_vip)))
       ORDER BY c.due_at ASC NULLS FIRST, k.id
       LIMIT $3
     ), lent AS (
       INSERT INTO probe_checks AS c (key_id, country, due_at, probe_id, leased_until)
       SELECT id, $1, $2, $4, $5 FROM candidates
       ON CONFLICT (key_id, country) DO UPDATE SET probe_id = excluded.probe_id, leased_until = excluded.leased_until
         WHERE c.leased_until IS NULL OR c.leased_until <= $2
       RETURNING c.key_id
     )
     SELECT k.id, k.protocol, k.key_string, k.config_file_filename, k.config_file_content,
            k.connection_host, k.connection_port, k.connection_login, k.connection_password
     FROM keys k JOIN lent ON lent.key_id = k.id
     ORDER BY k.id`,
    [probe.country, now, room, probe.id, new Date(now.getTime() + LEASE_MS), protocols, STALE_AFTER_MS / 60_000, PROBE_ACTIVE_MS / 60_000, probe.checksVip === true],
  )
  await pool.query('UPDATE probes SET last_seen_at = $2, checks = $3 WHERE id = $1', [probe.id, now, protocols.join(',')])
  return (rows as AssignedRow[]).map((row) => ({
    key: row.id,
    protocol: row.protocol,
    link: row.key_string,
    file: row.config_file_content ? { name: row.config_file_filename ?? `key-${row.id}.conf`, content: row.config_file_content } : null,
    connection: row.connection_host ? { host: row.connection_host, port: row.connection_port, login: row.connection_login, password: row.connection_password } : null,
  }))
}

/** Where a check failed: the connection, TLS, the protocol's handshake, or data through the tunnel. */
export const STAGES = ['tcp', 'tls', 'handshake', 'data'] as const

export const probeReport = z.object({
  results: z
    .array(
      z.object({
        key: z.number().int().positive(),
        ok: z.boolean(),
        stage: z.enum(STAGES).nullable().default(null),
        latencyMs: z.number().int().min(0).max(120_000).nullable().default(null),
        detail: z.string().max(200).default(''),
      }),
    )
    .max(MAX_RESULTS_PER_REPORT),
})

export type ProbeReport = z.infer<typeof probeReport>

export type ReportOutcome = { accepted: number; ignored: number }

/** The site's audience country (Site settings), whose probes decide the lists. */
export async function audienceCountry(payload: Payload): Promise<string> {
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, select: { audienceCountry: true } })
  return settings.audienceCountry || 'ru'
}

/** Takes a probe's report: results for keys lent to it count once; anything else is ignored. */
export async function acceptReport(payload: Payload, probe: Probe, report: ProbeReport, now: Date = new Date()): Promise<ReportOutcome> {
  // One result per key: the first.
  const byKey = new Map<number, ProbeReport['results'][number]>()
  for (const result of report.results) if (!byKey.has(result.key)) byKey.set(result.key, result)
  const results = [...byKey.values()]
  const pool = sqlPool(payload)
  const client = await pool.connect()
  let accepted: number[] = []
  try {
    await client.query('BEGIN', [])
    const claimed = await client.query(
      `UPDATE probe_checks c SET probe_id = NULL, leased_until = NULL, due_at = CASE WHEN u.ok THEN $5::timestamptz ELSE $6::timestamptz END
       FROM unnest($3::int[], $4::bool[]) AS u(key_id, ok)
       WHERE c.country = $1 AND c.probe_id = $2 AND c.key_id = u.key_id
       RETURNING c.key_id`,
      [probe.country, probe.id, results.map((result) => result.key), results.map((result) => result.ok), new Date(now.getTime() + CHECK_AGAIN_MS), new Date(now.getTime() + CONFIRM_AGAIN_MS)],
    )
    accepted = (claimed.rows as { key_id: number }[]).map((row) => row.key_id)
    if (accepted.length > 0) {
      const mine = results.filter((result) => accepted.includes(result.key))
      const columns = [
        mine.map((result) => result.key),
        mine.map((result) => result.ok),
        mine.map((result) => (result.ok ? null : result.stage)),
        mine.map((result) => result.latencyMs),
        mine.map((result) => result.detail.slice(0, 200)),
      ]
      await client.query(
        `INSERT INTO probe_results AS r (key_id, probe_id, country, network, checked_at, ok, stage, latency_ms, detail, failures, last_ok_at)
         SELECT u.key_id, $6, $7, $8, $9, u.ok, u.stage, u.latency, u.detail, CASE WHEN u.ok THEN 0 ELSE 1 END, CASE WHEN u.ok THEN $9::timestamptz END
         FROM unnest($1::int[], $2::bool[], $3::text[], $4::int[], $5::text[]) AS u(key_id, ok, stage, latency, detail)
         ON CONFLICT (key_id, probe_id) DO UPDATE SET
           country = excluded.country, network = excluded.network, checked_at = excluded.checked_at, ok = excluded.ok,
           stage = excluded.stage, latency_ms = excluded.latency_ms, detail = excluded.detail,
           failures = CASE WHEN excluded.ok THEN 0 ELSE r.failures + 1 END,
           last_ok_at = coalesce(excluded.last_ok_at, r.last_ok_at)`,
        [...columns, probe.id, probe.country, probe.network, now],
      )
      await client.query(
        `INSERT INTO probe_hours AS h (key_id, country, network, hour, checks, passed)
         SELECT u.key_id, $3, $4, date_trunc('hour', $5::timestamptz), 1, CASE WHEN u.ok THEN 1 ELSE 0 END
         FROM unnest($1::int[], $2::bool[]) AS u(key_id, ok)
         ON CONFLICT (key_id, country, network, hour) DO UPDATE SET checks = h.checks + 1, passed = h.passed + excluded.passed`,
        [columns[0], columns[1], probe.country, probe.network, now],
      )
      await client.query(
        `INSERT INTO probe_network_hours AS h (country, network, protocol, hour, checks, passed)
         SELECT $3, $4, k.protocol::text, date_trunc('hour', $5::timestamptz), count(*), count(*) FILTER (WHERE u.ok)
         FROM unnest($1::int[], $2::bool[]) AS u(key_id, ok) JOIN keys k ON k.id = u.key_id
         GROUP BY k.protocol
         ON CONFLICT (country, network, protocol, hour) DO UPDATE SET checks = h.checks + excluded.checks, passed = h.passed + excluded.passed`,
        [columns[0], columns[1], probe.country, probe.network, now],
      )
    }
    await client.query('UPDATE probes SET last_seen_at = $2 WHERE id = $1', [probe.id, now])
    await client.query('COMMIT', [])
  } catch (error) {
    await client.query('ROLLBACK', []).catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
  if (accepted.length > 0 && probe.country === (await audienceCountry(payload))) await updateReach(payload, accepted, probe.country, now)
  return { accepted: accepted.length, ignored: report.results.length - accepted.length }
}

type ResultRow = { key_id: number; network: string; checked_at: Date; ok: boolean; failures: number }

/**
 * Per protocol, the country's active probes that check it, per network (reach.ts: Witnesses): for free keys all of
 * them, for VIP servers' test keys only those that may check VIP servers.
 */
async function witnessesOf(payload: Payload, country: string, now: Date): Promise<{ free: Map<string, Witnesses>; vip: Map<string, Witnesses> }> {
  const { rows } = await sqlPool(payload).query(
    `SELECT protocol, network, count(*)::int AS probes, (count(*) FILTER (WHERE p.checks_vip))::int AS vip
     FROM probes p, unnest(string_to_array(p.checks, ',')) AS protocol
     WHERE p.country = $1 AND p.revoked_at IS NULL AND p.last_seen_at > $2 AND p.demo IS NOT TRUE
     GROUP BY 1, 2`,
    [country, new Date(now.getTime() - PROBE_ACTIVE_MS)],
  )
  const free = new Map<string, Map<string, number>>()
  const vip = new Map<string, Map<string, number>>()
  for (const row of rows as { protocol: string; network: string; probes: number; vip: number }[]) {
    for (const [map, count] of [[free, row.probes], [vip, row.vip]] as const) {
      if (count === 0) continue
      const networks = map.get(row.protocol) ?? new Map<string, number>()
      networks.set(row.network, count)
      map.set(row.protocol, networks)
    }
  }
  return { free, vip }
}

/** The keys' verdict where the visitors are, written on the keys in one statement; the lists are refreshed when one changed. */
export async function updateReach(payload: Payload, keyIds: number[], country: string, now: Date = new Date()): Promise<void> {
  const pool = sqlPool(payload)
  const [results, used, keys, week, witnesses] = await Promise.all([
    pool.query('SELECT key_id, network, checked_at, ok, failures FROM probe_results WHERE key_id = ANY($1::int[]) AND country = $2', [keyIds, country]),
    pool.query('SELECT key_id, network, hour FROM key_use_hours WHERE key_id = ANY($1::int[]) AND country = $2 AND hour >= $3', [
      keyIds,
      country,
      new Date(now.getTime() - STALE_AFTER_MS - 3_600_000),
    ]),
    pool.query('SELECT id, protocol, liveness_ok, server_down, reach_state, reach_suspect_since, list_rank, for_probes FROM keys WHERE id = ANY($1::int[])', [keyIds]),
    pool.query(
      `SELECT key_id, sum(checks)::int AS checks, sum(passed)::int AS passed FROM probe_hours
       WHERE key_id = ANY($1::int[]) AND country = $2 AND hour >= $3 GROUP BY key_id`,
      [keyIds, country, new Date(now.getTime() - 7 * 24 * 3_600_000)],
    ),
    witnessesOf(payload, country, now),
  ])
  const resultsOf = new Map<number, NetworkResult[]>()
  for (const row of results.rows as ResultRow[]) {
    const list = resultsOf.get(row.key_id) ?? []
    list.push({ network: row.network, checkedAt: new Date(row.checked_at), ok: row.ok, failures: row.failures })
    resultsOf.set(row.key_id, list)
  }
  for (const row of used.rows as { key_id: number; network: string; hour: Date }[]) {
    const list = resultsOf.get(row.key_id) ?? []
    list.push(resultOfUse(row.network, new Date(row.hour), now))
    resultsOf.set(row.key_id, list)
  }
  const weekOf = new Map((week.rows as { key_id: number; checks: number; passed: number }[]).map((row) => [row.key_id, row]))
  const columns = { id: [] as number[], reach: [] as Reach[], worksOn: [] as (string | null)[], blockedOn: [] as (string | null)[], checkedAt: [] as (Date | null)[], uptime: [] as (number | null)[], rank: [] as (number | null)[] }
  let changed = false
  type KeyRow = {
    id: number
    protocol: string
    liveness_ok: boolean | null
    server_down: boolean | null
    reach_state: Reach | null
    reach_suspect_since: Date | null
    list_rank: string | null
    for_probes: boolean | null
  }
  for (const key of keys.rows as KeyRow[]) {
    const own = resultsOf.get(key.id) ?? []
    const witnessed = (key.for_probes ? witnesses.vip : witnesses.free).get(key.protocol)
    const ownCheckPasses = key.liveness_ok !== false && key.server_down !== true
    const reach = reachOf(own, ownCheckPasses, now, witnessed)
    const history = weekOf.get(key.id)
    const rank = isProtocol(key.protocol) ? keyListRank(key.protocol, reach, key.liveness_ok === false, key.reach_suspect_since !== null) : null
    if (reach !== key.reach_state || (rank !== null && rank !== Number(key.list_rank))) changed = true
    columns.id.push(key.id)
    columns.reach.push(reach)
    columns.worksOn.push(joinNetworks(reachByNetwork(own, ownCheckPasses, now, witnessed).filter((entry) => entry.reach === 'works').map((entry) => entry.network)))
    columns.blockedOn.push(joinNetworks(blockedNetworks(own, ownCheckPasses, now, witnessed)))
    columns.checkedAt.push(own.length > 0 ? new Date(Math.max(...own.map((result) => result.checkedAt.getTime()))) : null)
    columns.uptime.push(history && history.checks > 0 ? Math.round((history.passed / history.checks) * 100) : null)
    columns.rank.push(rank)
  }
  if (columns.id.length > 0) {
    await pool.query(
      `UPDATE keys SET reach_state = u.reach::enum_keys_reach_state, reach_works_on = u.works_on, reach_blocked_on = u.blocked_on,
         reach_checked_at = u.checked_at, reach_uptime_week = u.uptime, list_rank = coalesce(u.rank, keys.list_rank), reach_country = $8
       FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::int[], $7::int[]) AS u(id, reach, works_on, blocked_on, checked_at, uptime, rank)
       WHERE keys.id = u.id`,
      [columns.id, columns.reach, columns.worksOn, columns.blockedOn, columns.checkedAt, columns.uptime, columns.rank, country],
    )
  }
  if (changed) revalidatePublic('keys')
}

/**
 * Verdicts whose results have gone stale (the country's probes stopped reporting them), read again: a key is not kept
 * off the lists as blocked on the word of probes long silent. Run after each of the site's own checks
 * (src/jobs/checkKeyConnections.ts), which also decide between blocked and down. Returns the keys read again.
 */
export async function refreshStaleReach(payload: Payload, now: Date = new Date()): Promise<number> {
  const { rows } = await sqlPool(payload).query(
    `SELECT id FROM keys WHERE reach_state IS NOT NULL AND reach_state <> 'untested' AND (reach_checked_at IS NULL OR reach_checked_at < $1) LIMIT 1000`,
    [new Date(now.getTime() - STALE_AFTER_MS)],
  )
  const ids = (rows as { id: number }[]).map((row) => row.id)
  if (ids.length > 0) await updateReach(payload, ids, await audienceCountry(payload), now)
  return ids.length
}

/** Forgets roll-ups, the hours of use and the keys' takes older than HISTORY_DAYS (the hourly job). */
export async function forgetProbeHistory(payload: Payload, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - HISTORY_DAYS * 24 * 3_600_000)
  const pool = sqlPool(payload)
  const keys = await pool.query('DELETE FROM probe_hours WHERE hour < $1', [before])
  const networks = await pool.query('DELETE FROM probe_network_hours WHERE hour < $1', [before])
  const used = await pool.query('DELETE FROM key_use_hours WHERE hour < $1', [before])
  const taken = await pool.query('DELETE FROM key_takes_hours WHERE hour < $1', [before])
  return [keys, networks, used, taken].reduce((sum, result) => sum + ((result as { rowCount?: number }).rowCount ?? 0), 0)
}
