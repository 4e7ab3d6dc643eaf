// YooKassa's notifications are accepted only from its published networks, as our proxies report the sender.
import { describe, expect, it } from 'vitest'

import { isFromYooKassa, isYooKassaAddress } from '@/lib/billing/providers/yookassaSource'

describe('YooKassa notification senders', () => {
  it('are YooKassa’s networks, to the last address of each, IPv4 and IPv6', () => {
    for (const address of ['185.71.76.0', '185.71.76.31', '185.71.77.5', '77.75.153.127', '77.75.154.200', '77.75.156.11', '77.75.156.35', '2a02:5180:0:1::7', '::ffff:185.71.76.1']) {
      expect(isYooKassaAddress(address), address).toBe(true)
    }
    for (const address of ['185.71.76.32', '77.75.153.128', '77.75.154.127', '77.75.156.12', '2a02:5181::1', '127.0.0.1', '10.0.0.1', 'unknown', '']) {
      expect(isYooKassaAddress(address), address).toBe(false)
    }
  })

  it('are read from the entry our own proxies added, not from what the sender wrote', () => {
    // A forger writes YooKassa's address first; nginx appends the real one.
    const forged = new Headers({ 'x-forwarded-for': '185.71.76.1, 203.0.113.9' })
    expect(isFromYooKassa(forged, 1)).toBe(false)
    expect(isFromYooKassa(new Headers({ 'x-forwarded-for': '203.0.113.9, 185.71.76.1' }), 1)).toBe(true)
    // Behind two proxies (a CDN, then nginx): the second entry from the right.
    expect(isFromYooKassa(new Headers({ 'x-forwarded-for': '185.71.77.9, 10.0.0.2' }), 2)).toBe(true)
    expect(isFromYooKassa(new Headers(), 1)).toBe(false)
  })
})
