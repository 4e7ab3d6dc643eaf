// OpenVPN client profiles: UDP/TCP variants, AES-256 cipher lines, inline blocks and parsing them back.
import { describe, expect, it } from 'vitest'

import { buildOpenVpnProfile, parseOpenVpnProfile } from '@/lib/keys'
import type { OpenVpnProfileInput } from '@/lib/keys'

const pem = (label: string) => `-----BEGIN ${label}-----\nMIIBfake\n-----END ${label}-----\n`

const base: OpenVpnProfileInput = {
  host: 'fi.example.com',
  transport: 'udp',
  ca: pem('CERTIFICATE'),
  cert: pem('CERTIFICATE'),
  key: pem('PRIVATE KEY'),
  tlsCrypt: pem('OpenVPN Static key V1'),
}

const lines = (text: string) => text.split('\n')

describe('buildOpenVpnProfile', () => {
  it('UDP variant uses "proto udp", port 1194 by default and announces exit', () => {
    const profile = lines(buildOpenVpnProfile(base))
    expect(profile).toContain('proto udp')
    expect(profile).toContain('remote fi.example.com 1194')
    expect(profile).toContain('explicit-exit-notify')
    expect(profile).not.toContain('proto tcp-client')
  })

  it('TCP variant uses "proto tcp-client" and no exit notification', () => {
    const profile = lines(buildOpenVpnProfile({ ...base, transport: 'tcp', port: 443 }))
    expect(profile).toContain('proto tcp-client')
    expect(profile).toContain('remote fi.example.com 443')
    expect(profile).not.toContain('proto udp')
    expect(profile).not.toContain('explicit-exit-notify')
  })

  it('negotiates AES-256-GCM with an AES-256-CBC fallback and SHA256 auth', () => {
    const profile = lines(buildOpenVpnProfile(base))
    expect(profile).toContain('data-ciphers AES-256-GCM:AES-256-CBC')
    expect(profile).toContain('data-ciphers-fallback AES-256-CBC')
    expect(profile).toContain('auth SHA256')
    for (const directive of ['client', 'dev tun', 'nobind', 'persist-key', 'persist-tun', 'remote-cert-tls server', 'verb 3']) {
      expect(profile).toContain(directive)
    }
  })

  it('inlines the PEM blocks in ca, cert, key, tls-crypt order', () => {
    const text = buildOpenVpnProfile(base)
    const order = ['<ca>', '</ca>', '<cert>', '</cert>', '<key>', '</key>', '<tls-crypt>', '</tls-crypt>'].map((tag) => text.indexOf(`${tag}\n`))
    expect(order.every((index) => index >= 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
    expect(text).toContain('<key>\n-----BEGIN PRIVATE KEY-----\nMIIBfake\n-----END PRIVATE KEY-----\n</key>')
  })

  it('adds auth-user-pass only when the server asks for a login', () => {
    expect(lines(buildOpenVpnProfile(base))).not.toContain('auth-user-pass')
    expect(lines(buildOpenVpnProfile({ ...base, authUserPass: true }))).toContain('auth-user-pass')
  })

  it('refuses a profile with neither a client certificate nor a login', () => {
    const { cert: _c, key: _k, ...caOnly } = base
    expect(() => buildOpenVpnProfile(caOnly)).toThrow(/missing_credentials/)
    expect(buildOpenVpnProfile({ ...caOnly, authUserPass: true })).not.toContain('<cert>')
  })

  it('refuses a block that is not PEM', () => {
    expect(() => buildOpenVpnProfile({ ...base, ca: 'hello' })).toThrow(/invalid_config/)
  })
})

describe('parseOpenVpnProfile', () => {
  it.each<[string, OpenVpnProfileInput]>([
    ['UDP with every block', base],
    ['TCP on 443 with login and no tls-crypt', { host: '203.0.113.9', port: 443, transport: 'tcp', ca: pem('CERTIFICATE'), authUserPass: true }],
    ['an IPv6 server', { ...base, host: '2001:db8::9', port: 1195 }],
  ])('reads back what was built: %s', (_label, input) => {
    expect(parseOpenVpnProfile(buildOpenVpnProfile(input))).toEqual({
      ok: true,
      value: {
        host: input.host,
        port: input.port ?? 1194,
        transport: input.transport,
        authUserPass: input.authUserPass ?? false,
        hasCa: true,
        hasCert: input.cert !== undefined,
        hasKey: input.key !== undefined,
        hasTlsCrypt: input.tlsCrypt !== undefined,
      },
    })
  })

  it('lets a proto on the remote line override the global proto', () => {
    const parsed = parseOpenVpnProfile('client\nproto udp\nremote vpn.example.com 443 tcp\n')
    expect(parsed.ok && parsed.value.transport).toBe('tcp')
  })

  it.each([
    ['a profile without remote', 'client\ndev tun\n', 'missing_field'],
    ['an unclosed inline block', 'remote a.example 1194\n<ca>\n-----BEGIN CERTIFICATE-----\n', 'invalid_config'],
    ['a bad port', 'remote a.example 0\n', 'invalid_port'],
    ['an unknown proto', 'remote a.example 1194\nproto sctp\n', 'unsupported_transport'],
  ])('rejects %s', (_label, text, error) => {
    expect(parseOpenVpnProfile(text)).toEqual({ ok: false, error })
  })
})
