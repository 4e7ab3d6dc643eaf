import { describe, expect, it } from 'vitest'

import { hostName, sameHost } from '@/lib/http/sameHost'

describe('hostName: a host as nginx keys its cache by it ($host)', () => {
  it('drops case, the port and a trailing dot', () => {
    expect(hostName('VPN.example.:8443')).toBe('vpn.example')
    expect(hostName('vpn.example.')).toBe('vpn.example')
    expect(hostName(' Free.Keys.Example:80 ')).toBe('free.keys.example')
  })

  it('keeps IPv6 addresses whole, bracketed or bare', () => {
    expect(hostName('[2001:db8::1]:443')).toBe('2001:db8::1')
    expect(hostName('2001:db8::1')).toBe('2001:db8::1')
    expect(hostName('::1')).toBe('::1')
  })
})

describe('sameHost', () => {
  it('matches one server’s names and nothing else', () => {
    expect(sameHost('vpn.example:8443', 'VPN.example.')).toBe(true)
    expect(sameHost('vpn.example.evil.com', 'vpn.example')).toBe(false)
    expect(sameHost(null, 'vpn.example')).toBe(false)
    expect(sameHost('', '')).toBe(false)
  })
})
