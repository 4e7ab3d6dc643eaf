// Payload's job queue as several app instances run it: each ticks once a minute against the one database.
// Payload claims jobs in two steps, so two instances running the queue at once can both take a job (an e-mail
// sent twice): one instance, the holder of an advisory lock, queues the scheduled tasks and runs the queue.
import { Client } from 'pg'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { LOCKS } from '@/lib/db/locks'

import { testPayload } from '../helpers/payload'

let payload: Payload

beforeAll(async () => {
  payload = await testPayload()
})

const SCHEDULED = ['rotateFreeKeys', 'checkServerHealth', 'checkKeyConnections'] as const

async function unfinished(task: string): Promise<number> {
  return (await payload.count({ collection: 'payload-jobs', where: { taskSlug: { equals: task }, completedAt: { exists: false } } })).totalDocs
}

describe('jobs across instances', () => {
  it('only the instance holding the runner lock queues the scheduled tasks and runs the queue; another takes over when it stops', async () => {
    const { isJobRunner, runQueueHere } = await import('@/lib/queue/runner')
    // The test's own process is set not to run jobs (JOB_RUNNER=off, tests/helpers/intWorker.ts): its timer runs nothing.
    expect(await payload.config.jobs.shouldAutoRun!(payload)).toBe(false)
    await payload.delete({ collection: 'payload-jobs', where: { completedAt: { exists: false } } })
    const other = new Client({ connectionString: process.env.DATABASE_URL })
    await other.connect()
    // An earlier file in this worker may have made this instance the runner: its lock's connection ends, as a database
    // failover ends it, and the instance knows it has lost the lock.
    await other.query(
      "select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database()) and pid <> pg_backend_pid()",
    )
    // Another instance holds the runner lock: this one's tick neither schedules nor runs.
    await other.query('select pg_advisory_lock(hashtext($1))', [LOCKS.jobRunner])
    await expect.poll(() => isJobRunner(payload)).toBe(false)
    try {
      expect(await runQueueHere(payload)).toBe(false)
      expect(await isJobRunner(payload)).toBe(false)
      for (const task of SCHEDULED) expect(await unfinished(task), task).toBe(0)
    } finally {
      // That instance stops: its connection, and the lock with it, go.
      await other.end()
    }
    // On its next tick this instance takes over: the rotation and the health check are queued once, however often it ticks.
    expect(await runQueueHere(payload)).toBe(true)
    expect(await runQueueHere(payload)).toBe(true)
    for (const task of SCHEDULED) expect(await unfinished(task), task).toBe(1)
    // And it keeps the lock: another instance asking now is refused.
    const third = new Client({ connectionString: process.env.DATABASE_URL })
    await third.connect()
    try {
      const { rows } = await third.query('select pg_try_advisory_lock(hashtext($1)) as locked', [LOCKS.jobRunner])
      expect(rows[0]).toEqual({ locked: false })
    } finally {
      await third.end()
    }
  })
})
