// The key window's "Transport" line: what an app must speak to open a VLESS or Trojan key.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { keyTransport } from '@/lib/keys/transport'

const PBK = 'O5ZQ2vRk6rBQ0fS0V3fQm6c8R1y1gq3Zl0v8m2gQx1E'
const UUID = '6f1c2b3a-1c3e-4f6e-9d5e-1a2b3c4d5e6f'

describe('a key’s transport as apps name it', () => {
  it('names the transport, then REALITY or TLS, then Vision; says when only apps on Xray open it', () => {
    expect(keyTransport(`vless://${UUID}@de.example.net:443?encryption=none&flow=xtls-rprx-vision&security=reality&sni=www.microsoft.com&pbk=${PBK}&type=tcp#DE`)).toEqual({ label: 'TCP · REALITY · Vision', xhttp: false })
    expect(keyTransport(`vless://${UUID}@us.example.net:443?encryption=none&security=reality&sni=www.apple.com&pbk=${PBK}&type=xhttp&mode=auto#US`)).toEqual({ label: 'XHTTP · REALITY', xhttp: true })
    expect(keyTransport(`vless://${UUID}@us.example.net:443?encryption=none&security=tls&type=splithttp#US`)).toEqual({ label: 'XHTTP · TLS', xhttp: true })
    expect(keyTransport(`vless://${UUID}@nl.example.net:443?encryption=none&security=tls&type=ws&path=%2F#NL`)).toEqual({ label: 'WebSocket · TLS', xhttp: false })
    expect(keyTransport('trojan://s3cret@se.example.net:8443?security=tls&type=grpc&serviceName=t#SE')).toEqual({ label: 'gRPC · TLS', xhttp: false })
    expect(keyTransport(`vless://${UUID}@pl.example.net:80?encryption=none&security=none&type=tcp#PL`)).toEqual({ label: 'TCP', xhttp: false })
    expect(keyTransport('hysteria2://s3cret@fi.example.net:443/?sni=fi.example.net#FI')).toEqual({ label: 'QUIC · TLS', xhttp: false })
    expect(keyTransport('hy2://s3cret@fi.example.net:443/?obfs=salamander&obfs-password=x#FI')).toEqual({ label: 'QUIC · TLS · Salamander', xhttp: false })
  })

  it('is nothing for other keys and for anything that is not a share link', () => {
    expect(keyTransport(null)).toBeNull()
    expect(keyTransport('ss://Y2hhY2hhMjAtaWV0Zi1wb2x5MTMwNTpwYXNzd29yZDEyMw@198.51.100.5:8388#NL')).toBeNull()
    expect(keyTransport('[Interface]\nPrivateKey = x')).toBeNull()
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const transport = keyTransport(text)
        if (transport) expect(transport.label.length).toBeGreaterThan(0)
      }),
    )
  })
})
