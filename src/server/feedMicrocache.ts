// Free feeds (/api/feed/…) kept for half a second in the server's memory, in front of Next.js: every app polls them,
// and a Next.js route handler answers at about a quarter of a static file's rate (README, "Speed"), so under load
// one poll per list and format a half-second renders and the rest are copies. Half a second keeps a key taken off a
// list out of every instance's feeds as fast as the shared cache does (tests/e2e/cluster.spec.ts); nginx in front
// keeps the same answers for minutes anyway (their Cache-Control says public). While one poll renders, the others
// get the previous copy rather than all rendering at once. Only what the route marked public is kept; a browser
// (sent to the list's page) and anything not a plain GET pass through.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'

import { isSubscriptionFormat, subscriptionFormat, wantsPage } from '@/lib/subscription/clients'
import { matchesEtag } from '@/lib/subscription/respond'

const PATH = /^\/api\/feed\/([a-z0-9-]{1,60})(?:\/([a-z0-9]{1,12}))?$/
// Headers that describe one connection or one visitor, never copied to another.
const NOT_KEPT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'set-cookie'])
const FILL_TIMEOUT_MS = 10_000

type Entry = { headers: OutgoingHttpHeaders; body: Buffer; etag: string | null; freshUntil: number; fillingSince: number | null }

export type FeedMicrocacheOptions = { freshMs?: number; maxEntries?: number; now?: () => number }

function acceptsGzip(headers: IncomingMessage['headers']): boolean {
  const value = headers['accept-encoding']
  return typeof value === 'string' && /\bgzip\b(?!\s*;\s*q=0(?:\.0*)?\s*(?:,|$))/.test(value)
}

/** The cache key of a feed poll (its URL and the format it is answered in), or null for what is not kept. */
export function feedKey(method: string | undefined, url: string, headers: IncomingMessage['headers']): string | null {
  if (method !== 'GET') return null
  const [pathname = '', query] = url.split('?', 2)
  if (query !== undefined) return null
  const match = PATH.exec(pathname)
  if (!match) return null
  const suffix = match[2]
  if (suffix !== undefined && !isSubscriptionFormat(suffix)) return null
  const header = (name: string) => (typeof headers[name] === 'string' ? (headers[name] as string) : null)
  if (suffix === undefined && wantsPage(header('accept'), header('user-agent'))) return null
  // Each of the site's host names answers for itself; a client that takes gzip gets the compressed copy.
  return `${header('host') ?? ''} ${pathname} ${subscriptionFormat({ userAgent: header('user-agent'), suffix })}${acceptsGzip(headers) ? ' gzip' : ''}`
}

/**
 * A handler that answers a feed poll from memory and says true, or says false and lets `render` (Next.js) answer,
 * keeping what it answers when that is a public 200.
 */
export function feedMicrocache(render: (request: IncomingMessage, response: ServerResponse) => void, options: FeedMicrocacheOptions = {}) {
  const { freshMs = 500, maxEntries = 1_000, now = Date.now } = options
  const entries = new Map<string, Entry>()

  function answer(entry: Entry, request: IncomingMessage, response: ServerResponse): void {
    const ifNoneMatch = typeof request.headers['if-none-match'] === 'string' ? request.headers['if-none-match'] : null
    if (entry.etag && matchesEtag(ifNoneMatch, entry.etag)) {
      const { 'content-type': _type, 'content-length': _length, 'content-disposition': _disposition, ...headers } = entry.headers
      response.writeHead(304, headers).end()
      return
    }
    response.writeHead(200, { ...entry.headers, 'content-length': entry.body.length }).end(entry.body)
  }

  function keep(key: string, headers: OutgoingHttpHeaders, body: Buffer): void {
    const cacheControl = String(headers['cache-control'] ?? '')
    if (!/\bpublic\b/.test(cacheControl) || /\b(private|no-store)\b/.test(cacheControl)) return
    const kept: OutgoingHttpHeaders = {}
    for (const [name, value] of Object.entries(headers)) if (value !== undefined && !NOT_KEPT.has(name)) kept[name] = value
    entries.delete(key)
    // The oldest go first: made-up list names cannot grow it past its size.
    while (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
    entries.set(key, { headers: kept, body, etag: typeof headers.etag === 'string' ? headers.etag : null, freshUntil: now() + freshMs, fillingSince: null })
  }

  function renderAndKeep(key: string, request: IncomingMessage, response: ServerResponse): void {
    // A kept copy is served to every client of its key: ask for one whole body, gzip or plain as the key says.
    if (acceptsGzip(request.headers)) request.headers['accept-encoding'] = 'gzip'
    else delete request.headers['accept-encoding']
    delete request.headers['if-none-match']
    const chunks: Buffer[] = []
    let head: OutgoingHttpHeaders = {}
    const { writeHead, write, end } = response
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (typeof chunk === 'string') chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'))
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk))
    }
    response.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
      const headers = rest.find((arg) => arg !== null && typeof arg === 'object') as OutgoingHttpHeaders | undefined
      if (headers) head = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))
      return writeHead.call(this, statusCode, ...(rest as [OutgoingHttpHeaders]))
    } as ServerResponse['writeHead']
    response.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0])
      return write.call(this, chunk as Buffer, ...(rest as [BufferEncoding]))
    } as ServerResponse['write']
    response.end = function (this: ServerResponse, ...args: unknown[]) {
      if (typeof args[0] !== 'function') collect(args[0], args[1])
      const entry = entries.get(key)
      if (entry) entry.fillingSince = null
      if (response.statusCode === 200) keep(key, { ...response.getHeaders(), ...head }, Buffer.concat(chunks))
      return end.apply(this, args as Parameters<ServerResponse['end']>)
    } as ServerResponse['end']
    render(request, response)
  }

  return (request: IncomingMessage, response: ServerResponse): boolean => {
    const key = feedKey(request.method, request.url ?? '/', request.headers)
    if (key === null) return false
    const entry = entries.get(key)
    const time = now()
    // A render that never finished (a dropped connection) stops holding the others back after a while.
    if (entry && (entry.freshUntil > time || (entry.fillingSince !== null && time - entry.fillingSince < FILL_TIMEOUT_MS))) {
      answer(entry, request, response)
      return true
    }
    if (entry) entry.fillingSince = time
    renderAndKeep(key, request, response)
    return true
  }
}
