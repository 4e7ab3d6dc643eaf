// Free feeds (/api/feed/…) kept for half a second in the server's memory, in front of Next.js: every app polls them,
// and a Next.js route handler answers at about a quarter of a static file's rate (docs/decisions/0003-subscription-fast-path.md), so under load
// one poll per list and format a half-second renders and the rest are copies. Half a second keeps a key taken off a
// list out of every instance's feeds as fast as the shared cache does (tests/e2e/cluster.spec.ts); the answers'
// Cache-Control lets any shared cache keep them five minutes, though the deploy's nginx passes /api/ uncached, so
// in production these copies are the feeds' only cache. While one poll renders, the others
// get the previous copy rather than all rendering at once. Only what the route marked public is kept; a browser
// (sent to the list's page) and anything not a plain GET pass through.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'

import { requestedHost, requestOriginOf } from '@/lib/http/siteHosts'
import type { SiteHosts } from '@/lib/http/siteHosts'
import { isSubscriptionFormat, subscriptionFormat, wantsPage } from '@/lib/feeds/clients'
import { matchesEtag } from '@/lib/feeds/respond'

const PATH = /^\/api\/feed\/([a-z0-9-]{1,60})(?:\/([a-z0-9]{1,12}))?$/
// Headers that describe one connection or one visitor, never copied to another.
const NOT_KEPT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'set-cookie'])

type Entry = { headers: OutgoingHttpHeaders; body: Buffer; etag: string | null; freshUntil: number; fillingSince: number | null }

export type FeedMicrocacheOptions = {
  freshMs?: number
  maxStaleMs?: number
  maxBytes?: number
  now?: () => number
}

// What describes a body, left out of a 304.
const BODY_HEADERS = ['content-type', 'content-length', 'content-disposition', 'content-encoding']

function withoutBodyHeaders(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !BODY_HEADERS.includes(name.toLowerCase())))
}

function acceptsGzip(headers: IncomingMessage['headers']): boolean {
  const value = headers['accept-encoding']
  return typeof value === 'string' && /\bgzip\b(?!\s*;\s*q=0(?:\.0*)?\s*(?:,|$))/.test(value)
}

/** The cache key of a feed poll (its URL and the format it is answered in), or null for what is not kept. */
export function feedKey(method: string | undefined, url: string, headers: IncomingMessage['headers'], hosts: SiteHosts): string | null {
  if (method !== 'GET') return null
  const [pathname = '', query] = url.split('?', 2)
  if (query !== undefined) return null
  const match = PATH.exec(pathname)
  if (!match) return null
  const suffix = match[2]
  if (suffix !== undefined && !isSubscriptionFormat(suffix)) return null
  const header = (name: string) => (typeof headers[name] === 'string' ? (headers[name] as string) : null)
  if (suffix === undefined && wantsPage(header('accept'), header('user-agent'))) return null
  // The answer names the own host it was polled on, else SERVER_URL (so a made-up Host adds no copies); a client that
  // takes gzip gets the compressed copy.
  return `${requestOriginOf(hosts, requestedHost(header))}${pathname} ${subscriptionFormat({ userAgent: header('user-agent'), suffix })}${acceptsGzip(headers) ? ' gzip' : ''}`
}

/**
 * A handler that answers a feed poll from memory and says true, or says false and lets `render` (Next.js) answer,
 * keeping what it answers when that is a public 200.
 */
/** `hosts`: the site's own hosts: a feed names the host it was polled on, so each own host has copies of its own. */
export function feedMicrocache(render: (request: IncomingMessage, response: ServerResponse) => void, hosts: SiteHosts, options: FeedMicrocacheOptions = {}) {
  // A copy outlives its half second only while a new one renders, and never by more than `maxStaleMs`: a render that
  // keeps failing (an address past its allowance polling hard) cannot keep the others on an old list.
  const { freshMs = 500, maxStaleMs = 5_000, maxBytes = 32 * 1024 * 1024, now = Date.now } = options
  const entries = new Map<string, Entry>()
  let bytes = 0

  function forget(key: string): void {
    const entry = entries.get(key)
    if (!entry) return
    bytes -= entry.body.length
    entries.delete(key)
  }

  function answer(entry: Entry, request: IncomingMessage, response: ServerResponse): void {
    const ifNoneMatch = typeof request.headers['if-none-match'] === 'string' ? request.headers['if-none-match'] : null
    if (entry.etag && matchesEtag(ifNoneMatch, entry.etag)) {
      response.writeHead(304, withoutBodyHeaders(entry.headers)).end()
      return
    }
    response.writeHead(200, { ...entry.headers, 'content-length': entry.body.length }).end(entry.body)
  }

  function keep(key: string, headers: OutgoingHttpHeaders, body: Buffer, preset: ReadonlySet<string>): void {
    const cacheControl = String(headers['cache-control'] ?? '')
    if (!/\bpublic\b/.test(cacheControl) || /\b(private|no-store)\b/.test(cacheControl) || body.length > maxBytes / 8) return
    const kept: OutgoingHttpHeaders = {}
    // What this server set before the route ran (per request, per host) is set again for each request, not copied.
    for (const [name, value] of Object.entries(headers)) if (value !== undefined && !NOT_KEPT.has(name) && !preset.has(name)) kept[name] = value
    forget(key)
    // The oldest go first.
    while (bytes + body.length > maxBytes && entries.size > 0) forget(entries.keys().next().value!)
    entries.set(key, { headers: kept, body, etag: typeof headers.etag === 'string' ? headers.etag : null, freshUntil: now() + freshMs, fillingSince: null })
    bytes += body.length
  }

  function renderAndKeep(key: string, request: IncomingMessage, response: ServerResponse): void {
    // A kept copy is served to every client of its key: ask for one whole body, gzip or plain as the key says.
    if (acceptsGzip(request.headers)) request.headers['accept-encoding'] = 'gzip'
    else delete request.headers['accept-encoding']
    // The render makes the whole body for the copy; the poll that asked still gets its 304 if the tag is unchanged.
    const ifNoneMatch = typeof request.headers['if-none-match'] === 'string' ? request.headers['if-none-match'] : null
    delete request.headers['if-none-match']
    const chunks: Buffer[] = []
    let head: OutgoingHttpHeaders = {}
    let status: number | null = null
    let sent: OutgoingHttpHeaders = {}
    let notModified = false
    const preset = new Set(Object.keys(response.getHeaders()))
    const { writeHead, write, end } = response
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (typeof chunk === 'string') chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'))
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk))
    }
    response.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
      const headers = rest.find((arg) => arg !== null && typeof arg === 'object') as OutgoingHttpHeaders | undefined
      if (headers) head = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))
      status = statusCode
      sent = { ...this.getHeaders(), ...head }
      const etag = sent.etag
      notModified = statusCode === 200 && typeof etag === 'string' && matchesEtag(ifNoneMatch, etag)
      if (!notModified) return writeHead.call(this, statusCode, ...(rest as [OutgoingHttpHeaders]))
      for (const name of BODY_HEADERS) this.removeHeader(name)
      return writeHead.call(this, 304, withoutBodyHeaders(head))
    } as ServerResponse['writeHead']
    response.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0])
      if (status === null) this.writeHead(this.statusCode)
      if (notModified) return true
      return write.call(this, chunk as Buffer, ...(rest as [BufferEncoding]))
    } as ServerResponse['write']
    response.end = function (this: ServerResponse, ...args: unknown[]) {
      if (typeof args[0] !== 'function') collect(args[0], args[1])
      // Headers not yet written are written now, so that a 304 is decided before any body.
      if (status === null) this.writeHead(this.statusCode)
      const entry = entries.get(key)
      if (entry) entry.fillingSince = null
      if (status === 200) keep(key, sent, Buffer.concat(chunks), preset)
      // The list is gone: its copy goes too.
      else if (status === 404 || status === 410) forget(key)
      if (!notModified) return end.apply(this, args as Parameters<ServerResponse['end']>)
      const callback = args.find((arg) => typeof arg === 'function') as (() => void) | undefined
      return (end as (this: ServerResponse, callback?: () => void) => ServerResponse).call(this, callback)
    } as ServerResponse['end']
    render(request, response)
  }

  return (request: IncomingMessage, response: ServerResponse): boolean => {
    const key = feedKey(request.method, request.url ?? '/', request.headers, hosts)
    if (key === null) return false
    const entry = entries.get(key)
    const time = now()
    if (entry && (entry.freshUntil > time || (entry.fillingSince !== null && time - entry.freshUntil < maxStaleMs))) {
      answer(entry, request, response)
      return true
    }
    if (entry) entry.fillingSince = time
    renderAndKeep(key, request, response)
    return true
  }
}
