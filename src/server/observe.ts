// What the site's server notes about every request: its id (nginx's, else a new one; sent back as X-Request-Id and on
// every log line written while it is answered), the request metrics, and in production one JSON log line when it
// ends (route family, path without secrets, status, duration, Next.js's cache result).
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'

import type { Logger } from 'pino'

import { loggablePath, requestContext } from '@/lib/log/logger'
import { metrics } from '@/lib/metrics/metrics'
import { routeFamily } from '@/lib/metrics/routeFamily'

const REQUEST_ID = /^[\w.-]{8,64}$/
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
const CACHE_RESULTS = new Set(['HIT', 'MISS', 'STALE'])
// Uptime checks poll these every few seconds; their metrics are enough.
const UNLOGGED_FAMILIES = new Set(['health', 'metrics'])

/** The request's id: the one nginx gave it (X-Request-Id) when it looks like one, else a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id']
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID()
}

/** Runs `answer` inside the request's context and records the request when its response ends. */
export function observe(request: IncomingMessage, response: ServerResponse, log: Logger | null, answer: () => void): void {
  const started = performance.now()
  const requestId = requestIdOf(request)
  const url = request.url ?? '/'
  const family = routeFamily(url)
  const method = METHODS.has(request.method ?? '') ? (request.method as string) : 'other'
  response.setHeader('X-Request-Id', requestId)
  response.once('close', () => {
    const seconds = (performance.now() - started) / 1000
    const status = response.writableFinished ? String(response.statusCode) : 'aborted'
    const { httpRequests, httpDuration, nextCache } = metrics()
    httpRequests.inc({ family, method, status })
    httpDuration.observe({ family }, seconds)
    const cache = response.getHeader('x-nextjs-cache')
    if (typeof cache === 'string' && CACHE_RESULTS.has(cache)) nextCache.inc({ result: cache })
    if (log && !UNLOGGED_FAMILIES.has(family)) {
      log.info({ reqId: requestId, method, route: family, path: loggablePath(url), status, durationMs: Math.round(seconds * 1000), ...(typeof cache === 'string' ? { cache } : {}) }, 'request')
    }
  })
  requestContext().run({ requestId }, answer)
}
