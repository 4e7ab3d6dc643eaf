// The absolute Location of a proxy redirect (Next.js needs one), decided without trusting the request.
//
// A redirect stays on the host the visitor asked for when it is one of the site's own (SERVER_URL's, the
// production and the free-keys host), always with SERVER_URL's scheme; any other Host or X-Forwarded-Host
// (which a client can write, and a shared cache might store) gets SERVER_URL itself.

type Input = {
  /** `/path?query` on the same host, or `//host/path?query` for the host rule. */
  location: string
  requestedHost: string | null
  serverUrl: string
  /** PRODUCTION_HOST and FREE_KEYS_HOST, when set. */
  ownHosts: readonly (string | undefined)[]
}

export function redirectLocation({ location, requestedHost, serverUrl, ownHosts }: Input): string {
  const site = new URL(serverUrl)
  if (location.startsWith('//')) {
    const target = location.slice(2).split(/[/?]/)[0] ?? ''
    const rest = location.slice(2 + target.length)
    // The free-keys host as SERVER_URL names it (its port included).
    return target.toLowerCase() === site.hostname ? `${site.origin}${rest}` : `${site.protocol}//${target}${rest}`
  }
  const asked = (requestedHost ?? '').trim().toLowerCase()
  // SERVER_URL's own host, with or without the port (a proxy may pass `$host`): SERVER_URL as it is.
  const isSiteHost = asked === site.host || asked === site.hostname
  const isOtherOwnHost = !isSiteHost && ownHosts.some((host) => host !== undefined && host.toLowerCase() === asked)
  return `${isOtherOwnHost ? `${site.protocol}//${asked}` : site.origin}${location}`
}
