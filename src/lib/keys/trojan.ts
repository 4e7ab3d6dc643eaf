// trojan:// share links in the form Xray, sing-box and v2rayN clients import.
import { KeyFormatError, fail, ok } from './result'
import { assertStream, readStreamParams, streamQueryPairs } from './stream'
import type { StreamParams } from './stream'
import type { ParseResult } from './types'
import { assertHostPort, buildFragment, buildQuery, formatHostPort, parseHostPort, percentDecode, splitLink } from './uri'

export interface TrojanLink extends StreamParams {
  password: string
  host: string
  port: number
  name?: string
}

const NO_OWN_KEYS: ReadonlySet<string> = new Set()

export function buildTrojanUri(link: TrojanLink): string {
  if (link.password === '') throw new KeyFormatError('missing_credentials')
  assertHostPort(link.host, link.port)
  assertStream(link)
  const pairs: Array<[string, string]> = [
    ['security', link.security],
    ['type', link.type],
    ...streamQueryPairs(link, NO_OWN_KEYS),
  ]
  const userinfo = encodeURIComponent(link.password)
  return `trojan://${userinfo}@${formatHostPort(link.host, link.port)}?${buildQuery(pairs)}${buildFragment(link.name)}`
}

export function parseTrojanUri(input: string): ParseResult<TrojanLink> {
  const parts = splitLink(input.trim(), 'trojan')
  if (!parts.ok) return parts
  const { userinfo, hostport, query, name } = parts.value

  if (userinfo === null || userinfo === '') return fail('missing_credentials')
  const password = percentDecode(userinfo)
  if (password === null) return fail('malformed_uri')
  const address = parseHostPort(hostport)
  if (!address.ok) return address
  // Trojan is defined over TLS, so a link without `security` means TLS, unlike VLESS.
  const stream = readStreamParams(query, NO_OWN_KEYS, 'tls')
  if (!stream.ok) return stream

  const link: TrojanLink = { password, host: address.value.host, port: address.value.port, ...stream.value }
  if (name !== undefined) link.name = name
  return ok(link)
}
