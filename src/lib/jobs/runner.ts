// Which app instance runs the job queue: the one holding a PostgreSQL advisory lock on a connection it keeps for
// that. Payload's runner claims jobs in two steps (find, then mark as processing), so two instances running the
// queue at once can both take a job, and an e-mail would go out twice; with one runner that cannot happen. When
// the runner stops, its connection closes, the lock goes with it, and another instance takes over on its next tick.
import type { Payload } from 'payload'

const RUNNER_LOCK = 'vpnkeys-job-runner'

type Connection = {
  query: (sql: string, params: unknown[]) => Promise<{ rows: { locked: boolean }[] }>
  release: (error?: Error | boolean) => void
  on: (event: 'error', listener: (error: Error) => void) => void
}

let held: Connection | null = null

/** True when this instance runs the queue (taking the lock if nobody holds it). */
export async function isJobRunner(payload: Payload): Promise<boolean> {
  if (held) return true
  const pool = (payload.db as unknown as { pool: { connect: () => Promise<Connection> } }).pool
  const connection = await pool.connect()
  try {
    const { rows } = await connection.query('select pg_try_advisory_lock(hashtext($1)) as locked', [RUNNER_LOCK])
    if (rows[0]?.locked) {
      held = connection
      // A lost connection has lost the lock: this instance asks again on its next tick.
      connection.on('error', (error) => {
        if (held === connection) held = null
        connection.release(error)
      })
      return true
    }
  } catch (error) {
    connection.release(error instanceof Error ? error : true)
    return false
  }
  connection.release()
  return false
}

const HEARTBEAT_KEY = Symbol.for('vpnkeys.jobTick')
const heartbeat = globalThis as typeof globalThis & { [HEARTBEAT_KEY]?: number }

/** When the job timer last ticked in this process (ms), null before its first tick: readiness reads it. */
export function lastJobTick(): number | null {
  return heartbeat[HEARTBEAT_KEY] ?? null
}

/**
 * Payload's `jobs.shouldAutoRun`: only the runner queues the scheduled tasks (rotation, health checks, renewals,
 * the purge) and runs the queue, once a minute. Every instance's timer ticks here, runner or not.
 */
export async function runQueueHere(payload: Payload): Promise<boolean> {
  heartbeat[HEARTBEAT_KEY] = Date.now()
  if (!(await isJobRunner(payload))) return false
  await payload.jobs.handleSchedules({ queue: 'default' })
  return true
}
