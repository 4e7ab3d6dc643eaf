// Trojan share links: percent-encoded passwords, TLS defaults and rejected inputs.
import { describe, expect, it } from 'vitest'

import { buildTrojanUri, parseTrojanUri } from '@/lib/keys'
import type { TrojanLink } from '@/lib/keys'

const link: TrojanLink = {
  password: 'p@ss:w/rd#1+ы',
  host: 'nl2.example.net',
  port: 443,
  security: 'tls',
  type: 'tcp',
  sni: 'nl2.example.net',
  fingerprint: 'firefox',
  alpn: 'h2,http/1.1',
  allowInsecure: false,
  name: 'Нидерланды trojan',
}

describe('buildTrojanUri', () => {
  it('percent-encodes the password and writes security before type', () => {
    expect(buildTrojanUri(link)).toBe(
      'trojan://p%40ss%3Aw%2Frd%231%2B%D1%8B@nl2.example.net:443?security=tls&type=tcp&sni=nl2.example.net' +
        '&fp=firefox&alpn=h2%2Chttp%2F1.1&allowInsecure=0#%D0%9D%D0%B8%D0%B4%D0%B5%D1%80%D0%BB%D0%B0%D0%BD%D0%B4%D1%8B%20trojan',
    )
  })

  it('throws missing_credentials for an empty password', () => {
    expect(() => buildTrojanUri({ ...link, password: '' })).toThrow(/missing_credentials/)
  })
})

describe('parseTrojanUri', () => {
  it.each<[string, TrojanLink]>([
    ['TLS over TCP with a password full of reserved characters', link],
    [
      'websocket with path and Host header on an IPv6 server',
      { password: 'secret', host: '2a01:4f8::2', port: 8443, security: 'tls', type: 'ws', path: '/tr', hostHeader: 'cdn.example.com', allowInsecure: true },
    ],
  ])('round-trips exactly: %s', (_label, value) => {
    expect(parseTrojanUri(buildTrojanUri(value))).toEqual({ ok: true, value })
  })

  it('assumes TLS over TCP when the link has no parameters', () => {
    expect(parseTrojanUri('trojan://pw@1.1.1.1:443')).toEqual({
      ok: true,
      value: { password: 'pw', host: '1.1.1.1', port: 443, security: 'tls', type: 'tcp' },
    })
  })

  it.each([
    ['no password', 'trojan://example.com:443', 'missing_credentials'],
    ['an empty password', 'trojan://@example.com:443', 'missing_credentials'],
    ['a bad port', 'trojan://pw@example.com:99999', 'invalid_port'],
    ['an invalid allowInsecure value', 'trojan://pw@example.com:443?allowInsecure=maybe', 'malformed_uri'],
    ['an IPv4-looking host out of range', 'trojan://pw@300.1.1.1:443', 'invalid_host'],
    ['the wrong scheme', 'vless://pw@example.com:443', 'unknown_scheme'],
  ])('rejects %s', (_label, input, error) => {
    expect(parseTrojanUri(input)).toEqual({ ok: false, error })
  })
})
