// Request header carrying the internal route a public path renders: set by the site's server (src/server) and
// followed by the one rewrite in next.config.ts (which imports this file, so it imports nothing).
export const INTERNAL_ROUTE_HEADER = 'x-internal-route'
