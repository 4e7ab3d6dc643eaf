import { describe, expect, it } from 'vitest'

import { keysPathname, parseKeysSlug, parseShowCount } from '@/lib/routing/keysFilter'

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
