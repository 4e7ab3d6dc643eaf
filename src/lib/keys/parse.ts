// One entry point for a pasted or imported line: detects vless://, ss://, trojan:// or hysteria2:// and parses it.
import { HYSTERIA2_SCHEMES, parseHysteria2Uri } from './hysteria2'
import type { Hysteria2Link } from './hysteria2'
import { fail, ok } from './result'
import { parseShadowsocksUri } from './shadowsocks'
import type { ShadowsocksLink } from './shadowsocks'
import { parseTrojanUri } from './trojan'
import type { TrojanLink } from './trojan'
import type { ParseResult } from './types'
import { linkScheme } from './uri'
import { parseVlessUri } from './vless'
import type { VlessLink } from './vless'

interface ParsedBase {
  host: string
  port: number
  name?: string
  /** The trimmed input, which is what gets stored: rebuilding could reorder an imported link's parameters. */
  uri: string
}

export type ParsedShareLink =
  | (ParsedBase & { protocol: 'vless'; params: VlessLink })
  | (ParsedBase & { protocol: 'outline'; params: ShadowsocksLink })
  | (ParsedBase & { protocol: 'trojan'; params: TrojanLink })
  | (ParsedBase & { protocol: 'hysteria2'; params: Hysteria2Link })

export type ShareLinkProtocol = ParsedShareLink['protocol']

export function parseShareLink(line: string): ParseResult<ParsedShareLink> {
  const uri = line.trim()
  if (uri === '') return fail('empty_input')
  const scheme = linkScheme(uri)
  // No "scheme://" at all is garbage; a scheme we do not serve (vmess://, https://) is reported as such.
  if (scheme === null) return fail('malformed_uri')

  switch (scheme) {
    case 'vless': {
      const result = parseVlessUri(uri)
      return result.ok ? ok({ protocol: 'vless', ...common(result.value, uri), params: result.value }) : result
    }
    case 'ss': {
      const result = parseShadowsocksUri(uri)
      return result.ok ? ok({ protocol: 'outline', ...common(result.value, uri), params: result.value }) : result
    }
    case 'trojan': {
      const result = parseTrojanUri(uri)
      return result.ok ? ok({ protocol: 'trojan', ...common(result.value, uri), params: result.value }) : result
    }
    default: {
      if (!(HYSTERIA2_SCHEMES as readonly string[]).includes(scheme)) return fail('unknown_scheme')
      const result = parseHysteria2Uri(uri)
      return result.ok ? ok({ protocol: 'hysteria2', ...common(result.value, uri), params: result.value }) : result
    }
  }
}

function common(link: { host: string; port: number; name?: string }, uri: string): ParsedBase {
  const base: ParsedBase = { host: link.host, port: link.port, uri }
  if (link.name !== undefined) base.name = link.name
  return base
}
