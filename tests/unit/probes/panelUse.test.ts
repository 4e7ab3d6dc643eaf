// Proof from real use (src/lib/probes/panelUse.ts): when a panel's word says a key was used lately, how an hour of use
// from a network counts in the verdict where the visitors are, and the addresses read from 3x-ui's answers.
import { isIP } from 'node:net'

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { USED_WITHIN_MS, wasUsed } from '@/lib/probes/panelUse'
import { reachByNetwork, reachOf, STALE_AFTER_MS, resultOfUse } from '@/lib/probes/reach'
import { threeXuiClientAddresses } from '@/lib/provisioning/adapters/3x-ui/threeXui'
import { endpointAddress } from '@/lib/provisioning/adapters/wg-easy/wgEasy'

const now = new Date('2026-11-29T12:40:00Z')
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000)
const use = (bytes: number | null, lastOnlineAt: Date | null = null) => ({ bytes, lastOnlineAt, addresses: [] })

describe('a key used lately', () => {
  it('is one the panel saw online within the hour, or whose traffic grew since a reading of the last hour or so', () => {
    expect(wasUsed(null, use(null, minutesAgo(5)), now)).toBe(true)
    expect(wasUsed(null, use(null, minutesAgo(61)), now)).toBe(false)
    expect(wasUsed({ bytes: 100, readAt: minutesAgo(10) }, use(150), now)).toBe(true)
    // Nothing to compare with, no growth, a counter reset on the panel, or growth over a day: no proof of the last hour.
    expect(wasUsed(null, use(150), now)).toBe(false)
    expect(wasUsed({ bytes: 150, readAt: minutesAgo(10) }, use(150), now)).toBe(false)
    expect(wasUsed({ bytes: 900, readAt: minutesAgo(10) }, use(150), now)).toBe(false)
    expect(wasUsed({ bytes: 100, readAt: minutesAgo(24 * 60) }, use(150), now)).toBe(false)
    expect(wasUsed({ bytes: null, readAt: minutesAgo(10) }, use(150), now)).toBe(false)
  })

  it('never follows from a counter that did not grow, whatever the readings, unless the panel saw it online within the hour', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.integer({ min: 0, max: 3 * 24 * 60 }), fc.option(fc.integer({ min: -10, max: 3 * 24 * 60 }), { nil: null }), (before, after, readMinutes, onlineMinutes) => {
        const online = onlineMinutes === null ? null : minutesAgo(onlineMinutes)
        const verdict = wasUsed({ bytes: before, readAt: minutesAgo(readMinutes) }, use(after, online), now)
        const seenOnline = online !== null && now.getTime() - online.getTime() <= USED_WITHIN_MS && online.getTime() <= now.getTime() + 60_000
        if (seenOnline) expect(verdict).toBe(true)
        else if (after <= before) expect(verdict).toBe(false)
      }),
    )
  })
})

describe('an hour of use from a network', () => {
  it('is a pass from there: the key works on that network even where a probe failed it, until the hour has gone stale', () => {
    const hour = new Date('2026-11-29T12:00:00Z')
    const failed = { network: 'МТС', checkedAt: minutesAgo(5), ok: false, failures: 3 }
    expect(reachOf([failed], true, now)).toBe('blocked')
    expect(reachOf([failed, resultOfUse('МТС', hour, now)], true, now)).toBe('works')
    expect(reachByNetwork([failed, resultOfUse('Билайн', hour, now)], true, now).map(({ network, reach }) => [network, reach])).toEqual([
      ['Билайн', 'works'],
      ['МТС', 'blocked'],
    ])
    // As of the end of its hour, never later than now.
    expect(resultOfUse('МТС', hour, now).checkedAt).toEqual(now)
    const earlier = new Date('2026-11-29T10:00:00Z')
    expect(resultOfUse('МТС', earlier, now).checkedAt).toEqual(new Date('2026-11-29T11:00:00Z'))
    expect(reachOf([resultOfUse('МТС', new Date(now.getTime() - STALE_AFTER_MS - 2 * 3_600_000), now)], true, now)).toBe('untested')
  })
})

describe('the client addresses in a 3x-ui answer', () => {
  it('are read from each generation’s form, each once; anything else is nothing', () => {
    expect(threeXuiClientAddresses(['192.0.2.7 (2026-11-29 14:03:00)', '2001:db8::5 (2026-11-29 14:01:00)', '192.0.2.7'])).toEqual(['192.0.2.7', '2001:db8::5'])
    expect(threeXuiClientAddresses('["198.51.100.20","192.0.2.9"]')).toEqual(['198.51.100.20', '192.0.2.9'])
    expect(threeXuiClientAddresses([{ ip: '192.0.2.1', timestamp: 1 }])).toEqual(['192.0.2.1'])
    expect(threeXuiClientAddresses('No IP Record')).toEqual([])
    expect(threeXuiClientAddresses(null)).toEqual([])
    expect(threeXuiClientAddresses(['<script>', 'localhost', '999.1.1.1'])).toEqual([])
  })

  it('are only ever addresses, whatever the panel sends', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.array(fc.oneof(fc.string(), fc.ipV4(), fc.ipV6(), fc.object())), fc.jsonValue()), (answer) => {
        for (const address of threeXuiClientAddresses(answer)) expect(isIP(address)).not.toBe(0)
      }),
    )
  })
})

describe('the address of a wg-easy peer’s endpoint', () => {
  it('is the host of "address:port", brackets and all; anything else is nothing', () => {
    expect(endpointAddress('203.0.113.5:51820')).toBe('203.0.113.5')
    expect(endpointAddress('[2001:db8::5]:43511')).toBe('2001:db8::5')
    expect(endpointAddress('(none)')).toBeNull()
    expect(endpointAddress('wg.example:51820')).toBeNull()
    expect(endpointAddress(null)).toBeNull()
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.tuple(fc.oneof(fc.ipV4(), fc.ipV6().map((v6) => `[${v6}]`)), fc.nat({ max: 65_535 })).map(([host, port]) => `${host}:${port}`)), (endpoint) => {
        const address = endpointAddress(endpoint)
        if (address !== null) expect(isIP(address)).not.toBe(0)
      }),
    )
  })
})
