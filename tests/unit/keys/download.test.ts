// Download names and MIME types: ASCII-safe, per-protocol extensions, WireGuard's 15-character limit.
import { describe, expect, it } from 'vitest'

import { attachmentDisposition, keyDownloadFile } from '@/lib/keys'

describe('keyDownloadFile', () => {
  it.each([
    ['vless', { filename: 'vpn-de-vless-42.txt', contentType: 'text/plain; charset=utf-8' }],
    ['outline', { filename: 'vpn-de-outline-42.txt', contentType: 'text/plain; charset=utf-8' }],
    ['trojan', { filename: 'vpn-de-trojan-42.txt', contentType: 'text/plain; charset=utf-8' }],
    ['openvpn', { filename: 'vpn-de-openvpn-42.ovpn', contentType: 'application/x-openvpn-profile' }],
    ['sstp', { filename: 'vpn-de-sstp-42.pbk', contentType: 'application/octet-stream' }],
    ['wireguard', { filename: 'wg-de-42.conf', contentType: 'application/x-wireguard-profile' }],
  ] as const)('%s', (protocol, expected) => {
    expect(keyDownloadFile({ protocol, countryCode: 'DE', id: 42 })).toEqual(expected)
  })

  it('keeps WireGuard names within the 15-character tunnel-name limit of the WireGuard apps', () => {
    const { filename } = keyDownloadFile({ protocol: 'wireguard', countryCode: 'nl', id: '65f1c0a2b9e4d3f7a1b2c3d4' })
    expect(filename).toBe('wg-nl-65f1c0a2b.conf')
    expect(filename.replace(/\.conf$/, '')).toMatch(/^[a-zA-Z0-9_=+.-]{1,15}$/)
  })

  it('sanitises hostile or non-ASCII input into a plain ASCII name', () => {
    expect(keyDownloadFile({ protocol: 'openvpn', countryCode: 'Рф/../', id: '../../etc/passwd"; x' }).filename).toBe(
      'vpn-openvpn-etc-passwd-x.ovpn',
    )
  })

  it('drops an empty country code instead of leaving a double dash', () => {
    expect(keyDownloadFile({ protocol: 'vless', countryCode: null, id: 'abc' }).filename).toBe('vpn-vless-abc.txt')
  })
})

describe('attachmentDisposition', () => {
  it('quotes the file name for Content-Disposition', () => {
    expect(attachmentDisposition('wg-de-42.conf')).toBe('attachment; filename="wg-de-42.conf"')
  })
})
