import { BlockList, isIP } from 'node:net'

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { allowanceKey, clientIp } from '@/lib/http/clientIp'

const forwarded = (value: string) => new Headers({ 'x-forwarded-for': value })

describe('clientIp', () => {
  it('takes the address the one trusted proxy appended, not what the client wrote before it', () => {
    expect(clientIp(forwarded('203.0.113.9'), 1)).toBe('203.0.113.9')
    expect(clientIp(forwarded('1.1.1.1, 203.0.113.9'), 1)).toBe('203.0.113.9')
    expect(clientIp(forwarded(' 1.1.1.1 ,2.2.2.2,  203.0.113.9 '), 1)).toBe('203.0.113.9')
  })

  it('steps over each further proxy (a CDN in front of nginx is two)', () => {
    expect(clientIp(forwarded('1.1.1.1, 203.0.113.9, 198.51.100.2'), 2)).toBe('203.0.113.9')
    expect(clientIp(forwarded('203.0.113.9'), 2)).toBe('203.0.113.9')
  })

  it('reads an address with a port as the address, and anything that is no address as "unknown"', () => {
    expect(clientIp(forwarded('203.0.113.9:5678'), 1)).toBe('203.0.113.9')
    expect(clientIp(forwarded('[2001:db8::1]:443'), 1)).toBe('2001:db8::1')
    expect(clientIp(forwarded('2001:db8::1'), 1)).toBe('2001:db8::1')
    expect(clientIp(forwarded('1'.repeat(8000)), 1)).toBe('unknown')
    expect(clientIp(forwarded('evil.example, 203.0.113.9'), 2)).toBe('unknown')
    expect(clientIp(forwarded('999.1.1.1'), 1)).toBe('unknown')
  })

  it('reads an IPv4 visitor seen through an IPv6 socket as the IPv4 address', () => {
    expect(clientIp(forwarded('::ffff:203.0.113.9'), 1)).toBe('203.0.113.9')
    expect(clientIp(forwarded('[::ffff:cb00:7109]:443'), 1)).toBe('203.0.113.9')
    expect(clientIp(forwarded('::ffff:1:203.0.113.9'), 1)).toBe('::ffff:1:203.0.113.9')
  })

  it('is "unknown" without the header', () => {
    expect(clientIp(new Headers(), 1)).toBe('unknown')
    expect(clientIp(forwarded(' , '), 1)).toBe('unknown')
  })
})

/** Whether `address` lies in the /64 a key names (node's own subnet matching, not the code under test). */
function inKeyedSubnet(key: string, address: string): boolean {
  const list = new BlockList()
  list.addSubnet(key.replace('/64', ''), 64, 'ipv6')
  return list.check(address, 'ipv6')
}

describe('allowanceKey', () => {
  it('counts IPv4 by the address and IPv6 by its /64, whatever way the address is written', () => {
    expect(allowanceKey('203.0.113.9')).toBe('203.0.113.9')
    expect(allowanceKey('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64')
    expect(allowanceKey('2001:0DB8:00aa:00bb::ffff')).toBe('2001:db8:aa:bb::/64')
    expect(allowanceKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(allowanceKey('::1')).toBe('0:0:0:0::/64')
    expect(allowanceKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(allowanceKey('::ffff:198.51.100.7')).toBe('198.51.100.7')
    expect(allowanceKey('64:ff9b::198.51.100.7')).toBe('64:ff9b:0:0::/64')
    expect(allowanceKey('unknown')).toBe('unknown')
  })

  it('gives every address of one /64 the same key, and addresses of different /64s different keys', () => {
    fc.assert(
      fc.property(fc.ipV6(), fc.ipV6(), (a, b) => {
        const [keyA, keyB] = [allowanceKey(a), allowanceKey(b)]
        // An IPv4-mapped address is counted as the IPv4 address it is.
        if (isIP(keyA) === 4 || isIP(keyB) === 4) return
        expect(inKeyedSubnet(keyA, a)).toBe(true)
        expect(keyA === keyB).toBe(inKeyedSubnet(keyA, b))
      }),
      { numRuns: 2000 },
    )
  })

  it('puts the addresses a /64 owner can choose under one key', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 4, maxLength: 4 }), (host) => {
        expect(allowanceKey(`2a00:1fa0:42:7:${host.map((group) => group.toString(16)).join(':')}`)).toBe('2a00:1fa0:42:7::/64')
      }),
    )
  })
})
