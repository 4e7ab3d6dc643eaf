// The metrics the database holds, read when Prometheus scrapes (a few grouped counts on indexed columns): the job
// queue, servers down, free keys hidden by their connection check, free keys listed. The same on every instance.
import type { Payload } from 'payload'

import { sqlPool } from '@/lib/db/pool'
import { PROTOCOLS } from '@/lib/keys'
import { HIDE_KEY_AFTER_FAILED_CHECKS } from '@/lib/keys/visibility'

import type { Metrics } from './metrics'

// Due to run: neither finished, failed for good, nor running, and past any wait.
const DUE = 'completed_at IS NULL AND has_error IS NOT TRUE AND processing IS NOT TRUE AND coalesce(wait_until, created_at) <= now()'

export async function collectDatabaseGauges(payload: Payload, gauges: Metrics): Promise<void> {
  const pool = sqlPool(payload)
  const [queue, oldest, servers, failing, listed] = await Promise.all([
    pool.query<{ task: string; jobs: number }>(`SELECT task_slug::text AS task, count(*)::int AS jobs FROM payload_jobs WHERE ${DUE} GROUP BY task_slug`),
    pool.query<{ seconds: number | null }>(`SELECT extract(epoch FROM now() - min(coalesce(wait_until, created_at)))::float AS seconds FROM payload_jobs WHERE ${DUE}`),
    pool.query<{ enabled: number; down: number }>(`SELECT count(*)::int AS enabled, count(*) FILTER (WHERE health_status = 'down')::int AS down FROM servers WHERE enabled`),
    pool.query<{ protocol: string; keys: number }>(
      `SELECT protocol::text, count(*)::int AS keys FROM keys WHERE tier = 'free' AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now()) AND liveness_failures >= $1 GROUP BY protocol`,
      [HIDE_KEY_AFTER_FAILED_CHECKS],
    ),
    pool.query<{ protocol: string; keys: number }>(`SELECT protocol::text, sum(keys)::int AS keys FROM key_listing WHERE expires_at > now() GROUP BY protocol`),
  ])
  gauges.jobQueueDepth.reset()
  for (const row of queue.rows) gauges.jobQueueDepth.set({ task: row.task }, row.jobs)
  gauges.jobQueueAge.set(oldest.rows[0]?.seconds ?? 0)
  gauges.serversEnabled.set(servers.rows[0]?.enabled ?? 0)
  gauges.serversDown.set(servers.rows[0]?.down ?? 0)
  // Every protocol, none included: an empty list is a 0 an alert can see, not a missing series.
  for (const protocol of PROTOCOLS) {
    gauges.keysFailing.set({ protocol }, failing.rows.find((row) => row.protocol === protocol)?.keys ?? 0)
    gauges.freeKeysListed.set({ protocol }, listed.rows.find((row) => row.protocol === protocol)?.keys ?? 0)
  }
}
