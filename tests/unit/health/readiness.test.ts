import { describe, expect, it } from 'vitest'

import { JOB_TICK_STALE_MS, PROBE_TIMEOUT_MS, readiness } from '@/lib/health/readiness'
import type { ReadinessProbes } from '@/lib/health/readiness'

const now = Date.parse('2026-11-27T03:00:00Z')
const healthy: ReadinessProbes = {
  queryDatabase: async () => undefined,
  appliedMigrations: async () => ['20261121_234947_initial', '20261122_005457_jobs_queue'],
  shippedMigrations: ['20261121_234947_initial', '20261122_005457_jobs_queue'],
  pingRedis: async () => undefined,
  lastJobTick: now - 30_000,
  startedAt: now - 3_600_000,
  now,
}
const fails = async () => {
  throw new Error('ECONNREFUSED 10.0.0.5:5432')
}

describe('readiness', () => {
  it('is ready when the database answers, every migration is applied, Redis answers and the job timer ticks', async () => {
    expect(await readiness(healthy)).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'ok', jobs: 'ok' } })
    expect((await readiness({ ...healthy, pingRedis: null })).checks.redis).toBe('not-configured')
    expect((await readiness({ ...healthy, pingRedis: null })).status).toBe('ready')
  })

  it('is not ready, naming the part, when the database is down, a migration is pending, Redis is down or the timer stalled', async () => {
    expect(await readiness({ ...healthy, queryDatabase: fails })).toEqual({ status: 'not-ready', checks: { database: 'down', migrations: 'unknown', redis: 'ok', jobs: 'ok' } })
    expect(await readiness({ ...healthy, shippedMigrations: [...healthy.shippedMigrations, '20261127_000000_new'] })).toMatchObject({ status: 'not-ready', checks: { migrations: 'pending' } })
    expect(await readiness({ ...healthy, pingRedis: fails })).toMatchObject({ status: 'not-ready', checks: { redis: 'down' } })
    expect(await readiness({ ...healthy, lastJobTick: now - JOB_TICK_STALE_MS - 1 })).toMatchObject({ status: 'not-ready', checks: { jobs: 'stalled' } })
  })

  it('gives a new process its first ticks, then expects them', async () => {
    expect((await readiness({ ...healthy, lastJobTick: null, startedAt: now - 10_000 })).checks.jobs).toBe('ok')
    expect((await readiness({ ...healthy, lastJobTick: null, startedAt: now - JOB_TICK_STALE_MS - 1 })).checks.jobs).toBe('stalled')
  })

  it('counts a part that does not answer in time as down, and answers in about that time', async () => {
    const started = Date.now()
    const result = await readiness({ ...healthy, queryDatabase: () => new Promise(() => undefined) })
    expect(result.checks.database).toBe('down')
    expect(Date.now() - started).toBeLessThan(PROBE_TIMEOUT_MS + 1_000)
  })

  it('says nothing but states: no error text or address reaches the answer', async () => {
    const result = await readiness({ ...healthy, queryDatabase: fails, pingRedis: fails })
    expect(JSON.stringify(result)).not.toMatch(/ECONNREFUSED|10\.0\.0\.5/)
  })
})
