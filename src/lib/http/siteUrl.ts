// Absolute addresses on the site, always built from SERVER_URL: never from the request, whose host is the
// server's own (`localhost:PORT`) behind a reverse proxy.
import type { Locale } from '@/i18n/locales'
import { env } from '@/lib/env'
import { localizedPath } from '@/lib/routing/localizedPath'

/** A path on this site (already localized, with its query) as an absolute URL. */
export function absoluteUrl(path: string): string {
  return `${env().serverUrl}${path.startsWith('/') ? path : `/${path}`}`
}

/** `/profile/servers` with `{ created: '5' }` in English → `https://site/en/profile/servers?created=5`. */
export function siteUrl(pathname: string, locale: Locale, query?: Record<string, string>): string {
  const search = query ? new URLSearchParams(query).toString() : ''
  return absoluteUrl(`${localizedPath(pathname, locale)}${search ? `?${search}` : ''}`)
}
