// Load tests with autocannon: a warm-up, then a timed run, reduced to the numbers the report needs.
import { createRequire } from 'node:module'

/** The part of autocannon's result the bench reads (the package ships no types). */
type Histogram = { average: number; p50: number; p99: number; total: number }
type AutocannonResult = {
  requests: Histogram
  latency: Histogram
  throughput: Histogram
  non2xx: number
  errors: number
  timeouts: number
  statusCodeStats: Record<string, { count: number }>
}
type AutocannonOptions = {
  url: string
  connections: number
  duration?: number
  amount?: number
  headers: Record<string, string>
}
type Autocannon = (options: AutocannonOptions) => Promise<AutocannonResult>

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

const WARM_UP_REQUESTS = 300

export type LoadSettings = {
  baseUrl: string
  headers: Record<string, string>
  connections: number
  durationSeconds: number
}

export type LoadResult = {
  path: string
  rps: number
  p50: number
  p99: number
  total: number
  /** Bytes per response, headers included. */
  bytes: number
  non2xx: number
  errors: number
  timeouts: number
  /** e.g. "307×1200": what the non-2xx answers were, so a redirect is told from an error. */
  otherStatuses: string
}

function otherStatuses(stats: AutocannonResult['statusCodeStats']): string {
  return Object.entries(stats)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${code}×${count}`)
    .join(' ')
}

/** Warms Next's caches and the JIT first, so the timed run measures steady state. */
async function warmUp(url: string, settings: LoadSettings): Promise<void> {
  await autocannon({ url, connections: settings.connections, amount: WARM_UP_REQUESTS, headers: settings.headers })
}

export async function loadTest(path: string, settings: LoadSettings): Promise<LoadResult> {
  const url = new URL(path, settings.baseUrl).href
  await warmUp(url, settings)
  const result = await autocannon({
    url,
    connections: settings.connections,
    duration: settings.durationSeconds,
    headers: settings.headers,
  })
  return {
    path,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    bytes: result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : 0,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    otherStatuses: otherStatuses(result.statusCodeStats),
  }
}

export type PageTargets = { minShareOfStatic: number; maxP99Ms: number }

/** Why a page misses its targets; empty when it meets them all. */
export function pageShortfalls(page: LoadResult, staticRps: number, targets: PageTargets): string[] {
  const reasons: string[] = []
  const share = staticRps > 0 ? page.rps / staticRps : 0
  if (share < targets.minShareOfStatic) {
    reasons.push(`${(share * 100).toFixed(1)} % of static rps < ${targets.minShareOfStatic * 100} %`)
  }
  if (page.non2xx > 0) reasons.push(`${page.non2xx} non-2xx responses (${page.otherStatuses})`)
  // A failed or timed-out request is no better than a non-2xx one.
  if (page.errors > 0) reasons.push(`${page.errors} errors (${page.timeouts} timeouts)`)
  if (page.p99 >= targets.maxP99Ms) reasons.push(`p99 ${page.p99} ms ≥ ${targets.maxP99Ms} ms`)
  return reasons
}
