// The subscription as Mihomo (Clash Meta) YAML, for Clash Verge, FlClash, Clash Meta for Android, Stash:
// one proxy per key, a manual "select" group and an automatic "url-test" group, and a rule sending all
// traffic through the selection. Field names follow Mihomo's proxy documentation.
import { stringify } from 'yaml'

import type { Proxy, Stream } from './proxies'

type MihomoProxy = Record<string, unknown>

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

export function mihomoConfig(proxies: readonly Proxy[], labels: { select: string; auto: string }): string {
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
  return stringify({
    'mixed-port': 7890,
    'allow-lan': false,
    mode: 'rule',
    'log-level': 'warning',
    proxies: entries,
    'proxy-groups': groups,
    rules: [`MATCH,${labels.select}`],
  })
}
