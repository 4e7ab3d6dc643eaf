// Display names and capability flags that decide which UI a key gets (copy/QR, file download, parameters).
import type { Protocol } from './types'

/** Brand spellings, identical in Russian and English, so no translation is needed. */
export const PROTOCOL_LABELS: Record<Protocol, string> = {
  vless: 'VLESS',
  outline: 'Outline',
  trojan: 'Trojan',
  wireguard: 'WireGuard',
  openvpn: 'OpenVPN',
  sstp: 'SSTP',
  hysteria2: 'Hysteria2',
}

/** One-line share links that fit a copy button and a QR code. */
export function protocolHasShareLink(protocol: Protocol): boolean {
  return protocol === 'vless' || protocol === 'outline' || protocol === 'trojan' || protocol === 'hysteria2'
}

/** A downloadable file: .conf, .ovpn, or for SSTP the Windows .pbk phonebook entry. */
export function protocolHasConfigFile(protocol: Protocol): boolean {
  return protocol === 'wireguard' || protocol === 'openvpn' || protocol === 'sstp'
}

/** Server, port, login and password shown as fields, because built-in OS clients ask for them one by one. */
export function protocolHasConnectionParameters(protocol: Protocol): boolean {
  return protocol === 'openvpn' || protocol === 'sstp'
}
