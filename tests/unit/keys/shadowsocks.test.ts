// ss:// links: SIP002 base64url userinfo, SIP022 plain 2022 keys, Outline's flag and legacy forms.
import { Buffer } from 'node:buffer'

import { describe, expect, it } from 'vitest'

import { buildShadowsocksUri, parseShadowsocksUri } from '@/lib/keys'
import type { ShadowsocksLink } from '@/lib/keys'

const KEY_32 = '2hRZtF3My5chLaameyTFBoMABbbmj1fhTY7i45UVH6Q='
const KEY_16 = 'chDA1JKA26gLlH2atM/KCw=='

describe('buildShadowsocksUri', () => {
  it('builds an Outline access key exactly as the Outline server prints it', () => {
    const uri = buildShadowsocksUri({ method: 'chacha20-ietf-poly1305', password: 'pass', host: '1.2.3.4', port: 12345, outline: true })
    expect(uri).toBe('ss://Y2hhY2hhMjAtaWV0Zi1wb2x5MTMwNTpwYXNz@1.2.3.4:12345/?outline=1')
  })

  it('uses unpadded base64url userinfo for classic AEAD ciphers', () => {
    const uri = buildShadowsocksUri({ method: 'aes-256-gcm', password: 'test/pass+word', host: 'example.com', port: 8388 })
    expect(uri).toBe('ss://YWVzLTI1Ni1nY206dGVzdC9wYXNzK3dvcmQ@example.com:8388')
  })

  it('writes 2022-blake3 credentials as percent-encoded plain text (SIP022)', () => {
    const uri = buildShadowsocksUri({ method: '2022-blake3-aes-256-gcm', password: KEY_32, host: 'example.com', port: 443, name: 'a b' })
    expect(uri).toBe('ss://2022-blake3-aes-256-gcm:2hRZtF3My5chLaameyTFBoMABbbmj1fhTY7i45UVH6Q%3D@example.com:443#a%20b')
  })

  it('percent-encodes the plugin option string after "/?"', () => {
    const uri = buildShadowsocksUri({ method: 'aes-128-gcm', password: 'x', host: 'h.example', port: 80, plugin: 'obfs-local;obfs=http;obfs-host=example.com' })
    expect(uri).toBe('ss://YWVzLTEyOC1nY206eA@h.example:80/?plugin=obfs-local%3Bobfs%3Dhttp%3Bobfs-host%3Dexample.com')
  })

  it('throws invalid_password when a 2022 key has the wrong length for the cipher', () => {
    expect(() => buildShadowsocksUri({ method: '2022-blake3-aes-128-gcm', password: KEY_32, host: 'a.example', port: 1 })).toThrow(/invalid_password/)
  })
})

describe('parseShadowsocksUri round-trip', () => {
  it.each<[string, ShadowsocksLink]>([
    ['Outline key with a Cyrillic name', { method: 'chacha20-ietf-poly1305', password: 'Zx9-kQ', host: '1.2.3.4', port: 12345, outline: true, name: 'Москва 1' }],
    ['aes-256-gcm with a password whose standard base64 contains "+"', { method: 'aes-256-gcm', password: '??>>~~ pass', host: 'ss.example.com', port: 8388 }],
    ['2022 AES-128 key', { method: '2022-blake3-aes-128-gcm', password: KEY_16, host: 'example.com', port: 443 }],
    ['2022 multi-user server:user keys', { method: '2022-blake3-aes-256-gcm', password: `${KEY_32}:${KEY_32}`, host: 'example.com', port: 443 }],
    ['2022 chacha on IPv6 with plugin and outline flag', {
      method: '2022-blake3-chacha20-poly1305',
      password: KEY_32,
      host: '2001:db8::5',
      port: 8443,
      plugin: 'v2ray-plugin;tls;host=example.com',
      outline: true,
      name: 'v6 / тест',
    }],
  ])('parse(build(x)) equals x: %s', (_label, link) => {
    expect(parseShadowsocksUri(buildShadowsocksUri(link))).toEqual({ ok: true, value: link })
  })
})

describe('parseShadowsocksUri accepts real-world variants', () => {
  const expected = { method: 'aes-256-gcm', password: 'test/pass+word', host: 'example.com', port: 8388 }

  it('standard base64 userinfo with padding', () => {
    expect(parseShadowsocksUri('ss://YWVzLTI1Ni1nY206dGVzdC9wYXNzK3dvcmQ=@example.com:8388')).toEqual({ ok: true, value: expected })
  })

  it('standard base64 userinfo with percent-encoded padding', () => {
    expect(parseShadowsocksUri('ss://YWVzLTI1Ni1nY206dGVzdC9wYXNzK3dvcmQ%3D@example.com:8388')).toEqual({ ok: true, value: expected })
  })

  it('the legacy form with everything in base64 and a tag', () => {
    expect(parseShadowsocksUri('ss://YWVzLTEyOC1nY206c2VjcmV0QDEuMi4zLjQ6ODM4OA==#old%20style')).toEqual({
      ok: true,
      value: { method: 'aes-128-gcm', password: 'secret', host: '1.2.3.4', port: 8388, name: 'old style' },
    })
  })

  it('the legacy form without padding', () => {
    const parsed = parseShadowsocksUri('ss://YWVzLTEyOC1nY206c2VjcmV0QDEuMi4zLjQ6ODM4OA')
    expect(parsed.ok && parsed.value.port).toBe(8388)
  })

  it('the outline flag without a slash before "?"', () => {
    const parsed = parseShadowsocksUri('ss://Y2hhY2hhMjAtaWV0Zi1wb2x5MTMwNTpwYXNz@1.2.3.4:12345?outline=1')
    expect(parsed).toEqual({ ok: true, value: { method: 'chacha20-ietf-poly1305', password: 'pass', host: '1.2.3.4', port: 12345, outline: true } })
  })

  it('an upper-case method name, normalised to lower case', () => {
    const parsed = parseShadowsocksUri('ss://AES-256-GCM:pw@example.com:8388')
    expect(parsed.ok && parsed.value.method).toBe('aes-256-gcm')
  })
})

describe('parseShadowsocksUri rejects', () => {
  it.each([
    ['a stream cipher the servers no longer support', `ss://${Buffer.from('rc4-md5:pw').toString('base64url')}@example.com:8388`, 'unsupported_method'],
    ['userinfo without a password', `ss://${Buffer.from('aes-256-gcm').toString('base64url')}@example.com:8388`, 'missing_credentials'],
    ['an empty password', `ss://${Buffer.from('aes-256-gcm:').toString('base64url')}@example.com:8388`, 'missing_credentials'],
    ['a 2022 key that is not base64 of 32 bytes', 'ss://2022-blake3-aes-256-gcm:short@example.com:443', 'invalid_password'],
    ['a legacy body that is not base64', 'ss://not*base64#x', 'malformed_uri'],
    ['a missing port', 'ss://Y2hhY2hhMjAtaWV0Zi1wb2x5MTMwNTpwYXNz@1.2.3.4', 'missing_port'],
    ['a port out of range', 'ss://Y2hhY2hhMjAtaWV0Zi1wb2x5MTMwNTpwYXNz@1.2.3.4:65536', 'invalid_port'],
    ['a path after the port', 'ss://Y2hhY2hhMjAtaWV0Zi1wb2x5MTMwNTpwYXNz@1.2.3.4:443/extra', 'malformed_uri'],
  ])('%s', (_label, input, error) => {
    expect(parseShadowsocksUri(input)).toEqual({ ok: false, error })
  })
})
