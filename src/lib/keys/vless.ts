// vless:// share links per the XTLS share-link standard (github.com/XTLS/Xray-core/discussions/716).
import { KeyFormatError, fail, ok } from './result'
import { assertStream, readStreamParams, streamQueryPairs } from './stream'
import type { StreamParams } from './stream'
import type { ParseResult } from './types'
import { assertHostPort, buildFragment, buildQuery, formatHostPort, parseHostPort, percentDecode, splitLink } from './uri'

export interface VlessLink extends StreamParams {
  uuid: string
  host: string
  port: number
  /** "none" for plain VLESS; newer Xray also accepts its VLESS-encryption strings here. */
  encryption: string
  /** e.g. "xtls-rprx-vision". */
  flow?: string
  name?: string
}

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/
const OWN_KEYS: ReadonlySet<string> = new Set(['encryption', 'flow'])

export function isUuid(value: string): boolean {
  return UUID.test(value)
}

export function buildVlessUri(link: VlessLink): string {
  if (!isUuid(link.uuid)) throw new KeyFormatError('invalid_uuid', link.uuid)
  assertHostPort(link.host, link.port)
  assertStream(link)
  if (link.encryption === '') throw new KeyFormatError('malformed_uri', 'empty encryption')

  // The standard requires `encryption` and recommends explicit `type`/`security`, so they are always written.
  const pairs: Array<[string, string]> = [
    ['type', link.type],
    ['encryption', link.encryption],
    ['security', link.security],
  ]
  if (link.flow !== undefined) pairs.push(['flow', link.flow])
  pairs.push(...streamQueryPairs(link, OWN_KEYS))
  return `vless://${link.uuid}@${formatHostPort(link.host, link.port)}?${buildQuery(pairs)}${buildFragment(link.name)}`
}

export function parseVlessUri(input: string): ParseResult<VlessLink> {
  const parts = splitLink(input.trim(), 'vless')
  if (!parts.ok) return parts
  const { userinfo, hostport, query, name } = parts.value

  if (userinfo === null || userinfo === '') return fail('invalid_uuid')
  const uuid = percentDecode(userinfo)
  if (uuid === null || !isUuid(uuid)) return fail('invalid_uuid')
  const address = parseHostPort(hostport)
  if (!address.ok) return address
  const stream = readStreamParams(query, OWN_KEYS, 'none')
  if (!stream.ok) return stream

  const link: VlessLink = {
    uuid,
    host: address.value.host,
    port: address.value.port,
    encryption: query.get('encryption') || 'none',
    ...stream.value,
  }
  const flow = query.get('flow')
  if (flow !== undefined) link.flow = flow
  if (name !== undefined) link.name = name
  return ok(link)
}
