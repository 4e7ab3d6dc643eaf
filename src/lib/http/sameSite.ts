// Cross-site request refusal (CSRF, login CSRF): a state-changing request must come from the site itself.
//
// Browsers send `Sec-Fetch-Site` with every request and `Origin` with every POST; a request from another site
// says `cross-site` or carries a foreign Origin. A page whose referrer policy is no-referrer (the e-mail link's
// page, so the token never leaks in a Referer) posts with `Origin: null`: then the fetch metadata decides.
// Clients that are not browsers send neither and cannot carry a visitor's cookies, so they pass.
// The site's own origins are SERVER_URL's and its other hosts' (siteHosts.ts): a form on a mirror posts from the mirror.
import { env } from '@/lib/env'

import { ownOrigins, requestedHost, requestOriginOf } from './siteHosts'

/** The address the site is served on (SERVER_URL). */
export function siteOrigin(): string {
  return env().hosts.origin
}

export function isCrossSiteRequest(headers: Headers, origins: readonly string[] = ownOrigins(env().hosts)): boolean {
  const fetchSite = headers.get('sec-fetch-site')
  if (fetchSite === 'cross-site') return true
  const sent = headers.get('origin')
  if (sent === 'null') return fetchSite !== 'same-origin'
  if (sent !== null) return !origins.includes(sent.toLowerCase())
  return false
}

/** A route handler that answers 403 to cross-site requests before doing anything. */
export function refuseCrossSite<Args extends unknown[]>(
  handler: (request: Request, ...rest: Args) => Promise<Response>,
): (request: Request, ...rest: Args) => Promise<Response> {
  return async (request, ...rest) => {
    if (isCrossSiteRequest(request.headers)) return crossSiteRefusal(request)
    return handler(request, ...rest)
  }
}

/**
 * JSON callers get `{ error: 'crossSiteRequest' }`; a form posted from elsewhere (or from the site opened at an
 * address other than SERVER_URL) gets a short page in both languages saying what happened and where the site is.
 */
function crossSiteRefusal(request: Request): Response {
  const wantsJson = (request.headers.get('content-type') ?? '').includes('application/json') || !(request.headers.get('accept') ?? '').includes('text/html')
  // The site's own address, for the form to say where to open it: the own host it was sent to (a mirror stays a
  // mirror, the main domain may be blocked), else SERVER_URL.
  const site = requestOriginOf(env().hosts, requestedHost((name) => request.headers.get(name)))
  if (wantsJson) return Response.json({ ok: false, error: 'crossSiteRequest', site }, { status: 403 })
  const body = `<!doctype html><meta charset="utf-8"><meta name="robots" content="noindex"><title>403</title>
<p lang="ru">Форма отправлена не со страницы сайта и не принята. Откройте сайт по адресу <a href="${site}">${site}</a> и попробуйте ещё раз.</p>
<p lang="en">The form was not sent from a page of this site and was not accepted. Open the site at <a href="${site}">${site}</a> and try again.</p>`
  return new Response(body, { status: 403, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } })
}
