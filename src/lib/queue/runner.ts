// Which app instance runs the job queue: the one holding a PostgreSQL advisory lock on a connection it keeps for
// that. Payload's runner claims jobs in two steps (find, then mark as processing), so two instances running the
// queue at once can both take a job, and an e-mail would go out twice; with one runner that cannot happen. When
// the runner stops, its connection closes, the lock goes with it, and another instance takes over on its next tick.
import type { PoolClient } from 'pg'
import type { Payload } from 'payload'

import { LOCKS, holdLock } from '@/lib/db/locks'
import { sqlPool } from '@/lib/db/pool'

let held: PoolClient | null = null

/** True when this instance runs the queue (taking the lock if nobody holds it). */
export async function isJobRunner(payload: Payload): Promise<boolean> {
  if (held) return true
  // A lost connection has lost the lock: this instance asks again on its next tick.
  const connection: PoolClient | null = await holdLock(sqlPool(payload), LOCKS.jobRunner, () => {
    if (held === connection) held = null
  })
  if (connection) held = connection
  return connection !== null
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

/** `JOB_RUNNER=off`: the timer still ticks (readiness reads it), and this process neither schedules nor runs jobs. */
export async function neverRunQueue(): Promise<boolean> {
  heartbeat[HEARTBEAT_KEY] = Date.now()
  return false
}
