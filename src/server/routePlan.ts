// What the site's Node server does with a request before Next.js sees it: the pure routeRequest() decision turned
// into plain HTTP. A redirect is answered here; a page gets its internal route in a request header, which the one
// rewrite in next.config.ts follows (so Next.js keeps the public URL for the page and the browser's router).
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS } from '@/i18n/routing'
import { cookieValue } from '@/lib/http/cookieValue'
import { mirrorIndexOf, requestedHost as requestedHostOf } from '@/lib/http/siteHosts'
import type { SiteHosts } from '@/lib/http/siteHosts'
import { redirectLocation } from '@/lib/routing/redirectLocation'
import { INTERNAL_ROUTE_HEADER } from '@/lib/routing/internalRouteHeader'
import { PUBLIC_PATH_HEADER, UNCLEAN_SLASHES, routeRequest } from '@/lib/routing/routeRequest'

const NOINDEX = 'noindex, nofollow'
/**
 * The language a page without one in its path was rendered in for this visitor: nginx keeps the page only when it
 * is the language its cache key names, so no disagreement between the two readings of a request can store one
 * visitor's page for another (deploy/nginx hides the header from visitors).
 */
export const VISITOR_LOCALE_HEADER = 'X-Visitor-Locale'
const HSTS = 'max-age=31536000'
/**
 * Paths Next.js serves as they are: the API, the admin panel, build files and files with an extension (the same
 * paths the Next.js middleware matcher excluded: `/((?!api|admin|_next|_vercel|.*\..*).*)`).
 */
const PASS_THROUGH = /^\/(?:api|admin|_next|_vercel|.*\..*)/
/**
 * A `.` or `..` segment (also written %2e): Next.js resolves it, so `/x/../index/ru/tariffs` would reach an internal
 * route past the router. Such a path is never passed through: the router answers it (no page has one).
 */
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i

export type RequestHeaders = Record<string, string | string[] | undefined>

export type RoutingSettings = {
  /** The site's own hosts (env().hosts). */
  hosts: SiteHosts
}

export type RoutePlan =
  | { kind: 'respond'; status: number; headers: Record<string, string> }
  | {
      kind: 'next'
      /** Set on the request for Next.js: the internal route, the public path for the personal account. */
      requestHeaders: Record<string, string>
      responseHeaders: Record<string, string>
    }

/**
 * The longest User-Agent passed on. Real ones are a few hundred characters; Next.js tests every request's against a
 * regular expression whose time grows with the square of the length (`[\w-]+-Google` in its html-bots list: 16 KB of
 * `b` held the event loop 1.2–1.9 s), so a longer one is cut here, before anything reads it.
 */
export const MAX_USER_AGENT_LENGTH = 512

/**
 * The longest router state a client-side navigation sends (`Next-Router-State-Tree`). The site's deepest route (the
 * admin's) sends a few hundred bytes; Next.js validates the tree in time that grows faster than its nesting (7.6 KB of
 * nested segments: 25 ms, measured on next 16.4.6). Past this it is dropped, and Next.js answers with the whole tree.
 */
export const MAX_ROUTER_STATE_LENGTH = 4 * 1024

/** Bounds what a visitor's headers may cost the code after this server (Next.js, the routing). */
export function boundRequestHeaders(headers: RequestHeaders): void {
  const agent = headers['user-agent']
  if (typeof agent === 'string' && agent.length > MAX_USER_AGENT_LENGTH) headers['user-agent'] = agent.slice(0, MAX_USER_AGENT_LENGTH)
  const routerState = headers['next-router-state-tree']
  if (routerState !== undefined && String(routerState).length > MAX_ROUTER_STATE_LENGTH) delete headers['next-router-state-tree']
}

/** Request headers a visitor must never choose: this server alone sets them. */
export const SERVER_SET_REQUEST_HEADERS = [INTERNAL_ROUTE_HEADER, PUBLIC_PATH_HEADER] as const

function header(headers: RequestHeaders, name: string): string | null {
  const value = headers[name]
  return (Array.isArray(value) ? value[0] : value) ?? null
}

function requestedHost(headers: RequestHeaders): string | null {
  return requestedHostOf((name) => header(headers, name))
}

const MULTIPART = /^\s*multipart\/form-data\s*(;|$)/i
// One parameter, read linearly: `; boundary=` then a value (RFC 2046 says at most 70 characters; up to 200 are taken), quoted or not.
const BOUNDARY = /;\s*boundary=(?:"[^"]{1,200}"|[^\s";]{1,200})\s*(;|$)/i
// Payload's own test of a multipart body it reads (payload/dist/uploads/fetchAPI-multipart/isEligibleRequest.js); each
// repetition starts at a `;` the character classes exclude, so it is linear.
const PAYLOAD_READS = /multipart\/[\w'"()+,./:<=>?@[\\\]^-]+(?:; ?[\w'"()+,./:<=>?@[\\\]^-]*)+$/i

/**
 * A body declared multipart that is not a form with a boundary Payload's parser takes cannot be read: Payload answered
 * those with a 500 (a crafted Content-Type on POST /api/users/login did). Refused here as the bad requests they are;
 * browsers, fetch's FormData and Payload's admin always send `multipart/form-data; boundary=…`.
 */
export function unreadableBody(headers: RequestHeaders): boolean {
  const type = header(headers, 'content-type')
  if (type === null || !/multipart\//i.test(type)) return false
  return !(MULTIPART.test(type) && BOUNDARY.test(type) && type.includes('boundary=') && PAYLOAD_READS.test(type))
}

export function routePlan(url: string, headers: RequestHeaders, settings: RoutingSettings): RoutePlan {
  const queryStart = url.indexOf('?')
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart)
  const search = queryStart === -1 ? '' : url.slice(queryStart)
  const { hosts } = settings
  const common: Record<string, string> = hosts.origin.startsWith('https://') ? { 'Strict-Transport-Security': HSTS } : {}
  if (unreadableBody(headers)) return { kind: 'respond', status: 400, headers: { ...common, 'Cache-Control': 'no-store' } }
  // Empty segments and backslashes go to routeRequest even on those paths, which drops them.
  const isPassThrough = PASS_THROUGH.test(pathname) && !UNCLEAN_SLASHES.test(pathname) && !DOT_SEGMENT.test(pathname)
  if (!pathname.startsWith('/') || isPassThrough) return { kind: 'next', requestHeaders: {}, responseHeaders: common }

  const decision = routeRequest({
    pathname,
    search,
    host: requestedHost(headers),
    userAgent: header(headers, 'user-agent'),
    accept: header(headers, 'accept'),
    cookieLocale: cookieValue(header(headers, 'cookie'), LOCALE_COOKIE),
    acceptLanguage: header(headers, 'accept-language'),
    fetchDest: header(headers, 'sec-fetch-dest'),
    productionHost: hosts.production ?? undefined,
    freeKeysHost: hosts.freeKeys ?? undefined,
    mirror: mirrorIndexOf(hosts, requestedHost(headers)),
  })

  if (decision.kind === 'redirect') {
    const location = redirectLocation({
      location: decision.location,
      toHost: decision.toHost,
      requestedHost: requestedHost(headers),
      hosts,
    })
    const responseHeaders: Record<string, string> = { ...common, Location: location }
    if (decision.isPersonal) {
      responseHeaders['Cache-Control'] = 'private, no-store'
      responseHeaders.Vary = 'Accept-Language, Cookie, User-Agent'
    }
    // Pages store their language in the browser (see LocaleMemory), so a shared cache may keep them; redirects are personal.
    if (decision.setLocaleCookie) {
      responseHeaders['Set-Cookie'] = `${LOCALE_COOKIE}=${decision.setLocaleCookie}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`
    }
    return { kind: 'respond', status: decision.status, headers: responseHeaders }
  }

  // The query goes to the page as it came (the internal route holds what the page reads from it, e.g. ?show=).
  const requestHeaders: Record<string, string> = { [INTERNAL_ROUTE_HEADER]: decision.pathname }
  // Pages only see the internal route; the personal account needs the public path to come back to after login.
  if (decision.forwardsPublicPath) requestHeaders[PUBLIC_PATH_HEADER] = url
  const responseHeaders: Record<string, string> = decision.isIndexable ? { ...common } : { ...common, 'X-Robots-Tag': NOINDEX }
  if (decision.visitorLocale) responseHeaders[VISITOR_LOCALE_HEADER] = decision.visitorLocale
  return { kind: 'next', requestHeaders, responseHeaders }
}
