// hysteria2:// links as Hysteria 2's URI scheme defines them: read, refused when they cannot connect, written back.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { KeyFormatError, buildHysteria2Uri, isHysteria2Link, parseHysteria2Uri } from '@/lib/keys'
import type { Hysteria2Link } from '@/lib/keys'

const PIN = 'ba:88:45:17:a1:23:45:67:89:ab:cd:ef:01:23:45:67:89:ab:cd:ef:01:23:45:67:89:ab:cd:ef:01:23:45:67'

describe('hysteria2:// links', () => {
  it('reads the scheme’s examples: both scheme names, the default port, a hopping list, IPv6, Salamander, a pinned certificate', () => {
    expect(parseHysteria2Uri('hysteria2://letmein@example.com/?insecure=1&obfs=salamander&obfs-password=gawrgura&pinSHA256=' + PIN + '&sni=real.example.com#DE%20Hy2')).toEqual({
      ok: true,
      value: { auth: 'letmein', host: 'example.com', port: 443, insecure: true, obfsPassword: 'gawrgura', pinSHA256: PIN, sni: 'real.example.com', name: 'DE Hy2' },
    })
    expect(parseHysteria2Uri('hy2://user:p%40ss@198.51.100.7:8443')).toEqual({ ok: true, value: { auth: 'user:p@ss', host: '198.51.100.7', port: 8443 } })
    expect(parseHysteria2Uri('hysteria2://k@hop.example.net:443,20000-50000/?sni=hop.example.net')).toEqual({
      ok: true,
      value: { auth: 'k', host: 'hop.example.net', port: 443, ports: '443,20000-50000', sni: 'hop.example.net' },
    })
    expect(parseHysteria2Uri('hysteria2://k@[2001:db8::1]:4433/')).toEqual({ ok: true, value: { auth: 'k', host: '2001:db8::1', port: 4433 } })
    expect(isHysteria2Link('HY2://k@a.example')).toBe(true)
    expect(isHysteria2Link('vless://k@a.example:443')).toBe(false)
  })

  it('refuses what cannot connect, saying why', () => {
    expect(parseHysteria2Uri('hysteria2://example.com:443')).toEqual({ ok: false, error: 'missing_credentials' })
    expect(parseHysteria2Uri('hysteria2://k@example.com:70000')).toEqual({ ok: false, error: 'invalid_port' })
    expect(parseHysteria2Uri('hysteria2://k@example.com:50000-20000')).toEqual({ ok: false, error: 'invalid_port' })
    expect(parseHysteria2Uri('hysteria2://k@example.com:443/?obfs=other&obfs-password=x')).toEqual({ ok: false, error: 'unsupported_security' })
    expect(parseHysteria2Uri('hysteria2://k@example.com:443/?obfs=salamander')).toEqual({ ok: false, error: 'missing_credentials' })
    expect(parseHysteria2Uri('hysteria2://k@example.com:443/?insecure=maybe')).toEqual({ ok: false, error: 'malformed_uri' })
    expect(parseHysteria2Uri('hysteria2://k@example.com:443/?pinSHA256=abc')).toEqual({ ok: false, error: 'invalid_key' })
    expect(parseHysteria2Uri('hysteria2://k@999.1.1.1:443')).toEqual({ ok: false, error: 'invalid_host' })
    expect(parseHysteria2Uri('vless://k@example.com:443')).toEqual({ ok: false, error: 'unknown_scheme' })
  })

  it('writes a link that reads back the same, for any valid link (property)', () => {
    const link = fc.record(
      {
        auth: fc.string({ minLength: 1, maxLength: 40 }),
        host: fc.constantFrom('example.com', 'de1.vpn.example', '198.51.100.7', '2001:db8::1'),
        port: fc.integer({ min: 1, max: 65535 }),
        hop: fc.boolean(),
        sni: fc.option(fc.constantFrom('real.example.com', 'cdn.example.net'), { nil: undefined }),
        insecure: fc.option(fc.boolean(), { nil: undefined }),
        obfsPassword: fc.option(fc.string({ minLength: 1, maxLength: 30 }), { nil: undefined }),
        name: fc.option(fc.string({ minLength: 1, maxLength: 30 }).filter((name) => name.trim() === name), { nil: undefined }),
      },
      { requiredKeys: ['auth', 'host', 'port', 'hop'] },
    )
    fc.assert(
      fc.property(link, ({ hop, ...fields }) => {
        const value: Hysteria2Link = Object.fromEntries(Object.entries(fields).filter(([, field]) => field !== undefined)) as unknown as Hysteria2Link
        if (hop && value.port < 60000) value.ports = `${value.port},${value.port + 10}-${value.port + 5000}`
        const parsed = parseHysteria2Uri(buildHysteria2Uri(value))
        expect(parsed).toEqual({ ok: true, value })
      }),
    )
    expect(() => buildHysteria2Uri({ auth: 'k', host: 'example.com', port: 443, ports: '8443,9000' })).toThrow(KeyFormatError)
  })

  it('never throws on any input, and what it accepts has a host and a port (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string().map((tail) => `hysteria2://${tail}`), fc.string().map((tail) => `hy2://k@${tail}`)), (input) => {
        const parsed = parseHysteria2Uri(input)
        if (parsed.ok) {
          expect(parsed.value.host.length).toBeGreaterThan(0)
          expect(parsed.value.port).toBeGreaterThanOrEqual(1)
        }
      }),
    )
  })
})
