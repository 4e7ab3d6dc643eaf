// Lighthouse mobile scores of a page in headless Chromium, with the audits that keep a score below its target.
import type { Result } from 'lighthouse'

import { auditExamples } from './audit-examples'
import { onCleanup } from './cleanup'

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type CategoryId = (typeof CATEGORIES)[number]

export type FailingAudit = { title: string; displayValue?: string; examples: string[] }
export type CategoryScore = { id: CategoryId; title: string; score: number | null; failing: FailingAudit[] }
/** Lab metrics in milliseconds (simulated mobile: 4× CPU slowdown, slow 4G). */
export type LabMetrics = { totalBlockingTime: number | null; largestContentfulPaint: number | null }
export type LighthouseReport = { url: string; categories: CategoryScore[]; metrics: LabMetrics; warnings: string[] }

const CHROMIUM = '/usr/bin/chromium'
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox', // running as root
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

type Audit = Result['audits'][string]

/** Audits that actually scored below full marks; informative and not-applicable ones carry no score. */
function failingAudits(lhr: Result, category: Result['categories'][string]): FailingAudit[] {
  return [...category.auditRefs]
    .sort((a, b) => b.weight - a.weight)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit): audit is Audit => audit !== undefined && audit.score !== null && audit.score < 1)
    .map((audit) => ({ title: audit.title, displayValue: audit.displayValue, examples: auditExamples(audit) }))
}

function scores(lhr: Result): CategoryScore[] {
  return CATEGORIES.map((id) => {
    const category = lhr.categories[id]
    if (!category) return { id, title: id, score: null, failing: [] }
    const score = category.score === null ? null : Math.round(category.score * 100)
    return { id, title: category.title, score, failing: failingAudits(lhr, category) }
  })
}

/** A fresh browser per page, so one page's cache and service workers cannot flatter the next. */
export async function auditPage(url: string): Promise<LighthouseReport> {
  // Loaded lazily: both are heavy, and BENCH_SKIP_LIGHTHOUSE should not pay for them.
  const [{ default: lighthouse }, { launch }] = await Promise.all([import('lighthouse'), import('chrome-launcher')])
  // handleSIGINT off: chrome-launcher would otherwise exit the process on Ctrl-C before the server is stopped.
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, handleSIGINT: false, logLevel: 'silent' })
  const forget = onCleanup(() => chrome.kill())
  try {
    // Measured as our typical visitor sees it: a Russian-language phone (an English one is sent to /en first).
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      extraHeaders: { 'Accept-Language': 'ru-RU,ru;q=0.9' },
    })
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`)
    const { lhr } = result
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? null
    const metrics = { totalBlockingTime: metric('total-blocking-time'), largestContentfulPaint: metric('largest-contentful-paint') }
    return { url, categories: scores(lhr), metrics, warnings: lhr.runWarnings.map(String) }
  } finally {
    forget()
    chrome.kill()
  }
}
