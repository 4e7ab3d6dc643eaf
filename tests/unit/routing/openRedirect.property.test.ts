import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { nextOfReferringPage, safeNextPath } from '@/lib/auth/safeNext'
import { siteHostsOf } from '@/lib/http/siteHosts'
import { routePlan } from '@/server/routePlan'
import type { RequestHeaders, RoutingSettings } from '@/server/routePlan'

// Whatever path a stranger crafts, every redirect the site's router answers stays on one of the site's hosts, and
// so does every page a sign-in link's `next` leads to (a browser resolves Location with the WHATWG parser, as `URL` does).

const SETTINGS: RoutingSettings[] = [
  { hosts: siteHostsOf({ serverUrl: 'https://free.vpn.example', productionHost: 'vpn.example', freeKeysHost: 'free.vpn.example', mirrorHosts: ['vpn-mirror.example'] }) },
  { hosts: siteHostsOf({ serverUrl: 'http://free.vpnkeys.test:3100', productionHost: 'vpnkeys.test', freeKeysHost: 'free.vpnkeys.test', mirrorHosts: ['vpnkeys-mirror.test'] }) },
  { hosts: siteHostsOf({ serverUrl: 'https://keys.example' }) },
]
const OWN_HOSTS = new Set(['free.vpn.example', 'vpn.example', 'vpn-mirror.example', 'free.vpnkeys.test', 'vpnkeys.test', 'vpnkeys-mirror.test', 'keys.example'])

const PIECES = ['/', '//', '\\', '.', '..', '%2E', '%2e', '%2F', '%5C', '%00', '%09', '@', ':', 'evil', 'com', 'ru', 'en', 'RU', 'de', 'vless',
  'profile', 'api', 'admin', '_next', '16843009', '0x7f.1', '?', '#', '\t', '\n', ' ', 'ﬀ', '。', 'https:', 'x.y']
const path = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 4 })), { maxLength: 12 })
  .map((parts) => `/${parts.join('')}`)
const headers = fc.record({
  host: fc.constantFrom('free.vpn.example', 'vpn.example', 'VPN.example:8443', 'vpn-mirror.example.', 'free.vpnkeys.test', 'vpnkeys.test:3100', 'vpnkeys-mirror.test:1', 'evil.com', 'localhost:3000', 'vpn-mirror.example.evil.com'),
  'x-forwarded-host': fc.option(fc.constantFrom('evil.com', 'free.vpn.example', '//evil.com', 'VPN-MIRROR.example:9', 'vpn-mirror.example@evil.com'), { nil: undefined }),
  'accept-language': fc.constantFrom('ru-RU,ru;q=0.9', 'en-US,en;q=0.9', ''),
  'user-agent': fc.constantFrom('Mozilla/5.0', 'Mozilla/5.0 (compatible; Googlebot/2.1)', 'curl/8.0'),
  'sec-fetch-dest': fc.option(fc.constantFrom('document', 'empty'), { nil: undefined }),
  cookie: fc.option(fc.constantFrom('NEXT_LOCALE=en', 'NEXT_LOCALE=ru', 'NEXT_LOCALE=%2F%2Fevil.com'), { nil: undefined }),
})

function redirectTarget(url: string, requestHeaders: RequestHeaders, settings: RoutingSettings): URL | null {
  const plan = routePlan(url, requestHeaders, settings)
  if (plan.kind !== 'respond') return null
  const location = plan.headers.Location
  if (location === undefined) return null
  // Always absolute: a relative Location would be resolved against whatever the browser thinks the page is.
  return new URL(location)
}

describe('no open redirect through the router', () => {
  it('the reported payloads stay on the site', () => {
    const settings = SETTINGS[0]!
    for (const url of ['//evil%2Ecom/', '/ru//evil%2Ecom', '//16843009/', '//evil.com/', '/\\evil.com/', '/ru/\\evil.com/', '/en//evil.com']) {
      for (const host of ['free.vpn.example', 'evil.com']) {
        const target = redirectTarget(url, { host, 'accept-language': 'ru-RU' }, settings)
        expect(target, url).not.toBeNull()
        expect(target?.host, url).toBe('free.vpn.example')
      }
    }
  })

  it('for any crafted path, Host and cookie, a redirect names one of the site’s hosts', () => {
    fc.assert(
      fc.property(path, fc.string({ maxLength: 6 }).map((query) => (query ? `?${query}` : '')), headers, fc.constantFrom(...SETTINGS), (pathname, search, requestHeaders, settings) => {
        const target = redirectTarget(`${pathname}${search}`, requestHeaders, settings)
        if (target === null) return
        expect(OWN_HOSTS.has(target.hostname), `${pathname}${search} → ${target.href}`).toBe(true)
        // SERVER_URL's scheme and port on every own host: never a port the request named.
        expect(target.protocol).toBe(new URL(settings.hosts.origin).protocol)
        expect(target.port).toBe(new URL(settings.hosts.origin).port)
      }),
      { numRuns: 3000 },
    )
  })

  it('safeNextPath never returns a page a browser resolves, or the router then sends, off the site', () => {
    const settings = SETTINGS[0]!
    const anyNext = fc.oneof(path, fc.string({ maxLength: 40 }), fc.webUrl(), fc.webPath())
    fc.assert(
      fc.property(anyNext, (value) => {
        const next = safeNextPath(value)
        if (next === null) return
        let url = new URL(next, settings.hosts.origin)
        expect(url.origin, value).toBe(settings.hosts.origin)
        // Follow the router's redirects from there, as a browser would after signing in.
        for (let hop = 0; hop < 5; hop += 1) {
          const target = redirectTarget(`${url.pathname}${url.search}`, { host: url.host, 'accept-language': 'en-US' }, settings)
          if (target === null) return
          expect(OWN_HOSTS.has(target.hostname), `${value} → ${target.href}`).toBe(true)
          url = target
        }
      }),
      { numRuns: 3000, examples: [['/ru//evil%2Ecom'], ['/en//16843009/']] },
    )
  })

  it('the `next` a plain form takes from its Referer is only a page of the site the form was posted to, and only what safeNextPath keeps', () => {
    const origin = SETTINGS[0]!.hosts.origin
    const pageOrigin = fc.constantFrom(origin, `${origin}:443`, 'https://evil.com', 'http://free.vpn.example', 'https://free.vpn.example.evil.com', 'https://evil.com@free.vpn.example', '')
    const anyNext = fc.oneof(path, fc.string({ maxLength: 40 }), fc.webUrl(), fc.webPath())
    const referer = fc.oneof(
      fc.tuple(pageOrigin, fc.constantFrom('/login', '/en/register', '/', ''), anyNext).map(([site, page, next]) => `${site}${page}?next=${encodeURIComponent(next)}`),
      fc.tuple(pageOrigin, path).map(([site, rest]) => `${site}${rest}`),
      fc.string({ maxLength: 60 }),
    )
    fc.assert(
      fc.property(referer, (value) => {
        const next = nextOfReferringPage(value, origin)
        if (next === null) return
        expect(new URL(value).origin, value).toBe(origin)
        expect(safeNextPath(next), value).toBe(next)
        expect(new URL(next, origin).origin, value).toBe(origin)
      }),
      { numRuns: 3000, examples: [[`${origin}/en/login?next=%2F%2Fevil.com`], [`https://evil.com/login?next=%2Fprofile`]] },
    )
    expect(nextOfReferringPage(`${origin}/en/login?next=${encodeURIComponent('/en/gift?code=AB')}`, origin)).toBe('/en/gift?code=AB')
    expect(nextOfReferringPage(`https://evil.com/en/login?next=${encodeURIComponent('/en/gift')}`, origin)).toBeNull()
    expect(nextOfReferringPage(null, origin)).toBeNull()
  })
})
