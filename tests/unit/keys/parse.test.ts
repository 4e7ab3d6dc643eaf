// parseShareLink: scheme detection for bulk import, with the error code each rejected line reports.
import { describe, expect, it } from 'vitest'

import { buildShadowsocksUri, buildTrojanUri, buildVlessUri, parseShareLink } from '@/lib/keys'

const UUID = 'b831381d-6324-4d53-ad4f-8cda48b30811'

describe('parseShareLink', () => {
  it('detects a VLESS link and trims surrounding whitespace', () => {
    const uri = buildVlessUri({ uuid: UUID, host: 'de.example.com', port: 443, type: 'tcp', security: 'tls', encryption: 'none', name: 'DE 1' })
    const result = parseShareLink(`\t ${uri} \r\n`)
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.value).toMatchObject({ protocol: 'vless', host: 'de.example.com', port: 443, name: 'DE 1', uri })
    expect(result.value.params).toMatchObject({ uuid: UUID, security: 'tls' })
  })

  it('maps ss:// to the outline protocol', () => {
    const uri = buildShadowsocksUri({ method: 'chacha20-ietf-poly1305', password: 'pass', host: '1.2.3.4', port: 12345, outline: true })
    const result = parseShareLink(uri)
    expect(result).toEqual({
      ok: true,
      value: {
        protocol: 'outline',
        host: '1.2.3.4',
        port: 12345,
        uri,
        params: { method: 'chacha20-ietf-poly1305', password: 'pass', host: '1.2.3.4', port: 12345, outline: true },
      },
    })
  })

  it('detects a trojan link on an IPv6 host', () => {
    const uri = buildTrojanUri({ password: 'pw', host: '2001:db8::7', port: 443, security: 'tls', type: 'tcp' })
    const result = parseShareLink(uri)
    expect(result.ok && { protocol: result.value.protocol, host: result.value.host, port: result.value.port }).toEqual({
      protocol: 'trojan',
      host: '2001:db8::7',
      port: 443,
    })
  })

  it('accepts an upper-case scheme and a UTF-8 BOM from a Windows text file', () => {
    const result = parseShareLink(`\uFEFFVLESS://${UUID}@a.example:443`)
    expect(result.ok && result.value.protocol).toBe('vless')
  })

  it.each([
    ['an empty line', '   ', 'empty_input'],
    ['garbage', 'just some words', 'malformed_uri'],
    ['an unsupported scheme', 'vmess://eyJhZGQiOiIxLjIuMy40In0=', 'unknown_scheme'],
    ['a web address', 'https://example.com/key', 'unknown_scheme'],
    ['a VLESS link without a user id', 'vless://a.example:443', 'invalid_uuid'],
    ['a trojan link with a bad port', 'trojan://pw@a.example:port', 'invalid_port'],
    ['an ss link with an unknown cipher', 'ss://bf-cfb:pw@a.example:8388', 'unsupported_method'],
  ])('rejects %s', (_label, line, error) => {
    expect(parseShareLink(line)).toEqual({ ok: false, error })
  })
})
