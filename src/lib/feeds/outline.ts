// Outline's dynamic access key (ssconf://): the client fetches this JSON each time it connects, so a key
// served this way keeps working across the daily rotation. One Shadowsocks key, without a plugin.
import type { Proxy } from './proxies'

export type OutlineAccessKey = { server: string; server_port: number; password: string; method: string }

export function outlineAccessKey(proxies: readonly Proxy[]): OutlineAccessKey | null {
  const key = proxies.find((proxy): proxy is Extract<Proxy, { kind: 'shadowsocks' }> => proxy.kind === 'shadowsocks' && !proxy.plugin)
  return key ? { server: key.server, server_port: key.port, password: key.password, method: key.method } : null
}

/** The ssconf:// address of an https:// (or http://) subscription URL. */
export function ssconfUrl(url: string): string {
  return url.replace(/^https?:\/\//, 'ssconf://')
}
