import { describe, expect, it } from 'vitest'

import { env } from '@/lib/env'
import { isCrossSiteRequest, refuseCrossSite, siteOrigin } from '@/lib/http/sameSite'
import { ownOrigins } from '@/lib/http/siteHosts'

const ORIGIN = 'https://free.keys.example'

describe('isCrossSiteRequest', () => {
  it('refuses another site’s Origin, a null Origin and Sec-Fetch-Site: cross-site', () => {
    expect(isCrossSiteRequest(new Headers({ origin: 'https://evil.example' }), [ORIGIN])).toBe(true)
    expect(isCrossSiteRequest(new Headers({ origin: 'http://free.keys.example' }), [ORIGIN])).toBe(true)
    expect(isCrossSiteRequest(new Headers({ origin: 'https://keys.example' }), [ORIGIN])).toBe(true)
    expect(isCrossSiteRequest(new Headers({ origin: 'null' }), [ORIGIN])).toBe(true)
    expect(isCrossSiteRequest(new Headers({ 'sec-fetch-site': 'cross-site' }), [ORIGIN])).toBe(true)
  })

  it('accepts the site’s own Origin, and clients that are not browsers (no Origin, no fetch metadata)', () => {
    expect(isCrossSiteRequest(new Headers({ origin: ORIGIN, 'sec-fetch-site': 'same-origin' }), [ORIGIN])).toBe(false)
    expect(isCrossSiteRequest(new Headers({ origin: 'HTTPS://FREE.KEYS.EXAMPLE' }), [ORIGIN])).toBe(false)
    expect(isCrossSiteRequest(new Headers(), [ORIGIN])).toBe(false)
    expect(isCrossSiteRequest(new Headers({ 'sec-fetch-site': 'none' }), [ORIGIN])).toBe(false)
  })

  it('accepts a form from every own origin (a mirror), by default those of the environment', () => {
    const own = [ORIGIN, 'https://keys-mirror.example']
    expect(isCrossSiteRequest(new Headers({ origin: 'https://keys-mirror.example', 'sec-fetch-site': 'same-origin' }), own)).toBe(false)
    expect(isCrossSiteRequest(new Headers({ origin: 'https://keys-mirror.example.evil.example' }), own)).toBe(true)
    expect(isCrossSiteRequest(new Headers({ origin: 'https://keys-mirror.example:8443' }), own)).toBe(true)
    // By default, the environment's own hosts (whatever this run's are): each accepted, a stranger refused.
    for (const own of ownOrigins(env().hosts)) expect(isCrossSiteRequest(new Headers({ origin: own })), own).toBe(false)
    expect(isCrossSiteRequest(new Headers({ origin: siteOrigin() }))).toBe(false)
    expect(isCrossSiteRequest(new Headers({ origin: 'https://not-a-mirror.invalid' }))).toBe(true)
  })

  it('decides by fetch metadata when a no-referrer page posts with Origin: null', () => {
    expect(isCrossSiteRequest(new Headers({ origin: 'null', 'sec-fetch-site': 'same-origin' }), [ORIGIN])).toBe(false)
    expect(isCrossSiteRequest(new Headers({ origin: 'null', 'sec-fetch-site': 'same-site' }), [ORIGIN])).toBe(true)
    expect(isCrossSiteRequest(new Headers({ origin: ORIGIN, 'sec-fetch-site': 'cross-site' }), [ORIGIN])).toBe(true)
  })
})

describe('refuseCrossSite', () => {
  const handler = refuseCrossSite(async () => new Response('done'))

  it('answers a cross-site form post with a page in both languages naming the site, and never runs the handler', async () => {
    const response = await handler(new Request('http://localhost/api/x', { method: 'POST', headers: { origin: 'https://evil.example', accept: 'text/html' } }))
    expect(response.status).toBe(403)
    const page = await response.text()
    expect(page).toContain('Форма отправлена не со страницы сайта')
    expect(page).toContain('The form was not sent from a page of this site')
    expect(page).not.toContain('done')
  })

  it('answers a cross-site JSON call with the error code, and lets the site’s own requests through', async () => {
    const refused = await handler(new Request('http://localhost/api/x', { method: 'POST', headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' } }))
    // With the site's address, for the form to say where to open it.
    expect([refused.status, await refused.json()]).toEqual([403, { ok: false, error: 'crossSiteRequest', site: siteOrigin() }])
    expect(await (await handler(new Request('http://localhost/api/x', { method: 'POST', headers: { 'sec-fetch-site': 'same-origin' } }))).text()).toBe('done')
  })
})
