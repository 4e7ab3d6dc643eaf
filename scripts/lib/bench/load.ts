// Load tests: a warm-up with autocannon (which also tells the answers' statuses), then a timed run with Debian's wrk
// when it is installed, else with autocannon, reduced to the numbers the report needs. autocannon turns every
// response body into a string: on a Russian page that UTF-8 decoding is 86 % of its CPU (a --cpu-prof of a run
// against a 44.7 KB file), so it measures itself before the server; wrk, in C, reads bytes and measures the server.
import { execFile, spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

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

/** The load tool of the timed runs: wrk where Debian's package is installed. */
export const LOAD_TOOL: 'wrk' | 'autocannon' = spawnSync('wrk', ['--version']).error ? 'autocannon' : 'wrk'

// wrk's summary as one JSON line (latencies in microseconds); errors.status counts answers of 400 and above.
const WRK_REPORT = `done = function(summary, latency, requests)
  io.write(string.format('{"requests":%d,"bytes":%d,"durationUs":%d,"errors":%d,"timeouts":%d,"statusErrors":%d,"p50":%d,"p99":%d}\\n',
    summary.requests, summary.bytes, summary.duration,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout, summary.errors.timeout,
    summary.errors.status, latency:percentile(50), latency:percentile(99)))
end
`
type WrkReport = { requests: number; bytes: number; durationUs: number; errors: number; timeouts: number; statusErrors: number; p50: number; p99: number }

async function wrk(url: string, settings: LoadSettings): Promise<WrkReport> {
  const script = path.join(tmpdir(), 'vpnkeys-bench-wrk.lua')
  writeFileSync(script, WRK_REPORT)
  const headers = Object.entries(settings.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`])
  // One thread: the other core is the server's.
  const args = ['-t1', `-c${settings.connections}`, `-d${settings.durationSeconds}s`, '-s', script, ...headers, url]
  const { stdout } = await promisify(execFile)('wrk', args)
  const line = stdout.split('\n').find((text) => text.startsWith('{"requests"'))
  if (!line) throw new Error(`wrk printed no report: ${stdout}`)
  return JSON.parse(line) as WrkReport
}

export async function loadTest(path: string, settings: LoadSettings): Promise<LoadResult> {
  const url = new URL(path, settings.baseUrl).href
  // Warms Next's caches and the JIT first, so the timed run measures steady state.
  const warm = await autocannon({ url, connections: settings.connections, amount: WARM_UP_REQUESTS, headers: settings.headers })
  if (LOAD_TOOL === 'wrk') {
    const report = await wrk(url, settings)
    return {
      path,
      rps: report.requests / (report.durationUs / 1_000_000),
      p50: Math.round(report.p50 / 100) / 10,
      p99: Math.round(report.p99 / 100) / 10,
      total: report.requests,
      bytes: report.requests > 0 ? Math.round(report.bytes / report.requests) : 0,
      // The warm-up's answers tell redirects apart; wrk counts answers of 400 and above.
      non2xx: warm.non2xx + report.statusErrors,
      errors: report.errors,
      timeouts: report.timeouts,
      otherStatuses: otherStatuses(warm.statusCodeStats),
    }
  }
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
