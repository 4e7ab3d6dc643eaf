// The subscription as a sing-box profile, for SFA/SFI/SFM/SFT and Karing: one outbound per key, a "selector"
// and a "urltest" over them, a TUN inbound so the app routes the device, and DNS through the proxy. Field
// names follow sing-box's configuration reference and Remnawave's generator; the profile is for sing-box
// 1.12 and later (typed DNS servers, rule actions), which the official apps ship. Private networks go direct, and
// by default Russian sites too (routing.ts).
import type { Proxy, Stream } from './proxies'
import { RUSSIAN_DOMAIN_SUFFIXES } from './routing'
import type { DirectRouting } from './routing'

type Outbound = Record<string, unknown>

function tlsOf(stream: Stream): Outbound | null {
  if (stream.security === 'none') return null
  const tls: Outbound = { enabled: true }
  if (stream.sni) tls.server_name = stream.sni
  if (stream.allowInsecure) tls.insecure = true
  if (stream.alpn) tls.alpn = stream.alpn
  // REALITY needs uTLS in sing-box.
  if (stream.fingerprint || stream.security === 'reality') tls.utls = { enabled: true, fingerprint: stream.fingerprint || 'chrome' }
  if (stream.security === 'reality') tls.reality = { enabled: true, public_key: stream.realityPublicKey, short_id: stream.realityShortId ?? '' }
  return tls
}

function transportOf(stream: Stream): Outbound | null | undefined {
  const host = stream.hostHeader
  switch (stream.transport) {
    case 'tcp':
    case 'raw':
      return null
    case 'ws':
      return { type: 'ws', path: stream.path || '/', ...(host ? { headers: { Host: host } } : {}) }
    case 'grpc':
      return { type: 'grpc', service_name: stream.serviceName ?? '' }
    case 'http':
    case 'h2':
      return { type: 'http', path: stream.path || '/', ...(host ? { host: [host] } : {}) }
    case 'httpupgrade':
      return { type: 'httpupgrade', path: stream.path || '/', ...(host ? { host } : {}) }
    default:
      // kcp, quic, XHTTP: not transports of sing-box (XHTTP is only in forks such as Hiddify's, which reads base64).
      return undefined
  }
}

/** Adds the key's TLS and transport to `outbound`; null when sing-box cannot express them. */
function withStream(outbound: Outbound, stream: Stream): Outbound | null {
  const transport = transportOf(stream)
  if (transport === undefined || (stream.security === 'reality' && !stream.realityPublicKey)) return null
  const tls = tlsOf(stream)
  if (tls) outbound.tls = tls
  if (transport) outbound.transport = transport
  return outbound
}

/**
 * A key as a sing-box outbound, or null when sing-box cannot express it. Built field by field, not spread together:
 * a poll renders every key, and spreading cost most of the answer (as in mihomo.ts).
 */
export function singboxOutbound(proxy: Proxy): Outbound | null {
  const outbound: Outbound = { type: proxy.kind, tag: proxy.name, server: proxy.server, server_port: proxy.port }
  switch (proxy.kind) {
    case 'shadowsocks':
      if (proxy.plugin) return null
      outbound.method = proxy.method
      outbound.password = proxy.password
      return outbound
    case 'vless':
      outbound.uuid = proxy.uuid
      if (proxy.flow) outbound.flow = proxy.flow
      return withStream(outbound, proxy.stream)
    case 'trojan':
      outbound.password = proxy.password
      return withStream(outbound, proxy.stream)
    case 'hysteria2': {
      // sing-box's Hysteria 2 outbound: TLS is QUIC's and always on. A hopping server also answers on the list's first
      // port, which is dialled here; sing-box's own port ranges are not derived from the link's list.
      outbound.password = proxy.password
      if (proxy.obfsPassword) outbound.obfs = { type: 'salamander', password: proxy.obfsPassword }
      const tls: Outbound = { enabled: true }
      if (proxy.sni) tls.server_name = proxy.sni
      if (proxy.insecure) tls.insecure = true
      outbound.tls = tls
      return outbound
    }
  }
}

// Russian sites direct (routing.ts): by their top-level domains and the rule sets the app downloads, resolved by the
// device's own resolver.
function russiaDirect(routing: DirectRouting | null) {
  if (!routing) return { rules: [], dnsRules: [], ruleSets: [] }
  const domainSuffix = RUSSIAN_DOMAIN_SUFFIXES.map((suffix) => `.${suffix}`)
  const ruleSet = (tag: string, url: string) => ({ type: 'remote', tag, format: 'binary', url, update_interval: '1d' })
  return {
    rules: [
      { domain_suffix: domainSuffix, outbound: 'direct' },
      { rule_set: ['ru-domains', 'ru-ip'], outbound: 'direct' },
    ],
    dnsRules: [
      { domain_suffix: domainSuffix, server: 'local' },
      { rule_set: ['ru-domains'], server: 'local' },
    ],
    ruleSets: [ruleSet('ru-domains', routing.lists.singboxDomains), ruleSet('ru-ip', routing.lists.singboxIp)],
  }
}

export function singboxConfig(proxies: readonly Proxy[], labels: { select: string; auto: string }, routing: DirectRouting | null): string {
  const outbounds = proxies.map(singboxOutbound).filter((entry): entry is Outbound => entry !== null)
  const tags = outbounds.map((entry) => String(entry.tag))
  const groups: Outbound[] =
    tags.length === 0
      ? [{ type: 'selector', tag: labels.select, outbounds: ['direct'] }]
      : [
          { type: 'selector', tag: labels.select, outbounds: [labels.auto, ...tags], default: labels.auto },
          { type: 'urltest', tag: labels.auto, outbounds: tags, url: 'https://www.gstatic.com/generate_204', interval: '5m' },
        ]
  const russia = russiaDirect(routing)
  const config = {
    log: { level: 'warn' },
    dns: {
      servers: [
        { type: 'tls', tag: 'remote', server: '1.1.1.1', detour: labels.select },
        { type: 'local', tag: 'local' },
      ],
      ...(russia.dnsRules.length > 0 ? { rules: russia.dnsRules } : {}),
      final: 'remote',
    },
    inbounds: [{ type: 'tun', tag: 'tun-in', address: ['172.19.0.1/30', 'fdfe:dcba:9876::1/126'], auto_route: true, strict_route: true }],
    outbounds: [...groups, ...outbounds, { type: 'direct', tag: 'direct' }],
    route: {
      rules: [{ action: 'sniff' }, { protocol: 'dns', action: 'hijack-dns' }, { ip_is_private: true, outbound: 'direct' }, ...russia.rules],
      ...(russia.ruleSets.length > 0 ? { rule_set: russia.ruleSets } : {}),
      final: labels.select,
      auto_detect_interface: true,
      // Server names of the keys are resolved before the tunnel is up: by the device's own resolver.
      default_domain_resolver: 'local',
    },
  }
  return `${JSON.stringify(config)}\n`
}
