// The subscription as Xray JSON (the `/json` suffix; v2rayN, v2rayNG, Happ and Streisand import it): an array of
// complete client configurations, one per key, each named by `remarks`, as Marzban's and Remnawave's "v2ray-json"
// are. The same configuration is what a test hands Debian's v2ray to prove a link works. Private networks go
// direct, and by default Russian sites too (routing.ts), named as the apps' bundled geo files name them.
import { isXhttpMode } from './proxies'
import type { Proxy, Stream } from './proxies'
import { GEO_RUSSIA, PRIVATE_NETWORKS, RUSSIAN_DOMAIN_SUFFIXES } from './routing'
import type { DirectRouting } from './routing'

type Json = Record<string, unknown>

/** Local ports the configurations listen on, as v2rayN's defaults. */
export const XRAY_SOCKS_PORT = 10808
export const XRAY_HTTP_PORT = 10809

function streamSettings(stream: Stream): Json | null {
  const settings: Json = {}
  const host = stream.hostHeader
  switch (stream.transport) {
    case 'tcp':
    case 'raw':
      settings.network = 'tcp'
      break
    case 'ws':
      settings.network = 'ws'
      settings.wsSettings = { path: stream.path || '/', ...(host ? { headers: { Host: host } } : {}) }
      break
    case 'grpc':
      settings.network = 'grpc'
      settings.grpcSettings = { serviceName: stream.serviceName ?? '' }
      break
    case 'http':
    case 'h2':
      settings.network = 'http'
      settings.httpSettings = { path: stream.path || '/', ...(host ? { host: [host] } : {}) }
      break
    case 'httpupgrade':
      settings.network = 'httpupgrade'
      settings.httpupgradeSettings = { path: stream.path || '/', ...(host ? { host } : {}) }
      break
    case 'xhttp':
    case 'splithttp': {
      // Xray's XHTTP transport (its `xhttpSettings`), `extra` as the link carries it; an unknown mode is not guessed.
      if (!isXhttpMode(stream.mode)) return null
      const mode = stream.mode || 'auto'
      settings.network = 'xhttp'
      settings.xhttpSettings = { path: stream.path || '/', ...(host ? { host } : {}), mode, ...(stream.xhttpExtra ? { extra: stream.xhttpExtra } : {}) }
      break
    }
    default:
      // kcp, quic: their parameters are not all in a share link we parse; nothing is guessed.
      return null
  }
  settings.security = stream.security
  if (stream.security === 'tls') {
    settings.tlsSettings = {
      ...(stream.sni ? { serverName: stream.sni } : {}),
      ...(stream.allowInsecure ? { allowInsecure: true } : {}),
      ...(stream.alpn ? { alpn: stream.alpn } : {}),
      ...(stream.fingerprint ? { fingerprint: stream.fingerprint } : {}),
    }
  }
  if (stream.security === 'reality') {
    if (!stream.realityPublicKey) return null
    settings.realitySettings = {
      serverName: stream.sni ?? '',
      fingerprint: stream.fingerprint || 'chrome',
      publicKey: stream.realityPublicKey,
      shortId: stream.realityShortId ?? '',
    }
  }
  return settings
}

/** A key as an Xray outbound (tag "proxy"), or null when the link cannot be expressed without guessing. */
export function xrayOutbound(proxy: Proxy): Json | null {
  switch (proxy.kind) {
    case 'shadowsocks':
      return proxy.plugin
        ? null
        : { tag: 'proxy', protocol: 'shadowsocks', settings: { servers: [{ address: proxy.server, port: proxy.port, method: proxy.method, password: proxy.password }] } }
    case 'vless': {
      const stream = streamSettings(proxy.stream)
      const user = { id: proxy.uuid, encryption: 'none', ...(proxy.flow ? { flow: proxy.flow } : {}) }
      return stream && { tag: 'proxy', protocol: 'vless', settings: { vnext: [{ address: proxy.server, port: proxy.port, users: [user] }] }, streamSettings: stream }
    }
    case 'trojan': {
      const stream = streamSettings(proxy.stream)
      return stream && { tag: 'proxy', protocol: 'trojan', settings: { servers: [{ address: proxy.server, port: proxy.port, password: proxy.password }] }, streamSettings: stream }
    }
    case 'hysteria2':
      // Xray speaks Hysteria 2 only since 26.3 and its outbound's fields follow no share-link mapping yet: apps on Xray
      // import the hysteria2:// link itself (the base64 answer), and this format leaves it out rather than guess.
      return null
  }
}

function routingOf(routing: DirectRouting | null): Json {
  const rules: Json[] = [{ type: 'field', ip: [...PRIVATE_NETWORKS], outboundTag: 'direct' }]
  if (!routing) return { domainStrategy: 'AsIs', rules }
  rules.push(
    { type: 'field', domain: [GEO_RUSSIA.sites, ...RUSSIAN_DOMAIN_SUFFIXES.map((suffix) => `domain:${suffix}`)], outboundTag: 'direct' },
    { type: 'field', ip: [GEO_RUSSIA.ip], outboundTag: 'direct' },
  )
  // A name no domain rule matched is resolved to check the Russian ranges.
  return { domainStrategy: 'IPIfNonMatch', rules }
}

/** A whole client configuration for one key: SOCKS and HTTP proxies on loopback, private networks direct. */
export function xrayClientConfig(proxy: Proxy, routing: DirectRouting | null = null): Json | null {
  const outbound = xrayOutbound(proxy)
  if (!outbound) return null
  return {
    remarks: proxy.name,
    log: { loglevel: 'warning' },
    dns: { servers: ['1.1.1.1', '8.8.8.8'] },
    inbounds: [
      { tag: 'socks', listen: '127.0.0.1', port: XRAY_SOCKS_PORT, protocol: 'socks', settings: { auth: 'noauth', udp: true }, sniffing: { enabled: true, destOverride: ['http', 'tls'] } },
      { tag: 'http', listen: '127.0.0.1', port: XRAY_HTTP_PORT, protocol: 'http', settings: {} },
    ],
    outbounds: [outbound, { tag: 'direct', protocol: 'freedom' }, { tag: 'block', protocol: 'blackhole' }],
    routing: routingOf(routing),
  }
}

export function xrayConfigs(proxies: readonly Proxy[], routing: DirectRouting | null): string {
  const configs = proxies.map((proxy) => xrayClientConfig(proxy, routing)).filter((config): config is Json => config !== null)
  return `${JSON.stringify(configs, null, 2)}\n`
}
