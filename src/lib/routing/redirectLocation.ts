// The absolute Location of a proxy redirect (Next.js needs one), decided without trusting the request.
//
// A redirect stays on the host the visitor asked for when it is one of the site's own (siteHosts.ts: SERVER_URL's,
// the production and free-keys hosts, the mirrors), with SERVER_URL's scheme and port; any other Host or
// X-Forwarded-Host (which a client can write, and a shared cache might store) gets SERVER_URL itself. The path is
// only ever a path: whatever it holds, the result's host is one of the site's.
import { ownHostName, originOfHost, requestOriginOf } from '@/lib/http/siteHosts'
import type { SiteHosts } from '@/lib/http/siteHosts'

type Input = {
  /** `/path?query` on the site. */
  location: string
  /** The host rule's target (the free-keys host from the settings), else the visitor's own host. */
  toHost?: string
  requestedHost: string | null
  hosts: SiteHosts
}

/** `location` as a path a browser keeps on the origin it is appended to: one leading slash, no `//` or `/\` start. */
export function sitePath(location: string): string {
  return `/${location.replace(/^[/\\]+/, '')}`
}

export function redirectLocation({ location, toHost, requestedHost, hosts }: Input): string {
  const path = sitePath(location)
  if (toHost === undefined) return `${requestOriginOf(hosts, requestedHost)}${path}`
  // The host rule's target as SERVER_URL names it (its port included); never a host the site does not own.
  const target = ownHostName(hosts, toHost)
  return `${target === null ? hosts.origin : originOfHost(hosts, target)}${path}`
}
