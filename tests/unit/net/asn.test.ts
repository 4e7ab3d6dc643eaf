// The address → autonomous system lookup behind "your operator" (src/lib/net/asn.ts), on documentation ranges in the
// database package's own format (tests/fixtures/asn), and on the package itself.
import path from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { addressNumber, asnDataDir, asnOf, loadAsnTable } from '@/lib/net/asn'

const fixtures = path.resolve(__dirname, '../../fixtures/asn')

describe('the IP-to-ASN table', () => {
  it('keeps only the systems asked for, and finds an address’s among them, IPv4 and IPv6', async () => {
    const table = await loadAsnTable(new Set([64500, 64501]), fixtures)
    expect(table.v4.asns).toEqual([64500, 64501])
    expect(asnOf(table, '192.0.2.1')).toBe(64500)
    expect(asnOf(table, '192.0.2.127')).toBe(64500)
    // The next range is another system's, not kept.
    expect(asnOf(table, '192.0.2.128')).toBeNull()
    expect(asnOf(table, '198.51.100.255')).toBe(64501)
    expect(asnOf(table, '::ffff:198.51.100.7')).toBe(64501)
    expect(asnOf(table, '203.0.113.5')).toBeNull()
    expect(asnOf(table, '2001:db8::1')).toBe(64500)
    expect(asnOf(table, '2001:db8:ffff::1')).toBe(64501)
    expect(asnOf(table, '2001:db9::1')).toBeNull()
    for (const hostile of ['', 'unknown', '192.0.2', '192.0.2.1.5', '1e3', '::g', '192.0.2.1, 198.51.100.1']) expect(asnOf(table, hostile), hostile).toBeNull()
  })

  it('numbers addresses as the database does (property: every IPv4 and IPv6 address, written any valid way)', () => {
    fc.assert(
      fc.property(fc.ipV4(), (address) => {
        const expected = address.split('.').reduce((total, part) => total * 256n + BigInt(part), 0n)
        expect(addressNumber(address)).toEqual({ family: 4, value: expected })
      }),
    )
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 }), (groups) => {
        const expected = groups.reduce((total, group) => total * 65536n + BigInt(group), 0n)
        const full = groups.map((group) => group.toString(16)).join(':')
        expect(addressNumber(full)).toEqual({ family: 6, value: expected })
        // Compressed: the first run of zero groups as "::".
        const start = groups.indexOf(0)
        if (start >= 0) {
          let end = start
          while (end < 8 && groups[end] === 0) end += 1
          const compressed = `${groups.slice(0, start).map((group) => group.toString(16)).join(':')}::${groups.slice(end).map((group) => group.toString(16)).join(':')}`
          expect(addressNumber(compressed)).toEqual({ family: 6, value: expected })
        }
      }),
    )
  })

  it('reads the shipped database: МТС’s and Ростелеком’s systems are there', async () => {
    const table = await loadAsnTable(new Set([8359, 12389]), asnDataDir())
    expect(table.v4.asns.filter((asn) => asn === 8359).length).toBeGreaterThan(10)
    expect(table.v4.asns.filter((asn) => asn === 12389).length).toBeGreaterThan(10)
    const [start] = table.v4.starts
    const first = [Number((start! >> 24n) & 255n), Number((start! >> 16n) & 255n), Number((start! >> 8n) & 255n), Number(start! & 255n)].join('.')
    expect([8359, 12389]).toContain(asnOf(table, first))
  })
})

describe('a key’s list of networks', () => {
  it('names a network only whole, even when names hold the separator (property)', async () => {
    const { joinNetworks, listsNetwork } = await import('@/lib/probes/networkList')
    expect(listsNetwork('Билайн, МТС, мобильный', 'МТС, мобильный')).toBe(true)
    expect(listsNetwork('МТС, мобильный', 'МТС, мобильный')).toBe(true)
    expect(listsNetwork('МТС-Юг, Билайн', 'МТС')).toBe(false)
    expect(listsNetwork('Билайн', '')).toBe(false)
    const name = fc.stringMatching(/^[А-Яа-я]{1,8}( [а-я]{1,6})?$/)
    fc.assert(
      fc.property(fc.uniqueArray(name, { minLength: 1, maxLength: 5 }), name, (networks, other) => {
        const list = joinNetworks(networks)!
        for (const network of networks) expect(listsNetwork(list, network)).toBe(true)
        expect(listsNetwork(list, other)).toBe(networks.includes(other))
      }),
    )
  })
})
