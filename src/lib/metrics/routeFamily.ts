// The family a request's path belongs to: the route label of the request metrics and log lines. A fixed, small set
// whatever the path, so a visitor's made-up URLs cannot grow the metrics (each label value is a new series).
const API_FAMILIES: readonly (readonly [prefix: string, family: string])[] = [
  ['/api/subscription/', 'subscription'],
  ['/api/feed/', 'feed'],
  ['/api/health/', 'health'],
  ['/api/metrics', 'metrics'],
  ['/api/billing/webhook', 'billing-webhook'],
  ['/api/billing/', 'billing'],
  ['/api/auth/', 'auth'],
  ['/api/users/', 'auth'],
  ['/api/vip/', 'account'],
  ['/api/account/', 'account'],
  ['/api/key-details/', 'key-details'],
  ['/api/speedtest', 'speedtest'],
  ['/api/graphql', 'graphql'],
]

export const ROUTE_FAMILIES = ['page', 'static', 'admin', 'api', ...new Set(API_FAMILIES.map(([, family]) => family))] as const

export function routeFamily(url: string): string {
  const queryStart = url.indexOf('?')
  const path = queryStart === -1 ? url : url.slice(0, queryStart)
  if (path.startsWith('/api/') || path === '/api') {
    for (const [prefix, family] of API_FAMILIES) if (path.startsWith(prefix)) return family
    return 'api'
  }
  if (path === '/admin' || path.startsWith('/admin/')) return 'admin'
  if (path.startsWith('/_next/') || /\.[a-z0-9]{1,8}$/i.test(path)) return 'static'
  return 'page'
}
