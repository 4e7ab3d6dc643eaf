// Which hosts are the site's, decided by name in this one place:
// - SERVER_URL's host: the address visitors use;
// - the production host (PRODUCTION_HOST): indexed by search engines, which sends people on to the free-keys host;
// - the free-keys host (FREE_KEYS_HOST): SERVER_URL's;
// - the mirrors (MIRROR_HOSTS): the same site under other names, for when the main domain is blocked.
// Names compare without case, port or trailing dot (sameHost.ts). Every own host is served with SERVER_URL's scheme and
// port, since one proxy serves them all; the port a request names is never trusted. A request naming any other
// host (a client writes Host and X-Forwarded-Host as it likes) is answered with SERVER_URL's addresses.
import { hostName } from './sameHost'

export type SiteHosts = {
  /** SERVER_URL's origin (`https://free.vpnkeys.example`, the port when it has one). */
  origin: string
  /** SERVER_URL's host name. */
  main: string
  production: string | null
  freeKeys: string | null
  mirrors: readonly string[]
}

type HostSettings = {
  serverUrl: string
  productionHost?: string | undefined
  freeKeysHost?: string | undefined
  mirrorHosts?: readonly string[] | undefined
}

/** A host name as DNS allows it (letters, digits, hyphens; dots between labels; punycode for the rest). */
export const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

export function siteHostsOf({ serverUrl, productionHost, freeKeysHost, mirrorHosts = [] }: HostSettings): SiteHosts {
  const url = new URL(serverUrl)
  const main = hostName(url.host)
  const production = productionHost ? hostName(productionHost) : null
  const freeKeys = freeKeysHost ? hostName(freeKeysHost) : null
  const named = new Set([main, production, freeKeys])
  const mirrors = [...new Set(mirrorHosts.map(hostName))].filter((name) => !named.has(name))
  return { origin: url.origin, main, production, freeKeys, mirrors }
}

/** `Host`'s name when it is one of the site's own hosts, else null. */
export function ownHostName(hosts: SiteHosts, host: string | null | undefined): string | null {
  if (!host) return null
  const name = hostName(host)
  return name === hosts.main || name === hosts.production || name === hosts.freeKeys || hosts.mirrors.includes(name) ? name : null
}

/** The origin of one of the site's host names: SERVER_URL's scheme and port with that name. */
export function originOfHost(hosts: SiteHosts, name: string): string {
  const url = new URL(hosts.origin)
  url.hostname = name
  return url.origin
}

/** The origin to answer a request with: the own host it asked for, else SERVER_URL's. */
export function requestOriginOf(hosts: SiteHosts, host: string | null | undefined): string {
  const own = ownHostName(hosts, host)
  return own === null || own === hosts.main ? hosts.origin : originOfHost(hosts, own)
}

/** The request host's place among the mirrors (its pages are its own: seo/robots.ts), or null for any other host. */
export function mirrorIndexOf(hosts: SiteHosts, host: string | null | undefined): number | null {
  const own = ownHostName(hosts, host)
  const index = own === null ? -1 : hosts.mirrors.indexOf(own)
  return index === -1 ? null : index
}

/** What a subscription poll is answered with: the origin of the host it came to, and the mirrors to name. */
export function pollSiteOf(hosts: SiteHosts, host: string | null | undefined): { origin: string; mirrors: readonly string[] } {
  return { origin: requestOriginOf(hosts, host), mirrors: hosts.mirrors }
}

/** Where search engines are told a page lives: the production host when there is one, else SERVER_URL. */
export function canonicalOrigin(hosts: SiteHosts): string {
  return hosts.production ? originOfHost(hosts, hosts.production) : hosts.origin
}

/** Every origin a page of the site is served on: the same-site check accepts a form sent from any of them. */
export function ownOrigins(hosts: SiteHosts): string[] {
  const names = [hosts.main, hosts.production, hosts.freeKeys, ...hosts.mirrors].filter((name): name is string => name !== null)
  return [...new Set(names.map((name) => originOfHost(hosts, name)))]
}

/** The mirrors' origins, in the order the operator listed them. */
export function mirrorOrigins(hosts: SiteHosts): string[] {
  return hosts.mirrors.map((name) => originOfHost(hosts, name))
}

/** The host a request asked for: a reverse proxy passes it as Host or, when it rewrites Host, as X-Forwarded-Host. */
export function requestedHost(header: (name: string) => string | null | undefined): string | null {
  const forwarded = header('x-forwarded-host')?.split(',')[0]?.trim()
  return forwarded || header('host') || null
}
