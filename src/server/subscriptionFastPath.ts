// Apps' polls of personal subscription URLs, answered by the site's own server before Next.js. Every subscriber's
// every app polls its URL on each launch and update interval; a Next.js route handler that answers at once managed
// 24 % of a static file's rate on our machines (docs/decisions/0003-subscription-fast-path.md), so this endpoint skips it: one SQL statement on a
// small pool of its own (src/lib/feeds/personalRead.ts; a new device's first poll adds one transaction), then the same answer the route would give
// (src/lib/feeds/personalAnswer.ts). What it does not answer (a browser opening the bare URL, a malformed
// path, a database error) goes on to Next.js's route, which says the same or redirects. An address sending many polls
// that name no subscriber is answered 429 without a read (src/lib/feeds/pollAllowance.ts).
import type { IncomingMessage, ServerResponse } from 'node:http'

import pg from 'pg'

import { surviveRestarts } from '@/lib/db/pool'
import { UNKNOWN_CLIENT, clientIp } from '@/lib/http/clientIp'
import { pollSiteOf, requestedHost } from '@/lib/http/siteHosts'
import type { SiteHosts } from '@/lib/http/siteHosts'
import { isSubscriptionFormat, wantsPage } from '@/lib/feeds/clients'
import { polledDevice } from '@/lib/feeds/devices'
import { answerPersonalPoll } from '@/lib/feeds/personalAnswer'
import { isFeedPathToken } from '@/lib/feeds/personalPath'
import { pollAllowance } from '@/lib/feeds/pollAllowance'

const TOO_MANY = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }
const TOO_MANY_BODY = JSON.stringify({ error: 'too_many_requests' })

const PATH = /^\/api\/subscription\/([^/]+)\/([^/]+)(?:\/([^/]+))?$/

/** The user, token and format suffix of a subscription URL apps poll; null for anything else. */
export function subscriptionPoll(method: string | undefined, url: string, headers: IncomingMessage['headers']): { user: string; token: string; suffix: string | undefined } | null {
  if (method !== 'GET') return null
  const queryStart = url.indexOf('?')
  const match = PATH.exec(queryStart === -1 ? url : url.slice(0, queryStart))
  if (!match) return null
  const [, user = '', token = '', suffix] = match
  if (!isFeedPathToken(user, token) || (suffix !== undefined && !isSubscriptionFormat(suffix))) return null
  const header = (name: string) => (typeof headers[name] === 'string' ? (headers[name] as string) : null)
  // A browser opening the bare URL is sent to the subscription page by the route.
  if (suffix === undefined && wantsPage(header('accept'), header('user-agent'))) return null
  return { user, token, suffix }
}

/**
 * A handler that takes an app's poll (says true, answers it, and hands it to `fallback` if the database fails) or
 * says false at once, without waiting, for every other request.
 */
export function subscriptionFastPath(
  databaseUrl: string,
  hosts: SiteHosts,
  fallback: (request: IncomingMessage, response: ServerResponse) => void,
): (request: IncomingMessage, response: ServerResponse) => boolean {
  // A few connections: one statement each, a millisecond or so; Payload keeps its own pool for everything else.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000 })
  pool.on('error', (error) => console.error(`[subscriptions] idle connection: ${error.message}`))
  // A database restart holds a poll for up to a few seconds instead of failing it (src/lib/db/pool.ts).
  surviveRestarts(pool)
  const allowance = pollAllowance()
  return (request, response) => {
    const poll = subscriptionPoll(request.method, request.url ?? '/', request.headers)
    if (!poll) return false
    const header = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : null)
    const personal = { userId: Number(poll.user), token: poll.token, suffix: poll.suffix, userAgent: header('user-agent'), ifNoneMatch: header('if-none-match'), device: polledDevice(header) }
    // The proxy's word for the visitor's address; without a proxy, the connection's.
    const forwarded = clientIp({ get: header })
    const ip = forwarded === UNKNOWN_CLIENT ? (request.socket.remoteAddress ?? UNKNOWN_CLIENT) : forwarded
    void allowance.refusal(ip).then((retryAfter) => {
      if (retryAfter !== null) return void response.writeHead(429, { ...TOO_MANY, 'Retry-After': String(retryAfter) }).end(TOO_MANY_BODY)
      // On the host the app polls (a mirror gives out the mirror's addresses), else on SERVER_URL.
      answerPersonalPoll(pool, personal, pollSiteOf(hosts, requestedHost(header))).then(
        (answer) => {
          if (answer.status === 404) void allowance.recordMiss(ip)
          response.writeHead(answer.status, answer.headers).end(answer.body ?? undefined)
        },
        (error: unknown) => {
          console.error(`[subscriptions] database error, leaving the poll to the route: ${error instanceof Error ? error.message : String(error)}`)
          fallback(request, response)
        },
      )
    })
    return true
  }
}
