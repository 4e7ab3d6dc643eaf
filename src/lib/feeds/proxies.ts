// Share links turned into the connection settings the config formats (Mihomo, sing-box, Outline) are built
// from. A link a format cannot express is left out of that format; nothing is guessed.
import { parseShareLink } from '@/lib/keys'
import type { Security, StreamParams, Transport } from '@/lib/keys'

export type Stream = {
  transport: Transport
  security: Security
  sni?: string
  fingerprint?: string
  alpn?: string[]
  allowInsecure: boolean
  realityPublicKey?: string
  realityShortId?: string
  path?: string
  hostHeader?: string
  serviceName?: string
  /** XHTTP's `mode` (auto, packet-up, stream-up, stream-one). */
  mode?: string
  /** XHTTP's `extra`: the link's JSON object of further XHTTP settings (padding, multiplexing, a download path). */
  xhttpExtra?: Record<string, unknown>
}

/** XHTTP's upload modes (Xray's transport reference); `auto` lets the client choose. */
export const XHTTP_MODES = ['auto', 'packet-up', 'stream-up', 'stream-one'] as const

/** A link's XHTTP mode a client can take: one of Xray's, or none given (auto). */
export const isXhttpMode = (mode: string | undefined): boolean => mode === undefined || mode === '' || (XHTTP_MODES as readonly string[]).includes(mode)

/** Whether a stream is Xray's XHTTP (once called SplitHTTP, and still so in some links). */
export const isXhttp = (stream: Stream): boolean => stream.transport === 'xhttp' || stream.transport === 'splithttp'

/** The link's `extra` when it is a JSON object; anything else is no settings. */
function jsonObject(text: string | undefined): Record<string, unknown> | undefined {
  if (!text) return undefined
  try {
    const value: unknown = JSON.parse(text)
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

export type Proxy =
  | { kind: 'vless'; name: string; server: string; port: number; uuid: string; flow?: string; stream: Stream }
  | { kind: 'trojan'; name: string; server: string; port: number; password: string; stream: Stream }
  | { kind: 'shadowsocks'; name: string; server: string; port: number; method: string; password: string; plugin?: string }
  | {
      kind: 'hysteria2'
      name: string
      server: string
      port: number
      /** The port-hopping list, when the server hops. */
      ports?: string
      password: string
      sni?: string
      insecure: boolean
      /** Salamander obfuscation's password, when on. */
      obfsPassword?: string
      pinSHA256?: string
    }

function streamOf(params: StreamParams): Stream {
  return {
    transport: params.type,
    security: params.security,
    sni: params.sni,
    fingerprint: params.fingerprint,
    alpn: params.alpn ? params.alpn.split(',').map((value) => value.trim()).filter(Boolean) : undefined,
    allowInsecure: params.allowInsecure === true,
    realityPublicKey: params.publicKey,
    realityShortId: params.shortId,
    path: params.path,
    hostHeader: params.hostHeader,
    serviceName: params.serviceName,
    mode: params.mode,
    xhttpExtra: params.type === 'xhttp' || params.type === 'splithttp' ? jsonObject(params.extra?.extra) : undefined,
  }
}

/**
 * The proxies of these share links, named uniquely (apps list them by name, and a name repeated would
 * hide a key): the link's own name, else `fallbackName` and its number.
 */
export function proxiesOf(links: readonly string[], fallbackName: string): Proxy[] {
  const proxies: Proxy[] = []
  const used = new Map<string, number>()
  const unique = (name: string) => {
    const seen = used.get(name) ?? 0
    used.set(name, seen + 1)
    return seen === 0 ? name : `${name} ${seen + 1}`
  }
  for (const link of links) {
    const parsed = parseShareLink(link)
    if (!parsed.ok) continue
    const { value } = parsed
    const name = unique(value.name?.trim() || `${fallbackName} ${proxies.length + 1}`)
    switch (value.protocol) {
      case 'vless':
        proxies.push({ kind: 'vless', name, server: value.host, port: value.port, uuid: value.params.uuid, flow: value.params.flow, stream: streamOf(value.params) })
        break
      case 'trojan':
        proxies.push({ kind: 'trojan', name, server: value.host, port: value.port, password: value.params.password, stream: streamOf(value.params) })
        break
      case 'outline':
        proxies.push({ kind: 'shadowsocks', name, server: value.host, port: value.port, method: value.params.method, password: value.params.password, plugin: value.params.plugin })
        break
      case 'hysteria2': {
        const { params } = value
        proxies.push({
          kind: 'hysteria2',
          name,
          server: value.host,
          port: value.port,
          ports: params.ports,
          password: params.auth,
          sni: params.sni,
          insecure: params.insecure === true,
          obfsPassword: params.obfsPassword,
          pinSHA256: params.pinSHA256,
        })
        break
      }
    }
  }
  return proxies
}
