import { describe, expect, it } from 'vitest'

import { parseVlessUri } from '@/lib/keys'
import { withLinkName } from '@/lib/keys/uri'

describe('withLinkName', () => {
  it('names a vless, trojan, shadowsocks or Hysteria 2 link as the subscriber typed it, replacing the server’s name', () => {
    const vless = 'vless://0d6f2f4c-5a7e-4b8e-9f0a-1b2c3d4e5f60@nl.example.com:443?security=tls&type=tcp#NL%20vless%20demo'
    const named = withLinkName(vless, 'Мой телефон #2')
    expect(named).toBe('vless://0d6f2f4c-5a7e-4b8e-9f0a-1b2c3d4e5f60@nl.example.com:443?security=tls&type=tcp#%D0%9C%D0%BE%D0%B9%20%D1%82%D0%B5%D0%BB%D0%B5%D1%84%D0%BE%D0%BD%20%232')
    const parsed = parseVlessUri(named)
    expect(parsed.ok && parsed.value.name).toBe('Мой телефон #2')
    expect(withLinkName('trojan://secret@de.example.com:443', 'Laptop')).toBe('trojan://secret@de.example.com:443#Laptop')
    expect(withLinkName('ss://Y2hhY2hhMjAtaWV0Zi1wb2x5MTMwNTpwYXNz@fi.example.com:8388/?outline=1#FI', 'TV')).toBe('ss://Y2hhY2hhMjAtaWV0Zi1wb2x5MTMwNTpwYXNz@fi.example.com:8388/?outline=1#TV')
    expect(withLinkName('hysteria2://k3y@nl.example.com:8444/?sni=nl.example.com#NL%20hysteria2', 'Phone')).toBe('hysteria2://k3y@nl.example.com:8444/?sni=nl.example.com#Phone')
    expect(withLinkName('hy2://k3y@nl.example.com:8444', 'Phone')).toBe('hy2://k3y@nl.example.com:8444#Phone')
  })

  it('leaves what is not a share link alone (a WireGuard or OpenVPN key is a file)', () => {
    for (const text of ['[Interface]\nPrivateKey = x', 'sstp://vpn.example.com', '']) expect(withLinkName(text, 'Phone')).toBe(text)
  })
})
