// A request that failed while the database could not be reached failed for the database's outage (a restart that
// outlasted the wait, a failover), not for a fault of the site: it is answered 503 with Retry-After, which apps,
// crawlers and nginx's upstream logic read as "come back shortly", instead of Next.js's 500.
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http'

/** How soon to ask again: a restart that outlasted the pool's wait is seconds from over. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5

/** Makes a 500 that `response` is about to send a 503 with Retry-After when `unreachableLately()` says so. */
export function answerOutageAs503(response: ServerResponse, unreachableLately: () => boolean): void {
  const { writeHead } = response
  response.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    if (statusCode !== 500 || !unreachableLately()) return writeHead.call(this, statusCode, ...(rest as [OutgoingHttpHeaders]))
    this.setHeader('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS))
    this.setHeader('Cache-Control', 'no-store')
    const headers = rest.find((arg) => arg !== null && typeof arg === 'object') as OutgoingHttpHeaders | undefined
    const { 'cache-control': _cache, 'Cache-Control': _Cache, ...kept } = headers ?? {}
    return writeHead.call(this, 503, kept)
  } as ServerResponse['writeHead']
}
