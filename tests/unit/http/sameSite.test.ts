import { describe, expect, it } from 'vitest'

import { isCrossSiteRequest } from '@/lib/http/sameSite'

const ORIGIN = 'https://free.keys.example'

describe('isCrossSiteRequest', () => {
  it('refuses another site’s Origin, a null Origin and Sec-Fetch-Site: cross-site', () => {
    expect(isCrossSiteRequest(new Headers({ origin: 'https://evil.example' }), ORIGIN)).toBe(true)
    expect(isCrossSiteRequest(new Headers({ origin: 'http://free.keys.example' }), ORIGIN)).toBe(true)
    expect(isCrossSiteRequest(new Headers({ origin: 'https://keys.example' }), ORIGIN)).toBe(true)
    expect(isCrossSiteRequest(new Headers({ origin: 'null' }), ORIGIN)).toBe(true)
    expect(isCrossSiteRequest(new Headers({ 'sec-fetch-site': 'cross-site' }), ORIGIN)).toBe(true)
  })

  it('accepts the site’s own Origin, and clients that are not browsers (no Origin, no fetch metadata)', () => {
    expect(isCrossSiteRequest(new Headers({ origin: ORIGIN, 'sec-fetch-site': 'same-origin' }), ORIGIN)).toBe(false)
    expect(isCrossSiteRequest(new Headers({ origin: 'HTTPS://FREE.KEYS.EXAMPLE' }), ORIGIN)).toBe(false)
    expect(isCrossSiteRequest(new Headers(), ORIGIN)).toBe(false)
    expect(isCrossSiteRequest(new Headers({ 'sec-fetch-site': 'none' }), ORIGIN)).toBe(false)
  })

  it('decides by fetch metadata when a no-referrer page posts with Origin: null', () => {
    expect(isCrossSiteRequest(new Headers({ origin: 'null', 'sec-fetch-site': 'same-origin' }), ORIGIN)).toBe(false)
    expect(isCrossSiteRequest(new Headers({ origin: 'null', 'sec-fetch-site': 'same-site' }), ORIGIN)).toBe(true)
    expect(isCrossSiteRequest(new Headers({ origin: ORIGIN, 'sec-fetch-site': 'cross-site' }), ORIGIN)).toBe(true)
  })
})
