// VLESS share links: exact round-trips (REALITY, ws, IPv6, non-ASCII names) and rejected inputs.
import { describe, expect, it } from 'vitest'

import { KeyFormatError, buildVlessUri, parseVlessUri } from '@/lib/keys'
import type { VlessLink } from '@/lib/keys'

const UUID = 'b831381d-6324-4d53-ad4f-8cda48b30811'
const REALITY_PBK = 'hSDwCYkwp1R0i33ctD73Wg2_Og0mOBr066SpjqqbTmo'

const reality: VlessLink = {
  uuid: UUID,
  host: 'de1.example.com',
  port: 443,
  type: 'tcp',
  encryption: 'none',
  security: 'reality',
  flow: 'xtls-rprx-vision',
  sni: 'www.microsoft.com',
  fingerprint: 'chrome',
  publicKey: REALITY_PBK,
  shortId: '6ba85179e30d4fc2',
  spiderX: '/',
  name: 'Германия · VLESS',
}

describe('buildVlessUri', () => {
  it('writes a REALITY link in the standard parameter names and order', () => {
    expect(buildVlessUri(reality)).toBe(
      `vless://${UUID}@de1.example.com:443?type=tcp&encryption=none&security=reality&flow=xtls-rprx-vision` +
        `&sni=www.microsoft.com&fp=chrome&pbk=${REALITY_PBK}&sid=6ba85179e30d4fc2&spx=%2F` +
        '#%D0%93%D0%B5%D1%80%D0%BC%D0%B0%D0%BD%D0%B8%D1%8F%20%C2%B7%20VLESS',
    )
  })

  it('brackets an IPv6 host', () => {
    const uri = buildVlessUri({ uuid: UUID, host: '2001:db8::1', port: 8443, type: 'tcp', security: 'none', encryption: 'none' })
    expect(uri).toBe(`vless://${UUID}@[2001:db8::1]:8443?type=tcp&encryption=none&security=none`)
  })

  it('throws invalid_uuid for a non-UUID user id', () => {
    expect(() => buildVlessUri({ ...reality, uuid: 'not-a-uuid' })).toThrow(KeyFormatError)
    expect(() => buildVlessUri({ ...reality, uuid: 'not-a-uuid' })).toThrow(/invalid_uuid/)
  })

  it('refuses a REALITY link without the server public key', () => {
    const { publicKey: _omit, ...withoutKey } = reality
    expect(() => buildVlessUri(withoutKey)).toThrow(/invalid_reality_params/)
  })
})

describe('parseVlessUri round-trip', () => {
  const cases: Array<[string, VlessLink]> = [
    ['REALITY with vision flow and a Cyrillic name', reality],
    [
      'websocket over TLS with path, Host header and a name with spaces',
      {
        uuid: UUID,
        host: 'cdn.example.org',
        port: 443,
        type: 'ws',
        encryption: 'none',
        security: 'tls',
        sni: 'cdn.example.org',
        alpn: 'h2,http/1.1',
        path: '/ws?ed=2048',
        hostHeader: 'cdn.example.org',
        allowInsecure: false,
        name: 'My Server #1 & co',
      },
    ],
    [
      'gRPC with serviceName and an unmodelled parameter kept in extra',
      {
        uuid: UUID,
        host: '203.0.113.7',
        port: 2053,
        type: 'grpc',
        encryption: 'none',
        security: 'tls',
        serviceName: 'grpc-svc',
        mode: 'gun',
        extra: { pqv: 'abc' },
      },
    ],
    ['IPv6 host without TLS', { uuid: UUID, host: '2001:db8::42', port: 80, type: 'tcp', encryption: 'none', security: 'none' }],
  ]

  it.each(cases)('parse(build(x)) equals x: %s', (_label, link) => {
    const parsed = parseVlessUri(buildVlessUri(link))
    expect(parsed).toEqual({ ok: true, value: link })
  })
})

describe('parseVlessUri', () => {
  it('defaults type to tcp, security and encryption to none when the link omits them', () => {
    const parsed = parseVlessUri(`  vless://${UUID}@1.2.3.4:443#n \n`)
    expect(parsed).toEqual({
      ok: true,
      value: { uuid: UUID, host: '1.2.3.4', port: 443, type: 'tcp', security: 'none', encryption: 'none', name: 'n' },
    })
  })

  it('accepts a "/" before the query as some panels write it', () => {
    const parsed = parseVlessUri(`vless://${UUID}@example.com:443/?type=ws&security=tls&path=%2F`)
    expect(parsed.ok && parsed.value.path).toBe('/')
  })

  it.each([
    ['a different scheme', `vmess://${UUID}@example.com:443`, 'unknown_scheme'],
    ['a missing user id', 'vless://example.com:443?type=tcp', 'invalid_uuid'],
    ['a malformed user id', 'vless://1234@example.com:443', 'invalid_uuid'],
    ['a port above 65535', `vless://${UUID}@example.com:70000`, 'invalid_port'],
    ['a non-numeric port', `vless://${UUID}@example.com:https`, 'invalid_port'],
    ['port 0', `vless://${UUID}@example.com:0`, 'invalid_port'],
    ['no port', `vless://${UUID}@example.com`, 'missing_port'],
    ['no host', `vless://${UUID}@:443`, 'missing_host'],
    ['an unbracketed IPv6 host', `vless://${UUID}@2001:db8::1:443`, 'invalid_host'],
    ['an unknown transport', `vless://${UUID}@example.com:443?type=carrier-pigeon`, 'unsupported_transport'],
    ['legacy xtls security', `vless://${UUID}@example.com:443?security=xtls`, 'unsupported_security'],
    ['REALITY without pbk', `vless://${UUID}@example.com:443?security=reality&sni=a.com`, 'invalid_reality_params'],
    ['REALITY with a non-hex short id', `vless://${UUID}@example.com:443?security=reality&pbk=${REALITY_PBK}&sid=xyz`, 'invalid_reality_params'],
    ['a broken percent escape in the query', `vless://${UUID}@example.com:443?path=%E0%A4%A`, 'malformed_uri'],
    ['garbage', 'hello world', 'malformed_uri'],
  ])('rejects %s', (_label, input, error) => {
    expect(parseVlessUri(input)).toEqual({ ok: false, error })
  })
})
