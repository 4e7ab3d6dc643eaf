// The subscription as Mihomo (Clash Meta) YAML, for Clash Verge, FlClash, Clash Meta for Android, Stash:
// one proxy per key, a manual "select" group and an automatic "url-test" group, rules sending private networks
// (and, by default, Russian sites: routing.ts) direct and all other traffic through the selection. Field names
// follow Mihomo's proxy and rule-provider documentation.
import { blockYaml } from '@/lib/text/blockYaml'

import type { Proxy, Stream } from './proxies'
import { PRIVATE_NETWORKS, RUSSIAN_DOMAIN_SUFFIXES } from './routing'
import type { DirectRouting } from './routing'

type MihomoValue = string | number | boolean | readonly string[] | { [key: string]: MihomoValue }
type MihomoProxy = Record<string, MihomoValue>

const TRANSPORTS: Partial<Record<Stream['transport'], string>> = { tcp: 'tcp', raw: 'tcp', ws: 'ws', grpc: 'grpc', http: 'h2', h2: 'h2', httpupgrade: 'ws' }

function streamFields(stream: Stream, kind: 'vless' | 'trojan'): MihomoProxy | null {
  const network = TRANSPORTS[stream.transport]
  if (network === undefined) return null
  const fields: MihomoProxy = {}
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
    fields['ws-opts'] = {
      path: stream.path || '/',
      ...(host ? { headers: { Host: host } } : {}),
      ...(stream.transport === 'httpupgrade' ? { 'v2ray-http-upgrade': true } : {}),
    }
  }
  if (network === 'grpc') fields['grpc-opts'] = { 'grpc-service-name': stream.serviceName ?? '' }
  if (network === 'h2') fields['h2-opts'] = { path: stream.path || '/', ...(host ? { host: [host] } : {}) }
  return fields
}

/** A key as a Mihomo proxy, or null when Mihomo cannot express it (kcp, quic, xhttp, a plugin). */
export function mihomoProxy(proxy: Proxy): MihomoProxy | null {
  const base = { name: proxy.name, server: proxy.server, port: proxy.port, udp: true }
  switch (proxy.kind) {
    case 'shadowsocks':
      return proxy.plugin ? null : { ...base, type: 'ss', cipher: proxy.method, password: proxy.password }
    case 'vless': {
      const stream = streamFields(proxy.stream, 'vless')
      // UDP over VLESS as Xray servers expect it (XUDP), as Remnawave's profiles write it.
      return stream && { ...base, type: 'vless', uuid: proxy.uuid, ...(proxy.flow ? { flow: proxy.flow } : {}), 'packet-encoding': 'xudp', ...stream }
    }
    case 'trojan': {
      const stream = streamFields(proxy.stream, 'trojan')
      return stream && { ...base, type: 'trojan', password: proxy.password, ...stream }
    }
  }
}

function rules(select: string, routing: DirectRouting | null): string[] {
  const direct = PRIVATE_NETWORKS.map((network) => `${network.includes(':') ? 'IP-CIDR6' : 'IP-CIDR'},${network},DIRECT,no-resolve`)
  if (routing) direct.push(...RUSSIAN_DOMAIN_SUFFIXES.map((suffix) => `DOMAIN-SUFFIX,${suffix},DIRECT`), 'RULE-SET,ru-domains,DIRECT', 'RULE-SET,ru-ip,DIRECT')
  return [...direct, `MATCH,${select}`]
}

function ruleProviders(routing: DirectRouting): Record<string, MihomoValue> {
  const provider = (name: string, behavior: 'domain' | 'ipcidr', url: string) => ({ type: 'http', behavior, format: 'mrs', url, path: `./ruleset/${name}.mrs`, interval: 86400 })
  return { 'ru-domains': provider('ru-domains', 'domain', routing.lists.mihomoDomains), 'ru-ip': provider('ru-ip', 'ipcidr', routing.lists.mihomoIp) }
}

export function mihomoConfig(proxies: readonly Proxy[], labels: { select: string; auto: string }, routing: DirectRouting | null): string {
  const entries = proxies.map(mihomoProxy).filter((entry): entry is MihomoProxy => entry !== null)
  const names = entries.map((entry) => String(entry.name))
  // Mihomo refuses a group without members: with no keys (yet) the selection goes direct.
  const groups =
    names.length === 0
      ? [{ name: labels.select, type: 'select', proxies: ['DIRECT'] }]
      : [
          { name: labels.select, type: 'select', proxies: [labels.auto, ...names] },
          { name: labels.auto, type: 'url-test', proxies: names, url: 'https://www.gstatic.com/generate_204', interval: 300 },
        ]
  return blockYaml({
    'mixed-port': 7890,
    'allow-lan': false,
    mode: 'rule',
    'log-level': 'warning',
    proxies: entries,
    'proxy-groups': groups,
    ...(routing ? { 'rule-providers': ruleProviders(routing) } : {}),
    rules: rules(labels.select, routing),
  })
}
