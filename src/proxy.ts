// Request proxy: host rules, trailing-slash and /ru redirects, locale detection, and the rewrite
// of every public path to its internal route (decided by the pure routeRequest()).
import { NextResponse } from 'next/server'
import type { NextRequest } from 'next/server'

import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS } from '@/i18n/routing'
import { env } from '@/lib/env'
import { redirectLocation } from '@/lib/routing/redirectLocation'
import { PUBLIC_PATH_HEADER, routeRequest } from '@/lib/routing/routeRequest'
import type { RouteDecision } from '@/lib/routing/routeRequest'

const NOINDEX = 'noindex, nofollow'
const HSTS = 'max-age=31536000'

/** The host the visitor asked for: a reverse proxy passes it as Host or, when it rewrites Host, as X-Forwarded-Host. */
function requestedHost(request: NextRequest): string | null {
  const forwarded = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim()
  return forwarded || request.headers.get('host')
}

function respond(request: NextRequest, decision: RouteDecision): NextResponse {
  if (decision.kind === 'redirect') {
    const response = NextResponse.redirect(
      redirectLocation({
        location: decision.location,
        requestedHost: requestedHost(request),
        serverUrl: env().serverUrl,
        ownHosts: [env().PRODUCTION_HOST, env().FREE_KEYS_HOST],
      }),
      decision.status,
    )
    if (decision.isPersonal) {
      response.headers.set('Cache-Control', 'private, no-store')
      response.headers.set('Vary', 'Accept-Language, Cookie, User-Agent')
    }
    return response
  }
  const url = request.nextUrl.clone()
  url.pathname = decision.pathname
  url.search = decision.search
  // Pages only see the internal path; the personal account needs the public one to come back to after login.
  let response: NextResponse
  if (decision.forwardsPublicPath) {
    const headers = new Headers(request.headers)
    headers.set(PUBLIC_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`)
    response = NextResponse.rewrite(url, { request: { headers } })
  } else {
    response = NextResponse.rewrite(url)
  }
  if (!decision.isIndexable) response.headers.set('X-Robots-Tag', NOINDEX)
  return response
}

export default function proxy(request: NextRequest): NextResponse {
  const decision = routeRequest({
    pathname: request.nextUrl.pathname,
    search: request.nextUrl.search,
    host: requestedHost(request),
    userAgent: request.headers.get('user-agent'),
    accept: request.headers.get('accept'),
    cookieLocale: request.cookies.get(LOCALE_COOKIE)?.value ?? null,
    acceptLanguage: request.headers.get('accept-language'),
    fetchDest: request.headers.get('sec-fetch-dest'),
    productionHost: env().PRODUCTION_HOST,
    freeKeysHost: env().FREE_KEYS_HOST,
  })
  const response = respond(request, decision)
  // A site served over HTTPS tells browsers to use nothing else for a year (the nginx template sends it for every path).
  if (env().serverUrl.startsWith('https://')) response.headers.set('Strict-Transport-Security', HSTS)
  // Pages store their language in the browser (see LocaleMemory), so a shared cache may keep them; redirects are personal.
  if (decision.kind === 'redirect' && decision.setLocaleCookie) {
    response.cookies.set(LOCALE_COOKIE, decision.setLocaleCookie, {
      maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS,
      path: '/',
      sameSite: 'lax',
    })
  }
  return response
}

export const config = {
  matcher: ['/((?!api|admin|_next|_vercel|.*\\..*).*)'],
}
