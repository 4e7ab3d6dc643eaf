import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { loggablePath, ROUTE_FAMILIES, routeFamily } from '@/lib/metrics/routeFamily'

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

describe('loggablePath', () => {
  it('keeps neither the query nor the secret of a subscription URL or an e-mail confirmation link', () => {
    expect(loggablePath('/api/auth/confirm?token=secret-token-1234')).toBe('/api/auth/confirm')
    expect(loggablePath('/api/subscription/12/Zx81kLm0pq/clash')).toBe('/api/subscription/12/…/clash')
    expect(loggablePath('/en/subscription/12/Zx81kLm0pq')).toBe('/en/subscription/12/…')
    expect(loggablePath('/verify-email/c0de-c0de')).toBe('/verify-email/…')
    expect(loggablePath('/keys/42')).toBe('/keys/42')
  })

  it('never keeps a subscription token, whatever surrounds it, and never more than 200 characters', () => {
    const token = fc.stringMatching(/^[A-Za-z0-9_-]{12,40}$/)
    fc.assert(
      fc.property(fc.constantFrom('/api', '', '/en'), fc.nat(), token, fc.string({ maxLength: 40 }), fc.string({ maxLength: 400 }), (prefix, user, secret, suffix, query) => {
        const logged = loggablePath(`${prefix}/subscription/${user}/${secret}${suffix.startsWith('/') ? suffix : ''}?${query}`)
        expect(logged).not.toContain(secret)
        expect(logged.length).toBeLessThanOrEqual(200)
      }),
    )
  })
})
