// The subscription as Mihomo (Clash Meta) YAML, for Clash Verge, FlClash, Clash Meta for Android, Stash (and as the
// original Clash core's YAML, for Clash for Windows, ClashX and Clash for Android, which read no VLESS):
// one proxy per key, a manual "select" group and an automatic "url-test" group, rules sending private networks
// (and, by default, Russian sites: routing.ts) direct and all other traffic through the selection. Field names
// follow Mihomo's proxy and rule-provider documentation.
import { blockYaml } from '@/lib/text/blockYaml'

import { isNoticeProxy } from './notice'
import { isXhttp, isXhttpMode } from './proxies'
import type { Proxy, Stream } from './proxies'
import { PRIVATE_NETWORKS, RUSSIAN_DOMAIN_SUFFIXES } from './routing'
import type { DirectRouting } from './routing'

type MihomoValue = string | number | boolean | readonly string[] | { [key: string]: MihomoValue }
type MihomoProxy = Record<string, MihomoValue>

const TRANSPORTS: Partial<Record<Stream['transport'], string>> = { tcp: 'tcp', raw: 'tcp', ws: 'ws', grpc: 'grpc', http: 'h2', h2: 'h2', httpupgrade: 'ws', xhttp: 'xhttp', splithttp: 'xhttp' }

// Objects are built field by field rather than spread together: a poll renders every key, and spreading measured
// most of a Mihomo answer's cost.
function addStreamFields(fields: MihomoProxy, stream: Stream, kind: 'vless' | 'trojan'): MihomoProxy | null {
  const network = TRANSPORTS[stream.transport]
  if (network === undefined) return null
  // Mihomo speaks XHTTP for VLESS only, and a download through another address (`extra.downloadSettings`) is not
  // carried here: such keys are left to the apps on Xray.
  if (network === 'xhttp' && (kind !== 'vless' || stream.xhttpExtra?.downloadSettings !== undefined || !isXhttpMode(stream.mode))) return null
  if (network !== 'tcp' || kind === 'vless') fields.network = network
  if (stream.security !== 'none') {
    if (kind === 'vless') fields.tls = true
    if (stream.sni) fields[kind === 'vless' ? 'servername' : 'sni'] = stream.sni
    if (stream.alpn) fields.alpn = stream.alpn
    if (stream.allowInsecure) fields['skip-cert-verify'] = true
    fields['client-fingerprint'] = stream.fingerprint || 'chrome'
  }
  if (stream.security === 'reality') {
    if (!stream.realityPublicKey) return null
    fields['reality-opts'] = { 'public-key': stream.realityPublicKey, 'short-id': stream.realityShortId ?? '' }
  }
  const host = stream.hostHeader
  if (network === 'ws') {
    const options: MihomoProxy = { path: stream.path || '/' }
    if (host) options.headers = { Host: host }
    if (stream.transport === 'httpupgrade') options['v2ray-http-upgrade'] = true
    fields['ws-opts'] = options
  }
  if (network === 'xhttp') {
    const options: MihomoProxy = { path: stream.path || '/' }
    if (host) options.host = host
    // `auto` is Mihomo's default, left unsaid.
    if (stream.mode && stream.mode !== 'auto') options.mode = stream.mode
    // Of `extra`, what changes the requests' shape (the rest tunes buffers and multiplexing, with defaults both sides).
    const extra = stream.xhttpExtra
    const padding = extra?.xPaddingBytes
    if (typeof padding === 'string' || typeof padding === 'number') options['x-padding-bytes'] = String(padding)
    if (extra?.noGRPCHeader === true) options['no-grpc-header'] = true
    const headers = stringRecord(extra?.headers)
    if (headers) options.headers = headers
    fields['xhttp-opts'] = options
  }
  if (network === 'grpc') fields['grpc-opts'] = { 'grpc-service-name': stream.serviceName ?? '' }
  if (network === 'h2') {
    const options: MihomoProxy = { path: stream.path || '/' }
    if (host) options.host = [host]
    fields['h2-opts'] = options
  }
  return fields
}

/** A JSON object whose values are all strings (HTTP headers), else undefined. */
function stringRecord(value: unknown): Record<string, string> | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined
  const entries = Object.entries(value)
  return entries.length > 0 && entries.every(([, item]) => typeof item === 'string') ? (Object.fromEntries(entries) as Record<string, string>) : undefined
}

/** A key as a Mihomo proxy, or null when Mihomo cannot express it (kcp, quic, XHTTP for Trojan or with a separate download, a plugin). */
export function mihomoProxy(proxy: Proxy): MihomoProxy | null {
  const entry: MihomoProxy = { name: proxy.name, server: proxy.server, port: proxy.port, udp: true }
  switch (proxy.kind) {
    case 'shadowsocks':
      if (proxy.plugin) return null
      entry.type = 'ss'
      entry.cipher = proxy.method
      entry.password = proxy.password
      return entry
    case 'vless':
      entry.type = 'vless'
      entry.uuid = proxy.uuid
      if (proxy.flow) entry.flow = proxy.flow
      // UDP over VLESS as Xray servers expect it (XUDP), as Remnawave's profiles write it.
      entry['packet-encoding'] = 'xudp'
      return addStreamFields(entry, proxy.stream, 'vless')
    case 'trojan':
      entry.type = 'trojan'
      entry.password = proxy.password
      return addStreamFields(entry, proxy.stream, 'trojan')
    case 'hysteria2':
      // Mihomo's Hysteria 2 proxy (its documentation's field names); port hopping by the same list the link gives.
      entry.type = 'hysteria2'
      entry.password = proxy.password
      if (proxy.ports) entry.ports = proxy.ports
      if (proxy.obfsPassword) {
        entry.obfs = 'salamander'
        entry['obfs-password'] = proxy.obfsPassword
      }
      if (proxy.sni) entry.sni = proxy.sni
      if (proxy.insecure) entry['skip-cert-verify'] = true
      // The certificate's SHA-256, which Mihomo calls its fingerprint: hex without colons.
      if (proxy.pinSHA256) entry.fingerprint = proxy.pinSHA256.replaceAll(':', '').toLowerCase()
      return entry
  }
}

/**
 * A key as the original Clash core reads it (Clash for Windows, ClashX, Clash for Android): Shadowsocks and Trojan, without
 * Mihomo's own fields (client-fingerprint, reality-opts); it reads no VLESS. A notice (notice.ts) becomes a Shadowsocks
 * entry to the same nowhere, so these apps show it too.
 */
export function legacyClashProxy(proxy: Proxy): MihomoProxy | null {
  if (isNoticeProxy(proxy)) return { name: proxy.name, type: 'ss', server: proxy.server, port: proxy.port, cipher: 'aes-128-gcm', password: 'notice' }
  // No VLESS, REALITY or Hysteria 2 in the original core.
  if (proxy.kind === 'vless' || proxy.kind === 'hysteria2' || (proxy.kind === 'trojan' && proxy.stream.security === 'reality')) return null
  const entry = mihomoProxy(proxy)
  if (entry) delete entry['client-fingerprint']
  return entry
}

function rules(select: string, routing: DirectRouting | null, dialect: ClashDialect): string[] {
  const direct = PRIVATE_NETWORKS.map((network) => `${network.includes(':') ? 'IP-CIDR6' : 'IP-CIDR'},${network},DIRECT,no-resolve`)
  if (routing) {
    direct.push(...RUSSIAN_DOMAIN_SUFFIXES.map((suffix) => `DOMAIN-SUFFIX,${suffix},DIRECT`))
    // The original core has no rule sets: Russian addresses by its own GeoIP database, Russian domains by their zones.
    direct.push(...(dialect === 'mihomo' ? ['RULE-SET,ru-domains,DIRECT', 'RULE-SET,ru-ip,DIRECT'] : ['GEOIP,RU,DIRECT']))
  }
  return [...direct, `MATCH,${select}`]
}

function ruleProviders(routing: DirectRouting): Record<string, MihomoValue> {
  const provider = (name: string, behavior: 'domain' | 'ipcidr', url: string) => ({ type: 'http', behavior, format: 'mrs', url, path: `./ruleset/${name}.mrs`, interval: 86400 })
  return { 'ru-domains': provider('ru-domains', 'domain', routing.lists.mihomoDomains), 'ru-ip': provider('ru-ip', 'ipcidr', routing.lists.mihomoIp) }
}

/**
 * Mihomo's YAML, the original Clash core's (`legacy`: Clash for Windows, ClashX, Clash for Android), or Stash's: Mihomo's
 * proxies with Stash's own delay test on each (`benchmark-url`, `benchmark-timeout`: stash.wiki, "Proxy Benchmark"), and
 * no Mihomo rule sets (.mrs), which Stash does not read: Russia direct by GeoIP and the Russian zones, as for the
 * original core.
 */
export type ClashDialect = 'mihomo' | 'legacy' | 'stash'

// Where Stash measures each proxy's delay: plain HTTP, as its documentation recommends.
const STASH_BENCHMARK = { url: 'http://www.gstatic.com/generate_204', timeoutSeconds: 5 }

function stashProxy(proxy: Proxy): MihomoProxy | null {
  // Stash's documentation names no XHTTP transport: such a key is left out rather than break the profile's import.
  if ((proxy.kind === 'vless' || proxy.kind === 'trojan') && isXhttp(proxy.stream)) return null
  // Stash's Hysteria 2 fields are its own (not Mihomo's) and not checked here: left out rather than guessed.
  if (proxy.kind === 'hysteria2') return null
  const entry = mihomoProxy(proxy)
  if (!entry) return null
  entry['benchmark-url'] = STASH_BENCHMARK.url
  entry['benchmark-timeout'] = STASH_BENCHMARK.timeoutSeconds
  return entry
}

const PROXY_OF: Record<ClashDialect, (proxy: Proxy) => MihomoProxy | null> = { mihomo: mihomoProxy, legacy: legacyClashProxy, stash: stashProxy }

export function mihomoConfig(proxies: readonly Proxy[], labels: { select: string; auto: string }, routing: DirectRouting | null, dialect: ClashDialect = 'mihomo'): string {
  const entries = proxies.map(PROXY_OF[dialect]).filter((entry): entry is MihomoProxy => entry !== null)
  const names = entries.map((entry) => String(entry.name))
  // Mihomo refuses a group without members: with no keys (yet) the selection goes direct.
  const groups =
    names.length === 0
      ? [{ name: labels.select, type: 'select', proxies: ['DIRECT'] }]
      : [
          { name: labels.select, type: 'select', proxies: [labels.auto, ...names] },
          // Stash tests each proxy where the proxy says (its benchmark-url).
          dialect === 'stash'
            ? { name: labels.auto, type: 'url-test', proxies: names, interval: 300 }
            : { name: labels.auto, type: 'url-test', proxies: names, url: 'https://www.gstatic.com/generate_204', interval: 300 },
        ]
  return blockYaml({
    'mixed-port': 7890,
    'allow-lan': false,
    mode: 'rule',
    'log-level': 'warning',
    proxies: entries,
    'proxy-groups': groups,
    ...(routing && dialect === 'mihomo' ? { 'rule-providers': ruleProviders(routing) } : {}),
    rules: rules(labels.select, routing, dialect),
  })
}
