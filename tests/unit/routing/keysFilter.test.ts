import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { keysPathname, listWindowSegment, parseKeysSlug, parseListWindow, parseListWindowSegment, parseShowCount } from '@/lib/routing/keysFilter'

describe('parseKeysSlug', () => {
  it('reads a protocol, a country, or both', () => {
    expect(parseKeysSlug('vless')).toEqual({ protocol: 'vless', country: null })
    expect(parseKeysSlug('outline')).toEqual({ protocol: 'outline', country: null })
    expect(parseKeysSlug('de')).toEqual({ protocol: null, country: 'de' })
    expect(parseKeysSlug('vless-de')).toEqual({ protocol: 'vless', country: 'de' })
    expect(parseKeysSlug('sstp-us')).toEqual({ protocol: 'sstp', country: 'us' })
  })

  it('refuses everything that is not a key list', () => {
    for (const slug of ['support', 'privacy', 'deu', 'vmess-de', 'vless-deu', 'vless-', '-de', 'VLESS', 'keys', '']) {
      expect(parseKeysSlug(slug), slug).toBeNull()
    }
  })
})

describe('keysPathname', () => {
  it('gives the canonical public path of each list', () => {
    expect(keysPathname({ protocol: null, country: null })).toBe('/')
    expect(keysPathname({ protocol: 'wireguard', country: null })).toBe('/wireguard')
    expect(keysPathname({ protocol: null, country: 'ae' })).toBe('/ae')
    expect(keysPathname({ protocol: 'trojan', country: 'ae' })).toBe('/trojan-ae')
  })
})

describe('parseShowCount', () => {
  it('accepts multiples of ten up to 500 and falls back to ten', () => {
    expect(parseShowCount('20')).toBe(20)
    expect(parseShowCount('500')).toBe(500)
    for (const value of [null, '', '0', '15', '510', '-10', 'abc', '1e3', '00010000']) {
      expect(parseShowCount(value), String(value)).toBe(10)
    }
  })
})

describe('list windows (?show= and ?after=)', () => {
  it('takes a key id as the cursor and leaves out anything else', () => {
    expect(parseListWindow('20', '123')).toEqual({ count: 20, after: 123 })
    expect(parseListWindow('30', null)).toEqual({ count: 30, after: null })
    for (const after of ['', '0', '0123', '-5', '1.5', '12a', '99999999999', String(2 ** 31), ' 12']) {
      expect(parseListWindow('20', after), after).toEqual({ count: 20, after: null })
    }
  })

  it('writes one internal segment per window and reads back only what it writes', () => {
    expect(listWindowSegment({ count: 20, after: 123 })).toBe('20-after-123')
    expect(listWindowSegment({ count: 10, after: null })).toBe('10')
    for (const segment of ['20-after-0', '20-after-0123', '15-after-3', '20-after-', '020', '20-AFTER-3', '20-after-3-after-4']) {
      expect(parseListWindowSegment(segment), segment).toBeNull()
    }
    // Whatever a visitor types, the segment it becomes reads back as the same window, and any other string that
    // reads as a window is exactly that segment: one cache entry per window, none for made-up spellings.
    fc.assert(
      fc.property(fc.option(fc.string({ maxLength: 12 })), fc.option(fc.oneof(fc.string({ maxLength: 12 }), fc.nat().map(String))), (show, after) => {
        const window = parseListWindow(show, after)
        expect(parseListWindowSegment(listWindowSegment(window))).toEqual(window)
      }),
    )
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-z-]{1,24}$/), (segment) => {
        const window = parseListWindowSegment(segment)
        if (window) expect(listWindowSegment(window)).toBe(segment)
      }),
    )
  })
})
