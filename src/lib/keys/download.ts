// File name and MIME type for downloading a key, chosen so phones and desktops hand the file to the right app.
import type { Protocol } from './types'

export interface KeyDownloadFile {
  filename: string
  contentType: string
}

/**
 * - Share links (.txt, text/plain): the file is only a carrier for the link the user pastes into a client.
 * - WireGuard: `application/x-wireguard-profile`, the de facto type (eduVPN/Let's Connect API and many
 *   panels); an x- type keeps browsers from rendering the private key inline, and the WireGuard apps
 *   import by the .conf extension anyway.
 * - OpenVPN: `application/x-openvpn-profile`, which OpenVPN Connect registers for .ovpn.
 * - SSTP .pbk: octet-stream, so Windows browsers save it as is instead of showing text or appending .txt;
 *   rasphone opens it by extension.
 */
const FILE_KINDS: Record<Protocol, { extension: string; contentType: string }> = {
  vless: { extension: 'txt', contentType: 'text/plain; charset=utf-8' },
  outline: { extension: 'txt', contentType: 'text/plain; charset=utf-8' },
  trojan: { extension: 'txt', contentType: 'text/plain; charset=utf-8' },
  wireguard: { extension: 'conf', contentType: 'application/x-wireguard-profile' },
  openvpn: { extension: 'ovpn', contentType: 'application/x-openvpn-profile' },
  sstp: { extension: 'pbk', contentType: 'application/octet-stream' },
  hysteria2: { extension: 'txt', contentType: 'text/plain; charset=utf-8' },
}

// wireguard-android and wg-quick use the file name as the interface name and refuse to import
// anything outside [a-zA-Z0-9_=+.-]{1,15}, so "vpn-de-wireguard-42" would fail on every Android phone.
const WIREGUARD_NAME_MAX = 15

/**
 * ASCII-only names, so Content-Disposition needs no RFC 5987 encoding:
 * `vpn-de-openvpn-42.ovpn`, `vpn-nl-vless-42.txt`, and for WireGuard the short `wg-de-42.conf`.
 */
export function keyDownloadFile(input: { protocol: Protocol; countryCode?: string | null; id: string | number }): KeyDownloadFile {
  const kind = FILE_KINDS[input.protocol]
  const country = (input.countryCode ?? '').toLowerCase().replace(/[^a-z]/g, '').slice(0, 3)
  const id = String(input.id).replace(/[^A-Za-z0-9_]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 64)
  if (input.protocol === 'wireguard') {
    const stem = ['wg', country, id].filter(Boolean).join('-').slice(0, WIREGUARD_NAME_MAX).replace(/-+$/, '')
    return { filename: `${stem}.${kind.extension}`, contentType: kind.contentType }
  }
  const stem = ['vpn', country, input.protocol, id].filter(Boolean).join('-')
  return { filename: `${stem}.${kind.extension}`, contentType: kind.contentType }
}

/** Header value forcing a download; safe to build by hand because keyDownloadFile names are plain ASCII. */
export function attachmentDisposition(filename: string): string {
  return `attachment; filename="${filename.replace(/["\\\r\n]/g, '_')}"`
}
