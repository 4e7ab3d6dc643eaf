// What is wrong right now, read from what the checks, jobs and payments have already recorded: servers down, public
// lists with no key, rotations that failed, servers none of whose keys connect, renewals declined in a row, mail
// the mail server keeps refusing, the payment provider refusing the site's requests, backups that fail or stopped,
// servers blocked on a visitors' network (the probes' results) and probes gone silent.
import type { Payload } from 'payload'

import { sqlPool } from '@/lib/db/pool'
import { PROTOCOL_LABELS } from '@/lib/keys'
import type { Protocol } from '@/lib/keys'
import { HIDE_SERVER_AFTER_FAILED_CHECKS } from '@/lib/keys/visibility'
import { CONFIRM_FAILURES, PROBE_ACTIVE_MS, STALE_AFTER_MS } from '@/lib/probes/reach'

import type { Condition } from './incidents'
import { BACKUP_MAX_AGE_HOURS, BACKUP_SIGNAL, PROVIDER_SIGNAL, REFUSALS_IN_A_ROW } from './signals'

/** Renewals of this many different subscriptions declined, with none paid since: more than one bad card. */
export const DECLINED_RENEWALS_IN_A_ROW = 3
/** A probe not heard from for this long is silent (it asks every minute). */
export const PROBE_SILENT_AFTER_MS = PROBE_ACTIVE_MS
/** A queued e-mail tried this often without getting through (about four minutes of retries). */
export const MAIL_TRIES = 3

type ServerRow = {
  id: number
  name: string
  tier: string
  adapter: string
  country: { id: number; code: string; name: Record<string, string> | string } | number
  protocols?: { protocol: Protocol; freeKeys?: number | null }[] | null
  health?: { failures?: number | null; lastRotationError?: string | null; keysFailing?: boolean | null } | null
}

/**
 * Whether a free server offers visitors keys of a protocol at all: a manual server's are imported by editors, an
 * adapter's issued as many as it is told (0: none). The list of that country and protocol is then expected to have
 * keys; one with none is an incident (listEmpty), and the same count is a metric (src/lib/metrics/databaseGauges.ts).
 */
export function offersFreeKeys(adapter: string, freeKeys: number | null | undefined): boolean {
  return adapter === 'manual' || freeKeys !== 0
}

function firstLine(text: string): string {
  const line = text.split('\n')[0]!.trim()
  return line.length > 200 ? `${line.slice(0, 199)}…` : line
}

/** The problems that hold now, and the enabled servers they were read from (a server's incident ends silently when it goes). */
export async function currentConditions(payload: Payload): Promise<{ holding: Condition[]; servers: Set<number> }> {
  const pool = sqlPool(payload)
  const [servers, listed, renewals, mail, signal, backup, blocked, silent] = await Promise.all([
    payload.find({
      collection: 'servers',
      where: { enabled: { equals: true } },
      pagination: false,
      depth: 1,
      locale: 'all',
      select: { name: true, tier: true, adapter: true, country: true, protocols: true, health: true },
    }),
    pool.query<{ country: number; protocol: Protocol }>(`SELECT country_id AS country, protocol::text AS protocol FROM key_listing WHERE expires_at > now() AND keys > 0 GROUP BY 1, 2`),
    pool.query<{ subscription: number; type: string }>(
      `SELECT subscription_id AS subscription, type::text AS type FROM subscription_events WHERE type IN ('renewed', 'payment_failed') ORDER BY created_at DESC, id DESC LIMIT 50`,
    ),
    // Still being retried, or given up on in the last day (an incident must not end because the retries ran out).
    pool.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM payload_jobs WHERE task_slug IN ('sendEmail', 'sendLinkEmail') AND completed_at IS NULL AND total_tried >= $1
       AND (has_error IS NOT TRUE OR updated_at > now() - interval '1 day')`,
      [MAIL_TRIES],
    ),
    pool.query<{ failures: number; last_error: string | null }>(`SELECT failures, last_error FROM alert_signals WHERE name = $1`, [PROVIDER_SIGNAL]),
    // Nothing recorded: backups were never run against this database, and there is nothing to miss.
    pool.query<{ failures: number; last_error: string | null; hours: number | null }>(
      `SELECT failures, last_error, floor(extract(epoch FROM now() - last_ok_at) / 3600)::int AS hours FROM alert_signals WHERE name = $1`,
      [BACKUP_SIGNAL],
    ),
    // A server blocked on a network: the latest recent results from that network's probes for its live keys all
    // failed, confirmed (by two of its probes; while no other probe is active there, twice in a row on one key:
    // reach.ts), while the server answers the site's own check.
    pool.query<{ server: number; network: string; country: string }>(
      `SELECT k.server_id AS server, r.network, r.country
       FROM probe_results r JOIN keys k ON k.id = r.key_id JOIN servers s ON s.id = k.server_id
       WHERE r.checked_at > now() - make_interval(mins => $1) AND k.revoked_at IS NULL AND s.enabled
         AND coalesce(s.health_failures, 0) < $2 AND k.liveness_ok IS NOT FALSE
       GROUP BY 1, 2, 3
       HAVING NOT bool_or(r.ok) AND (count(DISTINCT r.probe_id) >= 2 OR (max(r.failures) >= $3 AND NOT EXISTS (
         SELECT 1 FROM probes p
         WHERE p.country = r.country AND p.network = r.network AND p.revoked_at IS NULL AND p.last_seen_at > now() - make_interval(mins => $4)
           AND p.id <> ALL(array_agg(r.probe_id)))))`,
      [STALE_AFTER_MS / 60_000, HIDE_SERVER_AFTER_FAILED_CHECKS, CONFIRM_FAILURES, PROBE_ACTIVE_MS / 60_000],
    ),
    // Probes that were given a token and have not been heard from lately.
    pool.query<{ id: number; name: string; network: string }>(
      `SELECT id, name, network FROM probes
       WHERE revoked_at IS NULL AND token_issued_at IS NOT NULL AND coalesce(last_seen_at, token_issued_at) < now() - make_interval(mins => $1)`,
      [PROBE_SILENT_AFTER_MS / 60_000],
    ),
  ])
  const conditions: Condition[] = []
  const hasKeys = new Set(listed.rows.map((row) => `${row.country}:${row.protocol}`))
  const offered = new Map<string, Condition>()
  for (const server of servers.docs as unknown as ServerRow[]) {
    const params = { server: server.name, serverId: String(server.id) }
    if ((server.health?.failures ?? 0) >= HIDE_SERVER_AFTER_FAILED_CHECKS) conditions.push({ key: `serverDown:${server.id}`, kind: 'serverDown', params })
    if (server.health?.lastRotationError) {
      conditions.push({ key: `rotationFailed:${server.id}`, kind: 'rotationFailed', params: { ...params, error: firstLine(server.health.lastRotationError) } })
    }
    if (server.health?.keysFailing) conditions.push({ key: `keysFailing:${server.id}`, kind: 'keysFailing', params })
    if (server.tier !== 'free' || typeof server.country !== 'object') continue
    const { country } = server
    const names = typeof country.name === 'string' ? { ru: country.name, en: country.name } : country.name
    for (const { protocol, freeKeys } of server.protocols ?? []) {
      if (!offersFreeKeys(server.adapter, freeKeys)) continue
      const key = `listEmpty:${country.id}:${protocol}`
      if (hasKeys.has(`${country.id}:${protocol}`) || offered.has(key)) continue
      offered.set(key, {
        key,
        kind: 'listEmpty',
        params: { countryRu: names.ru ?? country.code, countryEn: names.en ?? names.ru ?? country.code, protocol: PROTOCOL_LABELS[protocol] },
      })
    }
  }
  conditions.push(...offered.values())
  const serverNames = new Map((servers.docs as unknown as ServerRow[]).map((server) => [server.id, server.name]))
  for (const row of blocked.rows) {
    const server = serverNames.get(row.server)
    if (server === undefined) continue
    conditions.push({
      key: `serverBlocked:${row.server}:${row.country}:${row.network}`,
      kind: 'serverBlocked',
      params: { server, serverId: String(row.server), network: row.network, countryRu: row.country.toUpperCase(), countryEn: row.country.toUpperCase() },
    })
  }
  for (const probe of silent.rows) conditions.push({ key: `probeSilent:${probe.id}`, kind: 'probeSilent', params: { probe: probe.name, network: probe.network } })
  // Declined renewals of different subscriptions, as they were recorded, newest first, until one that was paid (the
  // order of recording: a provider's event can carry a time of its own, earlier or later).
  const declined = new Set<number>()
  for (const row of renewals.rows) {
    if (row.type === 'renewed') break
    declined.add(row.subscription)
  }
  if (declined.size >= DECLINED_RENEWALS_IN_A_ROW) conditions.push({ key: 'renewalsFailing', kind: 'renewalsFailing', params: { count: String(declined.size) } })
  const waiting = mail.rows[0]?.waiting ?? 0
  if (waiting > 0) conditions.push({ key: 'mailFailing', kind: 'mailFailing', params: { count: String(waiting) } })
  const refusals = signal.rows[0]
  if (refusals && refusals.failures >= REFUSALS_IN_A_ROW) {
    conditions.push({ key: 'providerRefusing', kind: 'providerRefusing', params: { count: String(refusals.failures), error: firstLine(refusals.last_error ?? '') } })
  }
  const backups = backup.rows[0]
  if (backups && backups.failures > 0) {
    conditions.push({ key: 'backupFailing', kind: 'backupFailing', params: { reason: 'failed', error: firstLine(backups.last_error ?? '') } })
  } else if (backups && backups.hours !== null && backups.hours >= BACKUP_MAX_AGE_HOURS) {
    conditions.push({ key: 'backupFailing', kind: 'backupFailing', params: { reason: 'missing', count: String(backups.hours) } })
  }
  return { holding: conditions, servers: new Set(servers.docs.map((server) => server.id)) }
}
