import { describe, expect, it } from 'vitest'

import { cookieValue } from '@/lib/http/cookieValue'
import { siteHostsOf } from '@/lib/http/siteHosts'
import { boundRequestHeaders, MAX_ROUTER_STATE_LENGTH, MAX_USER_AGENT_LENGTH, routePlan, unreadableBody } from '@/server/routePlan'
import type { RequestHeaders, RoutePlan, RoutingSettings } from '@/server/routePlan'

const site: RoutingSettings = { hosts: siteHostsOf({ serverUrl: 'https://free.vpn.example', productionHost: 'vpn.example', freeKeysHost: 'free.vpn.example', mirrorHosts: ['vpn-mirror.example'] }) }
const russianBrowser = { host: 'free.vpn.example', 'accept-language': 'ru-RU,ru;q=0.9', 'user-agent': 'Mozilla/5.0', 'sec-fetch-dest': 'document' }

function nextPlan(plan: RoutePlan): Extract<RoutePlan, { kind: 'next' }> {
  if (plan.kind !== 'next') throw new Error(`expected a page, got a ${plan.status}`)
  return plan
}

describe('routePlan', () => {
  it('names the internal route of a public page in a request header and keeps the query for the page', () => {
    const plan = nextPlan(routePlan('/vless-de?show=20', russianBrowser, site))
    expect(plan.requestHeaders).toEqual({ 'x-internal-route': '/noindex/ru/list/vless-de/20' })
    // The free-keys host is not the indexed one; HSTS because SERVER_URL is https.
    expect(plan.responseHeaders).toEqual({
      'X-Robots-Tag': 'noindex, nofollow',
      'Strict-Transport-Security': 'max-age=31536000',
      // The visitor's language decided this page: nginx keeps it only under that language.
      'X-Visitor-Locale': 'ru',
    })
  })

  it('says which language the visitor’s cookie or browser chose only when the path does not say it', () => {
    expect(nextPlan(routePlan('/de', { ...russianBrowser, 'accept-language': 'en', cookie: 'NEXT_LOCALE=ru' }, site)).responseHeaders['X-Visitor-Locale']).toBe('ru')
    expect(nextPlan(routePlan('/en/de', russianBrowser, site)).responseHeaders['X-Visitor-Locale']).toBeUndefined()
    // A cookie nginx would not read as a language is not one to the app either: the browser's language decides.
    for (const cookie of ['NEXT_LOCALE=%72u', 'next_locale=en', 'NEXT_LOCALE=EN']) {
      expect(nextPlan(routePlan('/de', { ...russianBrowser, cookie }, site)).responseHeaders['X-Visitor-Locale'], cookie).toBe('ru')
    }
  })

  it('takes the production host with a trailing dot, another port or capitals for the production host', () => {
    for (const host of ['vpn.example.', 'VPN.example:8443', 'vpn.example']) {
      const plan = routePlan('/de', { ...russianBrowser, host }, site)
      expect(plan, host).toMatchObject({ kind: 'respond', status: 307, headers: { Location: 'https://free.vpn.example/de' } })
    }
  })

  it('lets robots index the production host', () => {
    const plan = nextPlan(routePlan('/en/tariffs', { ...russianBrowser, host: 'vpn.example', 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' }, site))
    expect(plan.requestHeaders['x-internal-route']).toBe('/index-crawler/en/tariffs')
    expect(plan.responseHeaders['X-Robots-Tag']).toBeUndefined()
  })

  it('serves a mirror as the site, never indexed and never sent on to another host, for people and robots alike', () => {
    for (const [agent, mode] of [['Mozilla/5.0', 'mirror-0'], ['Mozilla/5.0 (compatible; Googlebot/2.1)', 'mirror-0-crawler']] as const) {
      // Pages of its own (they give out the mirror's addresses), whatever case or port the Host is written in.
      const plan = nextPlan(routePlan('/de', { ...russianBrowser, host: 'VPN-mirror.example:8443', 'user-agent': agent }, site))
      expect(plan.requestHeaders['x-internal-route']).toBe(`/${mode}/ru/list/de/${plan.requestHeaders['x-internal-route']!.split('/').pop()}`)
      expect(plan.responseHeaders['X-Robots-Tag']).toBe('noindex, nofollow')
    }
    // A mirror's internal route is never a public path, nor reached through dot segments Next.js would resolve.
    expect(nextPlan(routePlan('/mirror-0/ru/list/de/30', russianBrowser, site)).requestHeaders['x-internal-route']).toBe('/noindex/ru/missing')
    for (const path of ['/x/../mirror-3/ru/keys/5', '/a/%2e%2E/index/ru/tariffs', '/./noindex/ru/tariffs', '/x.y/../index-crawler/ru/tariffs']) {
      const plan = routePlan(path, russianBrowser, site)
      expect(plan.kind === 'next' ? plan.requestHeaders['x-internal-route'] : 'redirect', path).toMatch(/^(\/noindex\/ru\/missing|redirect)$/)
    }
    // Files with dots in their names still pass: their paths have no dot segments.
    expect(nextPlan(routePlan('/icon.svg', russianBrowser, site)).requestHeaders).toEqual({})
    expect(nextPlan(routePlan('/.well-known/security.txt', russianBrowser, site)).requestHeaders).toEqual({})
    const redirect = routePlan('/de/', { ...russianBrowser, host: 'vpn-mirror.example:8443' }, site)
    expect(redirect).toMatchObject({ kind: 'respond', status: 308, headers: { Location: 'https://vpn-mirror.example/de' } })
  })

  it('gives the personal account its public path, and only the personal account', () => {
    expect(nextPlan(routePlan('/profile/servers?tab=1', russianBrowser, site)).requestHeaders['x-public-path']).toBe('/profile/servers?tab=1')
    expect(nextPlan(routePlan('/tariffs', russianBrowser, site)).requestHeaders['x-public-path']).toBeUndefined()
  })

  it.each(['/api/feed/vless', '/admin', '/admin/collections/keys', '/_next/static/chunks/a.js', '/favicon.ico', '/robots.txt'])(
    'hands %s to Next.js untouched',
    (url) => {
      expect(routePlan(url, russianBrowser, site)).toEqual({ kind: 'next', requestHeaders: {}, responseHeaders: { 'Strict-Transport-Security': 'max-age=31536000' } })
    },
  )

  it('answers a locale redirect itself, storing the choice, personal to the visitor', () => {
    const plan = routePlan('/de', { ...russianBrowser, 'accept-language': 'en-GB,en;q=0.9' }, site)
    expect(plan).toEqual({
      kind: 'respond',
      status: 307,
      headers: {
        Location: 'https://free.vpn.example/en/de',
        'Cache-Control': 'private, no-store',
        Vary: 'Accept-Language, Cookie, User-Agent',
        'Set-Cookie': 'NEXT_LOCALE=en; Path=/; Max-Age=31536000; SameSite=Lax',
        'Strict-Transport-Security': 'max-age=31536000',
      },
    })
  })

  it('follows the stored language over the browser', () => {
    const plan = nextPlan(routePlan('/', { ...russianBrowser, 'accept-language': 'en', cookie: 'a=1; NEXT_LOCALE=ru' }, site))
    expect(plan.requestHeaders['x-internal-route']).toMatch(/^\/noindex\/ru\/list\//)
  })

  it('keeps a redirect on the site whatever Host or X-Forwarded-Host says', () => {
    const plan = routePlan('/de/', { ...russianBrowser, host: 'evil.example', 'x-forwarded-host': 'evil.example' }, site)
    expect(plan).toMatchObject({ kind: 'respond', status: 308, headers: { Location: 'https://free.vpn.example/de' } })
  })

  it('sends people on the production host to the free-keys host', () => {
    const plan = routePlan('/vless?x=1', { ...russianBrowser, host: 'vpn.example' }, site)
    expect(plan).toMatchObject({ kind: 'respond', status: 307, headers: { Location: 'https://free.vpn.example/vless?x=1' } })
  })

  it('sends no HSTS on plain HTTP', () => {
    const plan = nextPlan(routePlan('/', russianBrowser, { hosts: siteHostsOf({ serverUrl: 'http://localhost:3000' }) }))
    expect(plan.responseHeaders['Strict-Transport-Security']).toBeUndefined()
  })
})

describe('cookieValue', () => {
  it('reads one cookie among others as it was sent, as nginx does: not decoded, the name exactly', () => {
    expect(cookieValue('a=1; NEXT_LOCALE=en; b=2', 'NEXT_LOCALE')).toBe('en')
    expect(cookieValue('NEXT_LOCALE=%72u', 'NEXT_LOCALE')).toBe('%72u')
    expect(cookieValue('next_locale=en', 'NEXT_LOCALE')).toBeNull()
    expect(cookieValue('NEXT_LOCALE=en; NEXT_LOCALE=ru', 'NEXT_LOCALE')).toBe('en')
  })

  it('does not mistake a longer name or a missing header for the cookie', () => {
    expect(cookieValue('MY_NEXT_LOCALE=en', 'NEXT_LOCALE')).toBeNull()
    expect(cookieValue(null, 'NEXT_LOCALE')).toBeNull()
  })
})

describe('boundRequestHeaders', () => {
  it('cuts a User-Agent past 512 characters and leaves a real one as it is', () => {
    const long: RequestHeaders = { 'user-agent': 'b'.repeat(16_200) }
    boundRequestHeaders(long)
    expect(long['user-agent']).toHaveLength(MAX_USER_AGENT_LENGTH)
    const real: RequestHeaders = { 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36' }
    const before = real['user-agent']
    boundRequestHeaders(real)
    expect(real['user-agent']).toBe(before)
  })

  it('drops a router state longer than any route of the site sends, and passes a real one on', () => {
    let nested = '["",{}]'
    for (let depth = 0; depth < 200; depth += 1) nested = `["",{"children":${nested}}]`
    const crafted: RequestHeaders = { rsc: '1', 'next-router-state-tree': encodeURIComponent(nested) }
    boundRequestHeaders(crafted)
    expect(crafted).toEqual({ rsc: '1' })
    const admin = encodeURIComponent('["",{"children":["(payload)",{"children":["admin",{"children":[["segments","collections/servers/39","oc"],{"children":["__PAGE__",{}]}]}]}]},null,null,true]')
    expect(admin.length).toBeLessThan(MAX_ROUTER_STATE_LENGTH / 8)
    const real: RequestHeaders = { rsc: '1', 'next-router-state-tree': admin }
    boundRequestHeaders(real)
    expect(real['next-router-state-tree']).toBe(admin)
  })
})

describe('unreadableBody', () => {
  it('refuses a multipart body without a boundary before any parser sees it, and lets every readable one through', () => {
    for (const type of ['multipart/form-data', 'multipart/form-data; a=b', 'Multipart/Form-Data;boundary=', `multipart/form-data${'; a=b'.repeat(1_600)}`, 'multipart/mixed', 'multipart/mixed; boundary=x', 'multipart/form-data;  boundary=x', 'text/plain; multipart/form-data']) {
      expect(unreadableBody({ 'content-type': type }), type.slice(0, 40)).toBe(true)
      const plan = routePlan('/api/users/login', { host: 'free.vpn.example', 'content-type': type }, site)
      expect(plan).toMatchObject({ kind: 'respond', status: 400 })
    }
    for (const type of ['multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW', 'multipart/form-data; boundary=----formdata-undici-012345678901', 'multipart/form-data;boundary=x; charset=utf-8', 'application/json', 'application/x-www-form-urlencoded']) {
      expect(unreadableBody({ 'content-type': type }), type).toBe(false)
    }
    expect(unreadableBody({})).toBe(false)
  })

  it('reads a Content-Type as long as nginx passes in time linear in its length (a ratio against a quarter of it)', () => {
    const spent = (type: string) => {
      const started = performance.now()
      for (let round = 0; round < 200; round += 1) unreadableBody({ 'content-type': type })
      return performance.now() - started
    }
    // The best of five: one run interrupted by a collection or another file's test on the same core (a local run
    // failed once that way) says nothing of the pattern; the fastest of each size is its cost.
    const best = (type: string) => Math.min(...Array.from({ length: 5 }, () => spent(type)))
    for (const unit of [';', '; boundary', '; boundary="', ' ']) {
      const shape = (length: number) => `multipart/form-data${unit.repeat(Math.ceil(length / unit.length))}`.slice(0, length)
      spent(shape(2_000))
      const small = best(shape(2_000))
      // Linear: about 4 times; a pattern that backtracks over its own runs would take 16 times or more.
      expect(best(shape(8_000)), JSON.stringify(unit)).toBeLessThanOrEqual(small * 8 + 5)
    }
  })
})
