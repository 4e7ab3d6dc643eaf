// How a VLESS, Trojan or Hysteria 2 key travels, as apps name it, for the key window (server side: it parses the link, which
// client code must not bundle).
import { parseShareLink } from './parse'
import type { Transport } from './stream'

/** Transports by the names apps show them under. */
const TRANSPORT_LABELS: Record<Transport, string> = {
  tcp: 'TCP',
  raw: 'TCP',
  kcp: 'mKCP',
  ws: 'WebSocket',
  http: 'HTTP/2',
  h2: 'HTTP/2',
  grpc: 'gRPC',
  httpupgrade: 'HTTPUpgrade',
  xhttp: 'XHTTP',
  splithttp: 'XHTTP',
  quic: 'QUIC',
}

export type KeyTransport = {
  /** "XHTTP · REALITY", "TCP · REALITY · Vision", "WebSocket · TLS": what an app must speak to open the key. */
  label: string
  /** Xray's XHTTP: only apps on Xray open it (not Clash, sing-box or Outline apps). */
  xhttp: boolean
}

/** How a VLESS, Trojan or Hysteria 2 link travels; null for other keys and for what does not parse. */
export function keyTransport(link: string | null): KeyTransport | null {
  if (!link) return null
  const parsed = parseShareLink(link)
  if (!parsed.ok) return null
  // Hysteria 2 runs over QUIC (UDP) with TLS always; Salamander hides even that.
  if (parsed.value.protocol === 'hysteria2') return { label: parsed.value.params.obfsPassword ? 'QUIC · TLS · Salamander' : 'QUIC · TLS', xhttp: false }
  if (parsed.value.protocol !== 'vless' && parsed.value.protocol !== 'trojan') return null
  const { params } = parsed.value
  const parts = [TRANSPORT_LABELS[params.type]]
  if (params.security === 'reality') parts.push('REALITY')
  else if (params.security === 'tls') parts.push('TLS')
  if (parsed.value.protocol === 'vless' && parsed.value.params.flow?.startsWith('xtls-rprx-vision')) parts.push('Vision')
  return { label: parts.join(' · '), xhttp: params.type === 'xhttp' || params.type === 'splithttp' }
}
