import { readdirSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { PAGE_ROUTES, routeRequest } from '@/lib/routing/routeRequest'
import type { RequestFacts } from '@/lib/routing/routeRequest'

const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

function facts(overrides: Partial<RequestFacts>): RequestFacts {
  return {
    pathname: '/',
    search: '',
    host: 'free.vpn.example',
    userAgent: BROWSER,
    cookieLocale: null,
    acceptLanguage: 'ru-RU,ru;q=0.9',
    fetchDest: 'document',
    ...overrides,
  }
}

describe('routeRequest: paths to internal routes', () => {
  it('maps the home page, protocol, country and protocol-country lists', () => {
    expect(routeRequest(facts({ pathname: '/' }))).toMatchObject({ kind: 'rewrite', pathname: '/noindex/ru/list/all/10' })
    expect(routeRequest(facts({ pathname: '/vless' }))).toMatchObject({ pathname: '/noindex/ru/list/vless/10' })
    expect(routeRequest(facts({ pathname: '/de' }))).toMatchObject({ pathname: '/noindex/ru/list/de/10' })
    expect(routeRequest(facts({ pathname: '/outline-de' }))).toMatchObject({ pathname: '/noindex/ru/list/outline-de/10' })
  })

  it('turns ?show=N into the list length and keeps other query parameters', () => {
    expect(routeRequest(facts({ pathname: '/vless', search: '?show=30&utm=x' }))).toMatchObject({
      pathname: '/noindex/ru/list/vless/30',
      search: '?utm=x',
    })
  })

  it('turns ?after=ID into the cursor the list continues from, and drops one that names no key', () => {
    expect(routeRequest(facts({ pathname: '/vless', search: '?show=20&after=4711&utm=x' }))).toMatchObject({
      pathname: '/noindex/ru/list/vless/20-after-4711',
      search: '?utm=x',
    })
    expect(routeRequest(facts({ pathname: '/', search: '?after=x1&show=30' }))).toMatchObject({ pathname: '/noindex/ru/list/all/30', search: '' })
    expect(routeRequest(facts({ pathname: '/support', search: '?after=5' }))).toMatchObject({ pathname: '/noindex/ru/support', search: '' })
  })

  it('passes the public path on to the personal account only', () => {
    expect(routeRequest(facts({ pathname: '/profile/servers', search: '?x=1' }))).toMatchObject({ pathname: '/noindex/ru/profile/servers', forwardsPublicPath: true })
    expect(routeRequest(facts({ pathname: '/en/profile/subscription' }))).toMatchObject({ pathname: '/noindex/en/profile/subscription', forwardsPublicPath: true })
    for (const pathname of ['/', '/vless-de', '/support', '/keys/15', '/profiles', '/login']) {
      expect(routeRequest(facts({ pathname }))).toMatchObject({ kind: 'rewrite', forwardsPublicPath: false })
    }
  })

  it('sends a broken percent-escape to the 404 screen', () => {
    for (const pathname of ['/%', '/vless%zz', '/%E0%A4%A']) {
      expect(routeRequest(facts({ pathname }))).toMatchObject({ kind: 'rewrite', pathname: '/noindex/ru/missing' })
    }
    expect(routeRequest(facts({ pathname: '/en/%' }))).toMatchObject({ kind: 'rewrite', pathname: '/noindex/en/missing' })
  })

  it('serves English under /en and leaves other pages as they are', () => {
    expect(routeRequest(facts({ pathname: '/en' }))).toMatchObject({ kind: 'rewrite', locale: 'en', pathname: '/noindex/en/list/all/10' })
    expect(routeRequest(facts({ pathname: '/en/support' }))).toMatchObject({ pathname: '/noindex/en/support' })
    expect(routeRequest(facts({ pathname: '/keys/15' }))).toMatchObject({ pathname: '/noindex/ru/keys/15' })
  })

  it('never lets a public URL reach an internal route', () => {
    expect(routeRequest(facts({ pathname: '/list/vless/10' }))).toMatchObject({ pathname: '/noindex/ru/missing' })
    expect(routeRequest(facts({ pathname: '/noindex/ru/support' }))).toMatchObject({ pathname: '/noindex/ru/missing' })
  })

  it('sends a path no page has to the cached 404 page', () => {
    for (const pathname of ['/foo', '/vles', '/about/us', '/supports', '/Support', '/keys-15', '/keys', '/keys/15/x', '/support/more', '/verify-email', '/profile/servers/1/2']) {
      expect(routeRequest(facts({ pathname })), pathname).toMatchObject({ kind: 'rewrite', pathname: '/noindex/ru/missing' })
    }
    expect(routeRequest(facts({ pathname: '/en/foo/bar' }))).toMatchObject({ pathname: '/noindex/en/missing' })
    for (const pathname of ['/keys/abc', '/login/sent', '/profile/servers/7', '/verify-email/x1', '/support']) {
      expect(routeRequest(facts({ pathname })), pathname).toMatchObject({ kind: 'rewrite', pathname: `/noindex/ru${pathname}` })
    }
  })

  it('serves Russia\'s key list in Russian at /ru/ru, since /ru is the prefix that leads home', () => {
    expect(routeRequest(facts({ pathname: '/ru/ru', search: '?show=20' }))).toMatchObject({ kind: 'rewrite', locale: 'ru', pathname: '/noindex/ru/list/ru/20' })
    expect(routeRequest(facts({ pathname: '/ru/ru', cookieLocale: 'en' }))).toMatchObject({ kind: 'rewrite', locale: 'ru' })
    expect(routeRequest(facts({ pathname: '/ru' }))).toMatchObject({ kind: 'redirect', location: '/', status: 308 })
    expect(routeRequest(facts({ pathname: '/ru/de' }))).toMatchObject({ kind: 'redirect', location: '/de', status: 308 })
    expect(routeRequest(facts({ pathname: '/en/ru' }))).toMatchObject({ kind: 'rewrite', pathname: '/noindex/en/list/ru/10' })
  })

  it('sends /profile to the personal account\'s first section', () => {
    expect(routeRequest(facts({ pathname: '/en/profile' }))).toMatchObject({ kind: 'redirect', location: '/en/profile/servers', status: 308 })
  })

  it('knows exactly the pages in the app directory', () => {
    const pagesDir = path.join(import.meta.dirname, '../../../src/app/(frontend)/[variant]/[locale]')
    const routes = readdirSync(pagesDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => /(^|\/)(page\.tsx|route\.ts)$/.test(file))
      .map((file) => path.dirname(file).split(path.sep))
      // Private folders hold no routes; the key lists and the 404 page are internal; the catch-all is what this replaces.
      .filter((segments) => !segments.some((segment) => segment.startsWith('_')))
      .filter((segments) => !['list', 'missing', '[...rest]'].includes(segments[0] ?? ''))
      .map((segments) => segments.map((segment) => (segment.startsWith('[') ? '*' : segment)).join('/'))
    expect([...PAGE_ROUTES].sort()).toEqual(routes.sort())
  })

  it('reads a language prefix typed in capitals as the prefix, not as Russia’s list', () => {
    expect(routeRequest(facts({ pathname: '/RU' }))).toEqual({ kind: 'redirect', location: '/ru', status: 308, isPersonal: false })
    expect(routeRequest(facts({ pathname: '/ru' }))).toMatchObject({ kind: 'redirect', location: '/' })
    expect(routeRequest(facts({ pathname: '/En/tariffs', search: '?x=1' }))).toMatchObject({ kind: 'redirect', location: '/en/tariffs?x=1' })
    expect(routeRequest(facts({ pathname: '/RU/ru' }))).toMatchObject({ kind: 'redirect', location: '/ru/ru' })
    // Not a prefix: a longer segment is left to the other rules.
    expect(routeRequest(facts({ pathname: '/RUS' }))).not.toMatchObject({ location: '/rus' })
  })

  it('sends upper-case list paths to their lower-case form', () => {
    expect(routeRequest(facts({ pathname: '/VLESS-DE', search: '?show=20' }))).toEqual({
      kind: 'redirect',
      location: '/vless-de?show=20',
      status: 308,
      isPersonal: false,
    })
  })
})

describe('routeRequest: redirects', () => {
  it('removes a trailing slash permanently, keeping the query', () => {
    expect(routeRequest(facts({ pathname: '/vless/', search: '?show=20' }))).toEqual({
      kind: 'redirect',
      location: '/vless?show=20',
      status: 308,
      isPersonal: false,
    })
    expect(routeRequest(facts({ pathname: '/en/' }))).toMatchObject({ location: '/en', status: 308 })
  })

  it('sends /ru paths permanently to the unprefixed path and stores Russian', () => {
    expect(routeRequest(facts({ pathname: '/ru/de', search: '?a=1', cookieLocale: 'en' }))).toEqual({
      kind: 'redirect',
      location: '/de?a=1',
      status: 308,
      setLocaleCookie: 'ru',
      isPersonal: true,
    })
    expect(routeRequest(facts({ pathname: '/ru' }))).toMatchObject({ location: '/', status: 308 })
  })
})

describe('routeRequest: language', () => {
  it('sends an English browser without a cookie to the English page and remembers it', () => {
    expect(routeRequest(facts({ pathname: '/de', acceptLanguage: 'en-US,en;q=0.9' }))).toEqual({
      kind: 'redirect',
      location: '/en/de',
      status: 307,
      setLocaleCookie: 'en',
      isPersonal: true,
    })
  })

  it('keeps Russian for an English browser whose cookie says Russian', () => {
    expect(routeRequest(facts({ pathname: '/', acceptLanguage: 'en-US', cookieLocale: 'ru' }))).toMatchObject({ kind: 'rewrite', locale: 'ru' })
  })

  it('follows the cookie over the browser language', () => {
    expect(routeRequest(facts({ pathname: '/vless', cookieLocale: 'en' }))).toMatchObject({ kind: 'redirect', location: '/en/vless' })
  })

  it('never redirects crawlers or command-line clients by language', () => {
    for (const userAgent of [GOOGLEBOT, 'curl/8.5.0', 'Mozilla/5.0 Chrome-Lighthouse', '']) {
      expect(routeRequest(facts({ userAgent, acceptLanguage: 'en-US' }))).toMatchObject({ kind: 'rewrite', locale: 'ru' })
    }
  })

  it('stores the language on redirects from page loads, not on prefetches; a page itself sets no cookie (a shared cache may keep it)', () => {
    expect(routeRequest(facts({ pathname: '/ru/de', cookieLocale: 'en', fetchDest: 'document' }))).toMatchObject({ setLocaleCookie: 'ru' })
    expect(routeRequest(facts({ pathname: '/ru/de', cookieLocale: 'en', fetchDest: 'empty' }))).toMatchObject({ setLocaleCookie: undefined })
    expect(routeRequest(facts({ pathname: '/en/de', fetchDest: 'document' }))).not.toHaveProperty('setLocaleCookie')
  })
})

describe('routeRequest: hosts', () => {
  const hosts = { productionHost: 'vpn.example', freeKeysHost: 'free.vpn.example' }

  it('sends people on the production host to the free-keys host with path and query', () => {
    expect(routeRequest(facts({ ...hosts, host: 'vpn.example', pathname: '/de', search: '?show=20' }))).toEqual({
      kind: 'redirect',
      location: '/de?show=20',
      toHost: 'free.vpn.example',
      status: 307,
      isPersonal: true,
    })
  })

  it('serves crawlers and command-line clients on the production host, indexable; crawlers get pages of their own', () => {
    for (const [userAgent, mode] of [
      [GOOGLEBOT, 'index-crawler'],
      ['facebookexternalhit/1.1', 'index-crawler'],
      ['Wget/1.21', 'index'],
    ]) {
      expect(routeRequest(facts({ ...hosts, host: 'vpn.example', userAgent }))).toMatchObject({
        kind: 'rewrite',
        isIndexable: true,
        pathname: `/${mode}/ru/list/all/10`,
      })
    }
    expect(routeRequest(facts({ ...hosts, host: 'free.vpn.example', userAgent: GOOGLEBOT }))).toMatchObject({
      pathname: '/noindex-crawler/ru/list/all/10',
    })
  })

  it('never lets a public path name an internal mode', () => {
    for (const mode of ['index', 'noindex', 'index-crawler', 'noindex-crawler']) {
      expect(routeRequest(facts({ pathname: `/${mode}/ru/list/all/10` }))).toMatchObject({ pathname: '/noindex/ru/missing' })
    }
  })

  it('recognises the production host on any port', () => {
    expect(routeRequest(facts({ ...hosts, host: 'vpn.example:8443' }))).toMatchObject({ kind: 'redirect', location: '/', toHost: 'free.vpn.example' })
    expect(routeRequest(facts({ ...hosts, host: 'VPN.example:8443', userAgent: GOOGLEBOT }))).toMatchObject({ kind: 'rewrite', isIndexable: true })
  })

  it('marks every other host noindex', () => {
    expect(routeRequest(facts({ ...hosts, host: 'free.vpn.example' }))).toMatchObject({ isIndexable: false })
    expect(routeRequest(facts({ host: 'localhost:3000' }))).toMatchObject({ isIndexable: false })
  })
})

describe('routeRequest: the subscription page', () => {
  const token = 'A'.repeat(43)
  const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'

  it('shows a browser the page, in Russian or in English', () => {
    expect(routeRequest(facts({ pathname: `/subscription/7/${token}`, accept: HTML }))).toMatchObject({ kind: 'rewrite', pathname: `/noindex/ru/subscription/7/${token}` })
    expect(routeRequest(facts({ pathname: `/en/subscription/7/${token}`, accept: HTML }))).toMatchObject({ kind: 'rewrite', pathname: `/noindex/en/subscription/7/${token}` })
  })

  it('gives an app the page address was pasted into the subscription itself', () => {
    for (const pathname of [`/subscription/7/${token}`, `/en/subscription/7/${token}`, `/ru/subscription/7/${token}`]) {
      // Apps send no Sec-Fetch-Dest.
      expect(routeRequest(facts({ pathname, userAgent: 'v2rayNG/1.9.16', accept: '*/*', fetchDest: null })), pathname).toEqual({
        kind: 'rewrite',
        pathname: `/api/subscription/7/${token}`,
        search: '',
        locale: 'ru',
        isIndexable: false,
        forwardsPublicPath: false,
      })
    }
    // A malformed token names no subscription: the page route answers it (with its 404).
    expect(routeRequest(facts({ pathname: '/subscription/7/short', userAgent: 'v2rayNG/1.9.16', accept: '*/*', fetchDest: null }))).toMatchObject({ pathname: '/noindex/ru/subscription/7/short' })
    // The browser's own router asks with Accept: */* but says it is a browser: it gets the page.
    expect(routeRequest(facts({ pathname: `/subscription/7/${token}`, accept: '*/*', fetchDest: 'empty' }))).toMatchObject({ pathname: `/noindex/ru/subscription/7/${token}` })
  })
})
