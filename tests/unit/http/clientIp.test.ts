import { describe, expect, it } from 'vitest'

import { clientIp } from '@/lib/http/clientIp'

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

  it('is "unknown" without the header', () => {
    expect(clientIp(new Headers(), 1)).toBe('unknown')
    expect(clientIp(forwarded(' , '), 1)).toBe('unknown')
  })
})
