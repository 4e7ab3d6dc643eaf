// The site's HTTP server (`npm start` and `npm run dev` run it through scripts/run.ts): Next.js behind a plain Node
// handler that decides each request's route (routePlan). Deciding here instead of in Next.js's middleware saves
// the middleware's per-request work on every page (measured in docs/decisions/0001-the-sites-own-server.md).
import { createServer } from 'node:http'
import net from 'node:net'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { format } from 'node:util'

import next from 'next'

import { databaseUnreachableLately } from '@/lib/db/pool'
import { env } from '@/lib/env'
import { productionLogger } from '@/lib/log/logger'

import { boundRequestHeaders, routePlan, SERVER_SET_REQUEST_HEADERS } from './routePlan'
import type { RoutingSettings } from './routePlan'
import { feedMicrocache } from './feedMicrocache'
import { observe } from './observe'
import { answerOutageAs503 } from './outage'
import { subscriptionFastPath } from './subscriptionFastPath'

const root = path.resolve(import.meta.dirname, '../..')
const dev = process.argv.includes('--dev')
const port = Number(process.env.PORT ?? 3000)
// Longer than a reverse proxy keeps idle upstream connections (nginx: 60 s), so Node never closes one nginx is reusing.
const KEEP_ALIVE_MS = 65_000
const SHUTDOWN_GRACE_MS = 10_000
const DRAIN_MS = 3_000
// All of a request's headers together, as Node's default says and on purpose: nginx in front passes at most 8 KB a
// header line (large_client_header_buffers in deploy/nginx), and more than this answers 431 before any code runs.
const MAX_HEADER_BYTES = 16 * 1024

const settings: RoutingSettings = { hosts: env().hosts }

// Production logs JSON lines (src/lib/log); what Next.js and the site print through the console becomes one too.
const log = dev ? null : productionLogger('server')
// Next.js colours its console lines; a log line keeps the text.
const COLOURS = /\u001b\[[0-9;]*m/g
const line = (...args: unknown[]) => format(...args).replace(COLOURS, '')
if (log) {
  const info = (...args: unknown[]) => log.info(line(...args))
  Object.assign(console, { log: info, info, warn: (...args: unknown[]) => log.warn(line(...args)), error: (...args: unknown[]) => log.error(line(...args)) })
}

const LIVE_PATH = '/api/health/live'
const READY_PATH = '/api/health/ready'
const HEALTH_HEADERS = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }
/** Set on SIGTERM: readiness says 503 at once, and no connection is kept open for another request. */
let isStopping = false

/** The health answers this server gives itself: the process answers (live), and it is stopping (ready). */
function answerHealth(request: IncomingMessage, response: ServerResponse): boolean {
  const url = request.url ?? '/'
  const pathname = url.split('?', 1)[0]
  if (pathname === LIVE_PATH) {
    response.writeHead(200, HEALTH_HEADERS).end(JSON.stringify({ status: 'live' }))
    return true
  }
  if (pathname === READY_PATH && isStopping) {
    response.writeHead(503, HEALTH_HEADERS).end(JSON.stringify({ status: 'stopping' }))
    return true
  }
  return false
}

const app = next({ dev, dir: root, port, turbopack: dev })
const handle = app.getRequestHandler()
function toNext(request: IncomingMessage, response: ServerResponse): void {
  answerOutageAs503(response, () => databaseUnreachableLately())
  handle(request, response).catch((error: unknown) => {
    console.error('[server] request failed', error)
    if (!response.headersSent) response.writeHead(500).end()
    else response.destroy()
  })
}

// Apps' subscription polls, before Next.js (production only: `next dev` compiles the route it would skip).
const databaseUrl = env().DATABASE_URL
const answerPoll = !dev && databaseUrl ? subscriptionFastPath(databaseUrl, env().hosts, toNext) : null
// Free feeds' polls, copies of Next.js's answers for half a second (production only, as above).
const answerFeed = dev ? null : feedMicrocache(toNext, env().hosts)

function serve(request: IncomingMessage, response: ServerResponse): void {
  if (isStopping) response.shouldKeepAlive = false
  observe(request, response, log, () => answer(request, response))
}

function answer(request: IncomingMessage, response: ServerResponse): void {
  if (answerHealth(request, response)) return
  for (const name of SERVER_SET_REQUEST_HEADERS) delete request.headers[name]
  boundRequestHeaders(request.headers)
  const plan = routePlan(request.url ?? '/', request.headers, settings)
  if (plan.kind === 'respond') {
    response.writeHead(plan.status, plan.headers).end()
    return
  }
  Object.assign(request.headers, plan.requestHeaders)
  for (const [name, value] of Object.entries(plan.responseHeaders)) response.setHeader(name, value)
  if (answerPoll?.(request, response) || answerFeed?.(request, response)) return
  toNext(request, response)
}

async function main(): Promise<void> {
  await app.prepare()
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, serve)
  server.keepAliveTimeout = KEEP_ALIVE_MS
  server.headersTimeout = KEEP_ALIVE_MS + 1_000
  if (dev) server.on('upgrade', app.getUpgradeHandler())
  server.listen(port, () => console.info(`[server] ready on port ${port}${dev ? ' (development)' : ''}`))

  // Stopping (an upgrade restarts instances one at a time behind nginx). The port closes at once: nginx finds new
  // connections refused, sends those requests to another instance (a refused connection carried nothing, so even a
  // POST goes on) and leaves this one alone. Connections already open are answered and then closed (Connection:
  // close); an idle one is closed only after DRAIN_MS, when nginx has stopped choosing this instance: closed at once,
  // it could reset a request nginx had just written to it, which nginx does not send again if it is a POST
  // (net.Server's close, because http.Server's also closes idle connections at once).
  // A connection a request was still running on at the signal goes idle later: idle ones are closed every second
  // after the drain. In development (no nginx in front; the browser's live-reload socket never goes idle) at once.
  const stop = () => {
    if (isStopping) return
    isStopping = true
    const exit = () => void app.close().finally(() => process.exit(0))
    if (dev) {
      // Nobody to drain for: the open sockets (the browser's live reload among them) go now, and Next's own close
      // gets a second.
      server.close()
      server.closeAllConnections()
      setTimeout(() => process.exit(0), 1_000).unref()
      exit()
    } else {
      net.Server.prototype.close.call(server, exit)
      setTimeout(() => setInterval(() => server.closeIdleConnections(), 1_000).unref(), DRAIN_MS).unref()
    }
    setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref()
  }
  // Every signal, not once: a second one (a supervisor's repeat) must not end the process with the default action.
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

main().catch((error: unknown) => {
  console.error('[server] could not start', error)
  process.exit(1)
})
