// Which keys a client can check, and the exit country a trace page names.
import { describe, expect, it } from 'vitest'

import { checkableProxy, exitCountryOf } from '@/lib/liveness/connect'

const V2RAY = { command: 'v2ray', kind: 'v2ray' } as const
const XRAY = { command: 'xray', kind: 'xray' } as const
const UUID = '11111111-2222-4333-8444-555555555555'

describe('checkableProxy', () => {
  it.each([
    ['vless over TCP + TLS', `vless://${UUID}@198.51.100.1:443?encryption=none&security=tls&sni=a.example&type=tcp#a`, true, true],
    ['vless over WebSocket', `vless://${UUID}@198.51.100.1:443?encryption=none&security=tls&sni=a.example&type=ws&path=%2Fw#a`, true, true],
    ['vless over gRPC', `vless://${UUID}@198.51.100.1:443?encryption=none&security=tls&sni=a.example&type=grpc&serviceName=g#a`, false, true],
    ['vless with Vision', `vless://${UUID}@198.51.100.1:443?encryption=none&security=tls&sni=a.example&type=tcp&flow=xtls-rprx-vision#a`, false, true],
    // XHTTP: Xray checks it through a real connection; Debian's V2Ray has no XHTTP, so only the port is checked.
    ['vless over XHTTP', `vless://${UUID}@198.51.100.1:443?encryption=none&security=tls&sni=a.example&type=xhttp&path=%2Fx&mode=auto#a`, false, true],
    ['vless over XHTTP with an unknown mode', `vless://${UUID}@198.51.100.1:443?encryption=none&security=tls&type=xhttp&mode=turbo#a`, false, false],
    ['trojan', 'trojan://secret@198.51.100.1:443?security=tls&sni=a.example&type=tcp#t', true, true],
    // Hysteria 2 (QUIC): neither client here is given it (the site's Xray JSON leaves it out): no connection check.
    ['hysteria2', 'hysteria2://secret@198.51.100.1:443/?sni=a.example#h', false, false],
    ['shadowsocks', 'ss://Y2hhY2hhMjAtaWV0Zi1wb2x5MTMwNTpzZWNyZXQ@198.51.100.1:8388#s', true, true],
  ])('%s: V2Ray %s, Xray %s', (_name, link, byV2ray, byXray) => {
    expect(checkableProxy(V2RAY, link) !== null).toBe(byV2ray)
    expect(checkableProxy(XRAY, link) !== null).toBe(byXray)
  })

  it('never a file key or a made-up line', () => {
    expect(checkableProxy(XRAY, '[Interface]\nPrivateKey = x')).toBeNull()
    expect(checkableProxy(XRAY, 'garbage')).toBeNull()
  })
})

describe('exitCountryOf', () => {
  it('reads the loc line of a Cloudflare trace, and nothing else', () => {
    expect(exitCountryOf('fl=12\nip=203.0.113.9\nloc=DE\ntls=off\n')).toBe('de')
    expect(exitCountryOf('')).toBeNull()
    expect(exitCountryOf('location=Germany')).toBeNull()
  })
})
