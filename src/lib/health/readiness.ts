// Whether an app instance can serve: the database answers, every migration is applied, Redis answers when the site
// uses it, and this instance's job timer is ticking. What /api/health/ready says, with each part's state and nothing
// else (no versions, addresses or error texts: anyone may ask).
export type PartState = 'ok' | 'down' | 'pending' | 'stalled' | 'not-configured' | 'unknown'

export type Readiness = {
  status: 'ready' | 'not-ready'
  checks: { database: PartState; migrations: PartState; redis: PartState; jobs: PartState }
}

export type ReadinessProbes = {
  /** Resolves when a trivial query answers. */
  queryDatabase: () => Promise<void>
  /** The names of the migrations the database has applied. */
  appliedMigrations: () => Promise<readonly string[]>
  /** The names of the migrations this build ships. */
  shippedMigrations: readonly string[]
  /** Resolves when Redis answers; null when the site runs without Redis. */
  pingRedis: (() => Promise<void>) | null
  /** When the job timer last ticked on this instance (ms), null before its first tick. */
  lastJobTick: number | null
  /** When this process started (ms). */
  startedAt: number
  now: number
}

/**
 * How long the job timer may go without a tick. It ticks once a minute, but Payload skips its ticks while a run is
 * still going, and the connection check may take its whole budget (LIVENESS_BUDGET_MS, 5 minutes by default).
 */
export const JOB_TICK_STALE_MS = 15 * 60_000
/** A part that has not answered in this long is down. */
export const PROBE_TIMEOUT_MS = 2_000

function withinTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), PROBE_TIMEOUT_MS)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

async function answers(probe: () => Promise<unknown>): Promise<boolean> {
  try {
    await withinTimeout(probe())
    return true
  } catch {
    return false
  }
}

export async function readiness(probes: ReadinessProbes): Promise<Readiness> {
  const [database, redis] = await Promise.all([
    answers(probes.queryDatabase),
    probes.pingRedis ? answers(probes.pingRedis) : Promise.resolve(null),
  ])
  let migrations: PartState = 'unknown'
  if (database) {
    try {
      const applied = new Set(await withinTimeout(probes.appliedMigrations()))
      migrations = probes.shippedMigrations.every((name) => applied.has(name)) ? 'ok' : 'pending'
    } catch {
      migrations = 'unknown'
    }
  }
  const sinceTick = probes.now - (probes.lastJobTick ?? probes.startedAt)
  const checks = {
    database: database ? 'ok' : 'down',
    migrations,
    redis: redis === null ? 'not-configured' : redis ? 'ok' : 'down',
    jobs: sinceTick <= JOB_TICK_STALE_MS ? 'ok' : 'stalled',
  } satisfies Readiness['checks']
  const isReady = checks.database === 'ok' && checks.migrations === 'ok' && checks.redis !== 'down' && checks.jobs === 'ok'
  return { status: isReady ? 'ready' : 'not-ready', checks }
}
