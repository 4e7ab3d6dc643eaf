// The absolute Location of a proxy redirect (Next.js needs one), decided without trusting the request.
//
// A redirect stays on the host the visitor asked for when it is one of the site's own (SERVER_URL's, the
// production and the free-keys host), always with SERVER_URL's scheme; any other Host or X-Forwarded-Host
// (which a client can write, and a shared cache might store) gets SERVER_URL itself. The path is only ever a path:
// whatever it holds, the result's host is one of the site's.

type Input = {
  /** `/path?query` on the site. */
  location: string
  /** The host rule's target (the free-keys host from the settings), else the visitor's own host. */
  toHost?: string
  requestedHost: string | null
  serverUrl: string
  /** PRODUCTION_HOST and FREE_KEYS_HOST, when set. */
  ownHosts: readonly (string | undefined)[]
}

/** `location` as a path a browser keeps on the origin it is appended to: one leading slash, no `//` or `/\` start. */
export function sitePath(location: string): string {
  return `/${location.replace(/^[/\\]+/, '')}`
}

export function redirectLocation({ location, toHost, requestedHost, serverUrl, ownHosts }: Input): string {
  const site = new URL(serverUrl)
  const path = sitePath(location)
  const isOwnHost = (host: string) => ownHosts.some((own) => own !== undefined && own.toLowerCase() === host)
  if (toHost !== undefined) {
    const target = toHost.toLowerCase()
    // The free-keys host as SERVER_URL names it (its port included); never a host the site does not own.
    if (target === site.hostname || !isOwnHost(target)) return `${site.origin}${path}`
    return `${site.protocol}//${target}${path}`
  }
  const asked = (requestedHost ?? '').trim().toLowerCase()
  // SERVER_URL's own host, with or without the port (a proxy may pass `$host`): SERVER_URL as it is.
  const isSiteHost = asked === site.host || asked === site.hostname
  const isOtherOwnHost = !isSiteHost && isOwnHost(asked)
  return `${isOtherOwnHost ? `${site.protocol}//${asked}` : site.origin}${path}`
}
