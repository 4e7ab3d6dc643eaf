// The metrics the database holds, read when Prometheus scrapes (a few grouped counts on indexed columns): the job
// queue, servers down, free keys hidden by their connection check, free keys taken but unused, free keys listed, and free lists left without a
// key, and the probes' checks by network. The same on every instance. Servers down and empty lists are counted as the site's own incidents decide them
// (src/lib/alerts/conditions.ts), so Prometheus's alerts and the staff's e-mails agree.
import type { Payload } from 'payload'

import { offersFreeKeys, PROBE_SILENT_AFTER_MS } from '@/lib/alerts/conditions'
import { sqlPool } from '@/lib/db/pool'
import { LISTED_PROTOCOLS } from '@/lib/keys'
import { HIDE_KEY_AFTER_FAILED_CHECKS, HIDE_SERVER_AFTER_FAILED_CHECKS } from '@/lib/keys/visibility'

import type { Metrics } from './metrics'

// Due to run: neither finished, failed for good, nor running, and past any wait.
const DUE = 'completed_at IS NULL AND has_error IS NOT TRUE AND processing IS NOT TRUE AND coalesce(wait_until, created_at) <= now()'

export async function collectDatabaseGauges(payload: Payload, gauges: Metrics): Promise<void> {
  const pool = sqlPool(payload)
  const [queue, oldest, servers, failing, suspect, listed, offered, probed, silent] = await Promise.all([
    pool.query<{ task: string; jobs: number }>(`SELECT task_slug::text AS task, count(*)::int AS jobs FROM payload_jobs WHERE ${DUE} GROUP BY task_slug`),
    pool.query<{ seconds: number | null }>(`SELECT extract(epoch FROM now() - min(coalesce(wait_until, created_at)))::float AS seconds FROM payload_jobs WHERE ${DUE}`),
    // Down as the incident says: after HIDE_SERVER_AFTER_FAILED_CHECKS failed checks in a row, not the first.
    pool.query<{ enabled: number; down: number }>(
      `SELECT count(*)::int AS enabled, count(*) FILTER (WHERE coalesce(health_failures, 0) >= $1)::int AS down FROM servers WHERE enabled`,
      [HIDE_SERVER_AFTER_FAILED_CHECKS],
    ),
    pool.query<{ protocol: string; keys: number }>(
      `SELECT protocol::text, count(*)::int AS keys FROM keys WHERE tier = 'free' AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now()) AND liveness_failures >= $1 GROUP BY protocol`,
      [HIDE_KEY_AFTER_FAILED_CHECKS],
    ),
    // Taken but unused (src/lib/probes/keyTakes.ts).
    pool.query<{ protocol: string; keys: number }>(
      `SELECT protocol::text, count(*)::int AS keys FROM keys WHERE tier = 'free' AND revoked_at IS NULL AND reach_suspect_since IS NOT NULL GROUP BY protocol`,
    ),
    pool.query<{ protocol: string; keys: number }>(`SELECT protocol::text, sum(keys)::int AS keys FROM key_listing WHERE expires_at > now() GROUP BY protocol`),
    // Each free list an enabled free server offers, with whether it has a key now.
    pool.query<{ country: number; protocol: string; adapter: string; free_keys: number | null; has_keys: boolean }>(
      `SELECT s.country_id AS country, p.protocol::text AS protocol, s.adapter::text AS adapter, p.free_keys::float AS free_keys,
         EXISTS (SELECT 1 FROM key_listing l WHERE l.country_id = s.country_id AND l.protocol::text = p.protocol::text AND l.expires_at > now() AND l.keys > 0) AS has_keys
       FROM servers s JOIN servers_protocols p ON p._parent_id = s.id WHERE s.enabled AND s.tier = 'free'`,
    ),
    // The probes' hourly roll-ups (src/lib/probes/rounds.ts): this hour's and the last.
    pool.query<{ country: string; network: string; protocol: string; checks: number; passed: number }>(
      `SELECT country, network, protocol, sum(checks)::int AS checks, sum(passed)::int AS passed FROM probe_network_hours
       WHERE hour >= date_trunc('hour', now()) - interval '1 hour' GROUP BY 1, 2, 3`,
    ),
    pool.query<{ silent: number }>(
      `SELECT count(*)::int AS silent FROM probes
       WHERE revoked_at IS NULL AND token_issued_at IS NOT NULL AND coalesce(last_seen_at, token_issued_at) < now() - make_interval(mins => $1)`,
      [PROBE_SILENT_AFTER_MS / 60_000],
    ),
  ])
  gauges.jobQueueDepth.reset()
  for (const row of queue.rows) gauges.jobQueueDepth.set({ task: row.task }, row.jobs)
  gauges.jobQueueAge.set(oldest.rows[0]?.seconds ?? 0)
  gauges.probeChecks.reset()
  for (const row of probed.rows) {
    const labels = { country: row.country, network: row.network, protocol: row.protocol }
    gauges.probeChecks.set({ ...labels, result: 'passed' }, row.passed)
    gauges.probeChecks.set({ ...labels, result: 'failed' }, row.checks - row.passed)
  }
  gauges.probesSilent.set(silent.rows[0]?.silent ?? 0)
  gauges.serversEnabled.set(servers.rows[0]?.enabled ?? 0)
  gauges.serversDown.set(servers.rows[0]?.down ?? 0)
  // A country's list of a protocol counts once, however many servers offer it.
  const empty = new Set(offered.rows.filter((row) => offersFreeKeys(row.adapter, row.free_keys) && !row.has_keys).map((row) => `${row.country}:${row.protocol}`))
  // Every protocol, none included: an empty list is a 0 an alert can see, not a missing series.
  for (const protocol of LISTED_PROTOCOLS) {
    gauges.keysFailing.set({ protocol }, failing.rows.find((row) => row.protocol === protocol)?.keys ?? 0)
    gauges.keysSuspect.set({ protocol }, suspect.rows.find((row) => row.protocol === protocol)?.keys ?? 0)
    gauges.freeKeysListed.set({ protocol }, listed.rows.find((row) => row.protocol === protocol)?.keys ?? 0)
    gauges.freeListsEmpty.set({ protocol }, [...empty].filter((list) => list.endsWith(`:${protocol}`)).length)
  }
}
