// Cross-site request refusal (CSRF, login CSRF): a state-changing request must come from the site itself.
//
// Browsers send `Sec-Fetch-Site` with every request and `Origin` with every POST; a request from another site
// says `cross-site` or carries a foreign Origin. A page whose referrer policy is no-referrer (the e-mail link's
// page, so the token never leaks in a Referer) posts with `Origin: null`: then the fetch metadata decides.
// Clients that are not browsers send neither and cannot carry a visitor's cookies, so they pass.
import { env } from '@/lib/env'

/** The one origin the site is served on (SERVER_URL). */
export function siteOrigin(): string {
  return new URL(env().serverUrl).origin
}

export function isCrossSiteRequest(headers: Headers, origin: string = siteOrigin()): boolean {
  const fetchSite = headers.get('sec-fetch-site')
  if (fetchSite === 'cross-site') return true
  const sent = headers.get('origin')
  if (sent === 'null') return fetchSite !== 'same-origin'
  if (sent !== null) return sent.toLowerCase() !== origin.toLowerCase()
  return false
}

/** A route handler that answers 403 to cross-site requests before doing anything. */
export function refuseCrossSite<Args extends unknown[]>(
  handler: (request: Request, ...rest: Args) => Promise<Response>,
): (request: Request, ...rest: Args) => Promise<Response> {
  return async (request, ...rest) => {
    if (isCrossSiteRequest(request.headers)) return Response.json({ ok: false, error: 'crossSiteRequest' }, { status: 403 })
    return handler(request, ...rest)
  }
}
