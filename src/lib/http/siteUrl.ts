// Absolute addresses on the site. A request's own answers (redirects, links in the mail it sends, the addresses an
// app is given) are on the host it asked for when that is one of the site's (a mirror stays a mirror); anything else,
// and everything without a request, is on SERVER_URL. Never the request's raw Host: behind a reverse proxy that is
// the server's own (`localhost:PORT`), and a client may write any.
import type { Locale } from '@/i18n/locales'
import { env } from '@/lib/env'
import { localizedPath } from '@/lib/routing/localizedPath'
import { mirrorOfMode } from '@/lib/seo/robots'
import type { RobotsMode } from '@/lib/seo/robots'

import { mirrorOrigins, originOfHost, requestedHost, requestOriginOf } from './siteHosts'

/** The origin to answer this request with (see siteHosts.ts): its own host's, else SERVER_URL's. */
export function requestOrigin(headers: Pick<Headers, 'get'>): string {
  return requestOriginOf(env().hosts, requestedHost((name) => headers.get(name)))
}

/** A path on this site (already localized, with its query) as an absolute URL. */
export function absoluteUrl(path: string, origin: string = env().hosts.origin): string {
  return `${origin}${path.startsWith('/') ? path : `/${path}`}`
}

/** `/profile/servers` with `{ created: '5' }` in English → `https://site/en/profile/servers?created=5`. */
export function siteUrl(pathname: string, locale: Locale, query?: Record<string, string>, origin?: string): string {
  const search = query ? new URLSearchParams(query).toString() : ''
  return absoluteUrl(`${localizedPath(pathname, locale)}${search ? `?${search}` : ''}`, origin)
}

/** A path on the site and on each mirror (siteHosts.ts), SERVER_URL's address first: for links given out to keep. */
export function urlsOnEveryHost(path: string): string[] {
  const { hosts } = env()
  return [hosts.origin, ...mirrorOrigins(hosts)].map((origin) => absoluteUrl(path, origin))
}

/** A path's address on the host a request came to, and the same path on the site's other hosts (SERVER_URL's, the mirrors'). */
export function addressesOf(path: string, origin: string): { url: string; elsewhere: string[] } {
  const url = absoluteUrl(path, origin)
  return { url, elsewhere: urlsOnEveryHost(path).filter((other) => other !== url) }
}

/** The origin a page of this mode gives addresses on: its mirror's (seo/robots.ts), else SERVER_URL's. */
export function pageOrigin(mode: RobotsMode): string {
  const { hosts } = env()
  const mirror = mirrorOfMode(mode)
  const name = mirror === null ? undefined : hosts.mirrors[mirror]
  return name === undefined ? hosts.origin : originOfHost(hosts, name)
}
