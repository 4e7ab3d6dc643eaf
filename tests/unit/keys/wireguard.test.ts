// WireGuard: real X25519 keys (RFC 7748 vector), wg-quick config output and its parser.
import { Buffer } from 'node:buffer'

import { describe, expect, it } from 'vitest'

import {
  KeyFormatError,
  buildWireguardConfig,
  generatePresharedKey,
  generateWireguardKeyPair,
  isWireguardKey,
  parseWireguardConfig,
  wireguardPublicKey,
} from '@/lib/keys'

// RFC 7748 §6.1, Alice's key pair.
const RFC_PRIVATE = Buffer.from('77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a', 'hex').toString('base64')
const RFC_PUBLIC = Buffer.from('8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a', 'hex').toString('base64')
const PSK = '2hRZtF3My5chLaameyTFBoMABbbmj1fhTY7i45UVH6Q='

describe('WireGuard keys', () => {
  it('derives the RFC 7748 public key from its private key', () => {
    expect(wireguardPublicKey(RFC_PRIVATE)).toBe(RFC_PUBLIC)
  })

  it('generates a pair whose public key matches the one derived from the private key', () => {
    const pair = generateWireguardKeyPair()
    expect(wireguardPublicKey(pair.privateKey)).toBe(pair.publicKey)
    expect(pair.privateKey).not.toBe(pair.publicKey)
  })

  it('encodes keys as 44-character padded base64 of 32 bytes', () => {
    const pair = generateWireguardKeyPair()
    for (const key of [pair.privateKey, pair.publicKey, generatePresharedKey()]) {
      expect(key).toMatch(/^[A-Za-z0-9+/]{43}=$/)
      expect(Buffer.from(key, 'base64')).toHaveLength(32)
      expect(isWireguardKey(key)).toBe(true)
    }
  })

  it('produces different keys on every call', () => {
    expect(generateWireguardKeyPair().privateKey).not.toBe(generateWireguardKeyPair().privateKey)
    expect(generatePresharedKey()).not.toBe(generatePresharedKey())
  })

  it('refuses to derive from something that is not a WireGuard key', () => {
    expect(() => wireguardPublicKey('abc')).toThrow(KeyFormatError)
    expect(() => wireguardPublicKey(RFC_PRIVATE.replace('=', ''))).toThrow(/invalid_key/)
  })
})

describe('buildWireguardConfig', () => {
  it('writes a wg-quick client config with full-tunnel and keepalive defaults', () => {
    const text = buildWireguardConfig({
      privateKey: RFC_PRIVATE,
      addresses: ['10.8.0.2/32', 'fd00::2/128'],
      dns: ['1.1.1.1', '2606:4700:4700::1111'],
      mtu: 1420,
      peer: { publicKey: RFC_PUBLIC, presharedKey: PSK, endpointHost: 'de.example.com', endpointPort: 51820 },
    })
    expect(text).toBe(
      [
        '[Interface]',
        `PrivateKey = ${RFC_PRIVATE}`,
        'Address = 10.8.0.2/32, fd00::2/128',
        'DNS = 1.1.1.1, 2606:4700:4700::1111',
        'MTU = 1420',
        '',
        '[Peer]',
        `PublicKey = ${RFC_PUBLIC}`,
        `PresharedKey = ${PSK}`,
        'AllowedIPs = 0.0.0.0/0, ::/0',
        'Endpoint = de.example.com:51820',
        'PersistentKeepalive = 25',
        '',
      ].join('\n'),
    )
  })

  it('brackets an IPv6 endpoint and omits keepalive when set to 0', () => {
    const text = buildWireguardConfig({
      privateKey: RFC_PRIVATE,
      addresses: ['10.0.0.2/32'],
      peer: { publicKey: RFC_PUBLIC, endpointHost: '2001:db8::1', endpointPort: 51820, persistentKeepalive: 0 },
    })
    expect(text).toContain('Endpoint = [2001:db8::1]:51820\n')
    expect(text).not.toContain('PersistentKeepalive')
    expect(text).not.toContain('DNS')
  })

  it('throws invalid_key for a malformed peer key', () => {
    expect(() =>
      buildWireguardConfig({ privateKey: RFC_PRIVATE, addresses: ['10.0.0.2/32'], peer: { publicKey: 'nope', endpointHost: 'a.example', endpointPort: 1 } }),
    ).toThrow(/invalid_key/)
  })
})

describe('parseWireguardConfig', () => {
  it('round-trips a built config, filling in the defaults', () => {
    const text = buildWireguardConfig({
      privateKey: RFC_PRIVATE,
      addresses: ['10.8.0.2/32'],
      dns: ['9.9.9.9'],
      peer: { publicKey: RFC_PUBLIC, presharedKey: PSK, endpointHost: '2001:db8::1', endpointPort: 443 },
    })
    expect(parseWireguardConfig(text)).toEqual({
      ok: true,
      value: {
        privateKey: RFC_PRIVATE,
        addresses: ['10.8.0.2/32'],
        dns: ['9.9.9.9'],
        peer: {
          publicKey: RFC_PUBLIC,
          presharedKey: PSK,
          allowedIps: ['0.0.0.0/0', '::/0'],
          endpointHost: '2001:db8::1',
          endpointPort: 443,
          persistentKeepalive: 25,
        },
      },
    })
  })

  it('reads hand-written configs: comments, CRLF, lower-case keys, repeated lines', () => {
    const text = [
      '# exported by some panel',
      '[interface]',
      `privatekey=${RFC_PRIVATE}   # secret`,
      'Address = 10.1.0.2/24',
      'Address = fd01::2/64',
      'PostUp = echo up',
      '',
      '[Peer]',
      `PublicKey = ${RFC_PUBLIC}`,
      'AllowedIPs = 10.1.0.0/24',
      'Endpoint = 198.51.100.4:51820',
    ].join('\r\n')
    expect(parseWireguardConfig(text)).toEqual({
      ok: true,
      value: {
        privateKey: RFC_PRIVATE,
        addresses: ['10.1.0.2/24', 'fd01::2/64'],
        dns: [],
        peer: { publicKey: RFC_PUBLIC, allowedIps: ['10.1.0.0/24'], endpointHost: '198.51.100.4', endpointPort: 51820 },
      },
    })
  })

  it.each([
    ['text that is not a config', 'hello', 'invalid_config'],
    ['a config without [Peer]', `[Interface]\nPrivateKey = ${RFC_PRIVATE}\nAddress = 10.0.0.2/32\n`, 'invalid_config'],
    ['a peer without Endpoint', `[Interface]\nPrivateKey = ${RFC_PRIVATE}\nAddress = 10.0.0.2/32\n[Peer]\nPublicKey = ${RFC_PUBLIC}\n`, 'missing_field'],
    ['a truncated private key', `[Interface]\nPrivateKey = ${RFC_PRIVATE.slice(0, 40)}\nAddress = 10.0.0.2/32\n[Peer]\nPublicKey = ${RFC_PUBLIC}\nEndpoint = a.example:1\n`, 'invalid_key'],
    ['an endpoint with a bad port', `[Interface]\nPrivateKey = ${RFC_PRIVATE}\nAddress = 10.0.0.2/32\n[Peer]\nPublicKey = ${RFC_PUBLIC}\nEndpoint = a.example:0\n`, 'invalid_port'],
  ])('rejects %s', (_label, text, error) => {
    expect(parseWireguardConfig(text)).toEqual({ ok: false, error })
  })
})
