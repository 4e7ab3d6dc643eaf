// `npm run bench`: starts the production server on a throwaway database and reports load, the personal subscription
// URL at 10,000 subscribers, first-load JS, Lighthouse and how first renders grow with the number of keys, against
// the targets.
import path from 'node:path'

import { cleanUpOnSignals, runCleanups } from './lib/bench/cleanup'
import { measureFirstLoadJs } from './lib/bench/first-load-js'
import { errorMessage, fixed, heading, kilobytes, table } from './lib/bench/format'
import { auditPage, CATEGORIES } from './lib/bench/lighthouse'
import type { CategoryId, CategoryScore, LighthouseReport } from './lib/bench/lighthouse'
import { LOAD_TOOL, loadTest, pageShortfalls } from './lib/bench/load'
import type { LoadResult, LoadSettings, PageTargets } from './lib/bench/load'
import { startBenchNginx } from './lib/bench/nginx'
import { readOptions } from './lib/bench/options'
import type { BenchOptions } from './lib/bench/options'
import { SCALING_TARGETS, scalingSection } from './lib/bench/scaling'
import { ensureBuild, startServer } from './lib/bench/server'
import { SUBSCRIPTION_TARGETS, subscriptionsSection } from './lib/bench/subscriptions'
import { countMet, verdict } from './lib/bench/targets'
import type { Target } from './lib/bench/targets'

const root = path.resolve(import.meta.dirname, '..')

const STATIC_PATH = '/bench.txt'
const PAGE_PATHS = ['/', '/de', '/vless', '/vless-de', '/en']
const LIGHTHOUSE_PATHS = ['/', '/de', '/tariffs']
// A Russian-preferring visitor: the locale proxy must serve, not redirect, the default-locale pages.
// A phone's browser, as most visitors are: nginx matches its user agent against the robots' list on every request.
const HEADERS = {
  'accept-language': 'ru-RU,ru;q=0.9',
  'user-agent': 'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36',
}

/** Straight to Node: pages against a static file from the same Node. */
const NODE_TARGETS = { minShareOfStatic: 0.25, maxP99Ms: 50 }
/** Through nginx (deploy/nginx's template, as production runs it): pages from its cache against the home page's bytes as a file from the same nginx. */
const NGINX_TARGETS = { minShareOfStatic: 0.8, maxP99Ms: 20 }
const MAX_FIRST_LOAD_GZIP = 150 * 1024
const MIN_PERFORMANCE = 95
const MAX_TBT_MS = 150
const MAX_LCP_MS = 1800

function loadRow(result: LoadResult, staticRps: number, status: string): string[] {
  return [
    result.path,
    fixed(result.rps),
    staticRps > 0 ? `${fixed((result.rps / staticRps) * 100)} %` : '-',
    String(result.p50),
    String(result.p99),
    String(result.total),
    kilobytes(result.bytes),
    String(result.non2xx),
    `${result.errors}/${result.timeouts}`,
    status,
  ]
}

/** `staticPath`: the baseline, a path on `baseUrl` or a URL of its own. */
type LoadRun = { name: string; baseUrl: string; staticPath: string; targets: PageTargets }

async function loadSection({ name, baseUrl, staticPath, targets: PAGE_TARGETS }: LoadRun, options: BenchOptions): Promise<Target[]> {
  const settings: LoadSettings = { baseUrl, headers: HEADERS, connections: options.connections, durationSeconds: options.durationSeconds }
  console.info(heading(`Load ${name}: ${options.connections} connections × ${options.durationSeconds} s per URL with ${LOAD_TOOL}, after a warm-up`))
  const baseline = await loadTest(staticPath, settings)
  const rows = [loadRow(baseline, baseline.rps, 'baseline')]
  const notes: string[] = []
  const targets: Target[] = []
  for (const pagePath of PAGE_PATHS) {
    const result = await loadTest(pagePath, settings)
    const shortfalls = pageShortfalls(result, baseline.rps, PAGE_TARGETS)
    rows.push(loadRow(result, baseline.rps, verdict(shortfalls.length === 0)))
    if (shortfalls.length > 0) notes.push(`  ${pagePath}: ${shortfalls.join('; ')}`)
    targets.push({ name: `load ${name} ${pagePath}`, met: shortfalls.length === 0 })
  }
  const headers = ['URL', 'req/s', '% static', 'p50 ms', 'p99 ms', 'requests', 'size', 'non-2xx', 'err/timeout', 'result']
  console.info(table(headers, rows, ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'left']))
  if (baseline.non2xx > 0 || baseline.errors > 0) {
    notes.unshift(`  ${staticPath} (baseline) is unhealthy: ${baseline.non2xx} non-2xx (${baseline.otherStatuses}), ${baseline.errors} errors`)
  }
  console.info(`Targets per page: ≥ ${PAGE_TARGETS.minShareOfStatic * 100} % of static req/s, no non-2xx or errors, p99 < ${PAGE_TARGETS.maxP99Ms} ms`)
  if (notes.length > 0) console.info(['Misses:', ...notes].join('\n'))
  return targets
}

async function firstLoadJsSection(baseUrl: string): Promise<Target[]> {
  console.info(heading('First-load JavaScript of /'))
  const { files, total, inlineBytes } = await measureFirstLoadJs(new URL('/', baseUrl).href, HEADERS)
  const rows = files.map((file) => [file.path, kilobytes(file.raw), kilobytes(file.gzip), kilobytes(file.brotli)])
  rows.push(['total', kilobytes(total.raw), kilobytes(total.gzip), kilobytes(total.brotli)])
  console.info(table(['script', 'raw', 'gzip -9', 'brotli'], rows, ['left', 'right', 'right', 'right']))
  const met = total.gzip < MAX_FIRST_LOAD_GZIP
  console.info(`${files.length} scripts, ${kilobytes(total.gzip)} (${total.gzip} bytes) gzip (target < ${kilobytes(MAX_FIRST_LOAD_GZIP)}, ${MAX_FIRST_LOAD_GZIP} bytes): ${verdict(met)}`)
  console.info(`Inline <script> bodies (not counted): ${kilobytes(inlineBytes)} raw`)
  return [{ name: 'first-load JS', met }]
}

function categoryMet(category: CategoryScore): boolean {
  if (category.score === null) return false
  return category.id === 'performance' ? category.score >= MIN_PERFORMANCE : category.score === 100
}

const shortTitles: Record<CategoryId, string> = { performance: 'perf', accessibility: 'a11y', 'best-practices': 'practices', seo: 'SEO' }

function metricMet(value: number | null, limit: number): boolean {
  return value !== null && value < limit
}

function milliseconds(value: number | null): string {
  return value === null ? 'n/a' : `${Math.round(value)} ms`
}

/** One page, several runs: a row per run with the four scores, TBT and LCP; every run must meet every target. */
function printLighthouseRuns(pagePath: string, reports: (LighthouseReport | Error)[]): Target[] {
  const rows = reports.map((report, index) => {
    if (report instanceof Error) return [String(index + 1), ...CATEGORIES.map(() => 'n/a'), 'n/a', 'n/a', `could not run: ${errorMessage(report)}`]
    const { totalBlockingTime, largestContentfulPaint } = report.metrics
    const met =
      report.categories.every(categoryMet) && metricMet(totalBlockingTime, MAX_TBT_MS) && metricMet(largestContentfulPaint, MAX_LCP_MS)
    return [
      String(index + 1),
      ...report.categories.map((category) => (category.score === null ? 'n/a' : String(category.score))),
      milliseconds(totalBlockingTime),
      milliseconds(largestContentfulPaint),
      verdict(met),
    ]
  })
  console.info(`\n${pagePath}   (targets: perf ≥ ${MIN_PERFORMANCE}, others 100, TBT < ${MAX_TBT_MS} ms, LCP < ${MAX_LCP_MS} ms)`)
  console.info(
    table(['run', ...CATEGORIES.map((id) => shortTitles[id]), 'TBT', 'LCP', 'result'], rows, ['right', 'right', 'right', 'right', 'right', 'right', 'right', 'left']),
  )
  const done = reports.filter((report): report is LighthouseReport => !(report instanceof Error))
  // What kept a run below target, once per audit across the runs.
  const said = new Set<string>()
  for (const report of done) {
    for (const category of report.categories.filter((item) => !categoryMet(item))) {
      for (const failing of category.failing) {
        const line = `${category.title}: ${failing.title}${failing.displayValue ? ` (${failing.displayValue})` : ''}`
        if (said.has(line)) continue
        said.add(line)
        console.info(`  - ${line}`)
        for (const example of failing.examples) console.info(`      ${example}`)
      }
    }
    for (const warning of report.warnings.filter((item) => !said.has(item))) {
      said.add(warning)
      console.info(`  warning: ${warning}`)
    }
  }
  const targets: Target[] = CATEGORIES.map((id) => ({
    name: `lighthouse ${pagePath} ${id}`,
    met: done.length === reports.length && done.every((report) => report.categories.every((category) => category.id !== id || categoryMet(category))),
  }))
  targets.push({ name: `lighthouse ${pagePath} TBT`, met: done.length === reports.length && done.every((report) => metricMet(report.metrics.totalBlockingTime, MAX_TBT_MS)) })
  targets.push({ name: `lighthouse ${pagePath} LCP`, met: done.length === reports.length && done.every((report) => metricMet(report.metrics.largestContentfulPaint, MAX_LCP_MS)) })
  return targets
}

async function lighthouseSection(baseUrl: string, options: BenchOptions): Promise<Target[]> {
  console.info(heading(`Lighthouse (mobile: 4× CPU slowdown, slow 4G; Russian), ${options.lighthouseRuns} runs per page`))
  if (options.skipLighthouse) {
    console.info('Skipped (BENCH_SKIP_LIGHTHOUSE).')
    return []
  }
  const targets: Target[] = []
  for (const pagePath of LIGHTHOUSE_PATHS) {
    const reports: (LighthouseReport | Error)[] = []
    for (let run = 0; run < options.lighthouseRuns; run += 1) {
      // A failed run is reported as one: a report with the other results beats no report.
      reports.push(await auditPage(new URL(pagePath, baseUrl).href).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))))
    }
    targets.push(...printLighthouseRuns(pagePath, reports))
  }
  return targets
}

/** One section failing (say, a page answering 500) must not hide the others' results. */
async function section(name: string, run: () => Promise<Target[]>, unmeasured: readonly string[]): Promise<Target[]> {
  try {
    return await run()
  } catch (error) {
    console.info(`${name} failed: ${errorMessage(error)}`)
    // Counted as missed, so the summary's total stays the same whatever broke.
    return unmeasured.map((target) => ({ name: target, met: false }))
  }
}

async function main(): Promise<void> {
  const options = readOptions()
  cleanUpOnSignals()
  await ensureBuild(root)
  const server = await startServer(root)
  const targets: Target[] = []
  try {
    const { sections } = options
    if (sections.has('load')) {
      const node: LoadRun = { name: 'straight to Node', baseUrl: server.baseUrl, staticPath: STATIC_PATH, targets: NODE_TARGETS }
      targets.push(...(await section('load test', () => loadSection(node, options), PAGE_PATHS.map((pagePath) => `load ${node.name} ${pagePath}`))))
      const proxy = await startBenchNginx(server.baseUrl, HEADERS)
      const nginx: LoadRun = { name: 'through nginx', baseUrl: proxy.baseUrl, staticPath: proxy.staticUrl, targets: NGINX_TARGETS }
      targets.push(...(await section('load test through nginx', () => loadSection(nginx, options), PAGE_PATHS.map((pagePath) => `load ${nginx.name} ${pagePath}`))))
    }
    if (sections.has('subscriptions')) {
      const subscriptions = () => subscriptionsSection({ baseUrl: server.baseUrl, databaseUrl: server.databaseUrl, secret: server.secret }, options)
      targets.push(...(await section('subscriptions', subscriptions, SUBSCRIPTION_TARGETS)))
    }
    if (sections.has('js')) targets.push(...(await section('first-load JS', () => firstLoadJsSection(server.baseUrl), ['first-load JS'])))
    if (sections.has('lighthouse')) targets.push(...(await lighthouseSection(server.baseUrl, options)))
    // Last: it fills the database with copies of keys (and empties it again).
    if (sections.has('scaling')) {
      const scaling = () => scalingSection({ baseUrl: server.baseUrl, databaseUrl: server.databaseUrl, secret: server.secret, headers: HEADERS })
      targets.push(...(await section('scaling', scaling, SCALING_TARGETS)))
    }
  } finally {
    await runCleanups()
  }
  const missed = targets.filter((target) => !target.met).map((target) => target.name)
  if (missed.length > 0) console.info(`\nMissed: ${missed.join(', ')}`)
  console.info(`\nbench: ${countMet(targets)} of ${targets.length} targets met`)
}

main().then(
  // Lighthouse and autocannon can leave handles open; the report is done, so leave explicitly.
  () => process.exit(0),
  async (error: unknown) => {
    console.error(`\n✖ bench failed: ${errorMessage(error)}`)
    await runCleanups()
    process.exit(1)
  },
)
