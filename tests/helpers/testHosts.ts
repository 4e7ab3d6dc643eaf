// The test suite's host names (the production host, the free-keys host the site is served on, a mirror) resolve to
// loopback: for Chromium through --host-resolver-rules, and for the tests' own requests (Playwright's request
// fixture looks names up with dns.promises.lookup) through this patch, loaded with the Playwright config.
import dns from 'node:dns'

export const PRODUCTION_HOST = 'vpnkeys.test'
export const FREE_KEYS_HOST = 'free.vpnkeys.test'
/** Another domain of the site (MIRROR_HOSTS), as an operator adds one for when the main domain is blocked. */
export const MIRROR_HOST = 'vpnkeys-mirror.test'

/**
 * Telegram's Login Widget script (the login page, where the site has a bot) is never fetched: the tests have no
 * Internet, and a lookup that waits for a resolver out of reach would hold the page's load event.
 */
export const CHROMIUM_HOST_RULES = `MAP ${PRODUCTION_HOST} 127.0.0.1, MAP *.${PRODUCTION_HOST} 127.0.0.1, MAP ${MIRROR_HOST} 127.0.0.1, MAP telegram.org ~NOTFOUND, MAP *.telegram.org ~NOTFOUND`

function isTestHost(hostname: string): boolean {
  const name = hostname.toLowerCase()
  return name === PRODUCTION_HOST || name.endsWith(`.${PRODUCTION_HOST}`) || name === MIRROR_HOST
}

const lookup = dns.promises.lookup.bind(dns.promises)

dns.promises.lookup = (async (hostname: string, options?: dns.LookupOptions) => {
  if (!isTestHost(hostname)) return lookup(hostname, options ?? {})
  const address = { address: '127.0.0.1', family: 4 }
  return typeof options === 'object' && options.all ? [address] : address
}) as typeof dns.promises.lookup

/** The token the end-to-end cluster's instances take at /api/metrics (METRICS_TOKEN). */
export const CLUSTER_METRICS_TOKEN = 'cluster-metrics-token-0123456789'
