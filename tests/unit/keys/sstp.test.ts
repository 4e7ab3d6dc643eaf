// SSTP: connection parameters with the 443 default and the Windows rasphone .pbk entry.
import { describe, expect, it } from 'vitest'

import { buildSstpParameters, buildSstpPhonebook, parseSstpPhonebook, sstpServerAddress } from '@/lib/keys'

describe('buildSstpParameters', () => {
  it('defaults the port to 443', () => {
    expect(buildSstpParameters({ host: 'vpn.example.com', login: 'user1', password: 'pw' })).toEqual({
      host: 'vpn.example.com',
      port: 443,
      login: 'user1',
      password: 'pw',
    })
  })

  it('keeps an explicit port', () => {
    expect(buildSstpParameters({ host: 'vpn.example.com', port: 8443, login: 'u', password: 'p' }).port).toBe(8443)
  })

  it('throws for a missing login or an invalid port', () => {
    expect(() => buildSstpParameters({ host: 'vpn.example.com', login: '', password: 'p' })).toThrow(/missing_credentials/)
    expect(() => buildSstpParameters({ host: 'vpn.example.com', port: 70000, login: 'u', password: 'p' })).toThrow(/invalid_port/)
  })
})

describe('sstpServerAddress', () => {
  it('omits the default port and appends any other', () => {
    expect(sstpServerAddress('vpn.example.com')).toBe('vpn.example.com')
    expect(sstpServerAddress('vpn.example.com', 443)).toBe('vpn.example.com')
    expect(sstpServerAddress('vpn.example.com', 8443)).toBe('vpn.example.com:8443')
    expect(sstpServerAddress('2001:db8::1', 8443)).toBe('[2001:db8::1]:8443')
  })
})

describe('buildSstpPhonebook', () => {
  const text = buildSstpPhonebook({ name: 'Германия SSTP', host: 'de.example.com' })
  const entryLines = text.split('\r\n')

  it('writes a CRLF rasphone entry bound to the SSTP miniport', () => {
    expect(entryLines[0]).toBe('[Германия SSTP]')
    for (const line of ['Type=2', 'VpnStrategy=5', 'MEDIA=rastapi', 'Port=VPN2-0', 'Device=WAN Miniport (SSTP)', 'DEVICE=vpn']) {
      expect(entryLines).toContain(line)
    }
    expect(text).not.toMatch(/[^\r]\n/)
  })

  it('uses the bare host as PhoneNumber on port 443 and host:port otherwise', () => {
    expect(entryLines).toContain('PhoneNumber=de.example.com')
    expect(buildSstpPhonebook({ name: 'x', host: 'de.example.com', port: 4443 }).split('\r\n')).toContain('PhoneNumber=de.example.com:4443')
  })

  it('strips characters that would break the section header', () => {
    expect(buildSstpPhonebook({ name: 'a]b\n[c', host: 'h.example' }).split('\r\n')[0]).toBe('[a b c]')
  })

  it('contains no credentials, which Windows keeps in its own store', () => {
    expect(text).not.toMatch(/password|user(name)?=/i)
  })
})

describe('parseSstpPhonebook', () => {
  it.each([
    ['default port', { name: 'Нидерланды', host: 'nl.example.com', port: 443 }],
    ['custom port', { name: 'Custom', host: '198.51.100.8', port: 8443 }],
    ['IPv6 host with custom port', { name: 'v6', host: '2001:db8::8', port: 992 }],
  ])('reads back the entry it built: %s', (_label, entry) => {
    expect(parseSstpPhonebook(buildSstpPhonebook(entry))).toEqual({ ok: true, value: entry })
  })

  it('reads a minimal entry written by hand with LF line endings', () => {
    const text = '[Office]\nType=2\nVpnStrategy=6\nPhoneNumber=office.example.com:8443\n'
    expect(parseSstpPhonebook(text)).toEqual({ ok: true, value: { name: 'Office', host: 'office.example.com', port: 8443 } })
  })

  it.each([
    ['text without an entry', 'PhoneNumber=a.example', 'invalid_config'],
    ['an L2TP entry', '[L2TP]\nVpnStrategy=3\nDevice=WAN Miniport (L2TP)\nPhoneNumber=a.example\n', 'invalid_config'],
    ['an SSTP entry without a server', '[E]\nDevice=WAN Miniport (SSTP)\n', 'missing_host'],
    ['a bad port', '[E]\nDevice=WAN Miniport (SSTP)\nPhoneNumber=a.example:99999\n', 'invalid_port'],
  ])('rejects %s', (_label, text, error) => {
    expect(parseSstpPhonebook(text)).toEqual({ ok: false, error })
  })
})
