import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { ROUTE_FAMILIES, routeFamily } from '@/lib/metrics/routeFamily'

describe('routeFamily', () => {
  it('names the family of each kind of request', () => {
    expect(routeFamily('/api/subscription/12/abcdef0123456789/clash')).toBe('subscription')
    expect(routeFamily('/api/feed/vless-free?format=base64')).toBe('feed')
    expect(routeFamily('/api/health/ready')).toBe('health')
    expect(routeFamily('/api/metrics')).toBe('metrics')
    expect(routeFamily('/api/billing/webhook')).toBe('billing-webhook')
    expect(routeFamily('/api/billing/checkout')).toBe('billing')
    expect(routeFamily('/api/users/login')).toBe('auth')
    expect(routeFamily('/api/graphql')).toBe('graphql')
    expect(routeFamily('/api/keys?limit=5')).toBe('api')
    expect(routeFamily('/admin/collections/keys')).toBe('admin')
    expect(routeFamily('/_next/static/chunks/a.js')).toBe('static')
    expect(routeFamily('/bench.txt')).toBe('static')
    expect(routeFamily('/')).toBe('page')
    expect(routeFamily('/en/keys/42')).toBe('page')
  })

  it('keeps any path a visitor makes up within the fixed set of families (one metric series each)', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (path) => {
      expect(ROUTE_FAMILIES).toContain(routeFamily(path))
    }))
    fc.assert(fc.property(fc.webPath(), fc.webQueryParameters(), (path, query) => {
      expect(ROUTE_FAMILIES).toContain(routeFamily(`${path}?${query}`))
    }))
  })
})
