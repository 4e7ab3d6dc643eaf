// First-load JavaScript of a page: the /_next/ scripts its HTML loads, sized raw, gzip -9 and brotli.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

export type ScriptSize = { path: string; raw: number; gzip: number; brotli: number }

export type FirstLoadJs = {
  files: ScriptSize[]
  total: Omit<ScriptSize, 'path'>
  /** Inline <script> bodies (e.g. the RSC payload): not counted, shown for context. */
  inlineBytes: number
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)
  const value = match?.[1] ?? match?.[2] ?? match?.[3]
  return value?.replaceAll('&amp;', '&')
}

function isScriptPreload(tag: string): boolean {
  const rel = (attribute(tag, 'rel') ?? '').toLowerCase().split(/\s+/)
  return rel.includes('modulepreload') || (rel.includes('preload') && attribute(tag, 'as')?.toLowerCase() === 'script')
}

/** Same-origin /_next/ script URLs, deduplicated: a preloaded script is downloaded only once. */
export function scriptUrls(html: string, pageUrl: string): string[] {
  const sources = [
    // `nomodule` scripts are legacy polyfills that modern browsers never download.
    ...[...html.matchAll(/<script\b[^>]*>/gi)].filter(([tag]) => !/\snomodule\b/i.test(tag)).map(([tag]) => attribute(tag, 'src')),
    ...[...html.matchAll(/<link\b[^>]*>/gi)].filter(([tag]) => isScriptPreload(tag)).map(([tag]) => attribute(tag, 'href')),
  ]
  const origin = new URL(pageUrl).origin
  const urls = sources
    .filter((source): source is string => Boolean(source))
    .map((source) => new URL(source, pageUrl))
    .filter((url) => url.origin === origin && url.pathname.startsWith('/_next/'))
    .map((url) => url.href)
  return [...new Set(urls)]
}

function inlineScriptBytes(html: string): number {
  return [...html.matchAll(/<script\b(?![^>]*\ssrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi)].reduce(
    (sum, match) => sum + Buffer.byteLength(match[1] ?? ''),
    0,
  )
}

async function fetchOk(url: string, headers: Record<string, string>): Promise<Buffer> {
  // Follow no redirects: a redirected page would measure some other page's scripts.
  const response = await fetch(url, { headers, redirect: 'manual' })
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`)
  return Buffer.from(await response.arrayBuffer())
}

/** Compressed locally, so the figure does not depend on how (or whether) the server compresses. */
function sizeOf(path: string, body: Buffer): ScriptSize {
  return {
    path,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }).length,
  }
}

export async function measureFirstLoadJs(pageUrl: string, headers: Record<string, string>): Promise<FirstLoadJs> {
  const html = (await fetchOk(pageUrl, headers)).toString('utf8')
  const files: ScriptSize[] = []
  for (const url of scriptUrls(html, pageUrl)) {
    files.push(sizeOf(new URL(url).pathname, await fetchOk(url, headers)))
  }
  files.sort((a, b) => b.raw - a.raw)
  const total = files.reduce(
    (sum, file) => ({ raw: sum.raw + file.raw, gzip: sum.gzip + file.gzip, brotli: sum.brotli + file.brotli }),
    { raw: 0, gzip: 0, brotli: 0 },
  )
  return { files, total, inlineBytes: inlineScriptBytes(html) }
}
