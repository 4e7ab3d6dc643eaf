// Transport and TLS/REALITY query parameters that VLESS and Trojan links share (XTLS share-link standard, Xray-core discussion #716).
import { isRealityKey } from './encoding'
import { KeyFormatError, fail, ok } from './result'
import type { KeyParseError, ParseResult } from './types'

export const TRANSPORTS = ['tcp', 'raw', 'kcp', 'ws', 'http', 'h2', 'grpc', 'httpupgrade', 'xhttp', 'splithttp', 'quic'] as const
export type Transport = (typeof TRANSPORTS)[number]

export const SECURITIES = ['none', 'tls', 'reality'] as const
export type Security = (typeof SECURITIES)[number]

export interface StreamParams {
  type: Transport
  security: Security
  sni?: string
  /** `fp`: uTLS fingerprint such as "chrome". */
  fingerprint?: string
  alpn?: string
  allowInsecure?: boolean
  /** `pbk`: REALITY server public key, base64url without padding. */
  publicKey?: string
  /** `sid`: REALITY short id, 0–16 hex characters. */
  shortId?: string
  /** `spx`: REALITY spiderX path. */
  spiderX?: string
  path?: string
  /** `host`: HTTP Host header for ws/httpupgrade/xhttp, named apart from the server host. */
  hostHeader?: string
  serviceName?: string
  mode?: string
  headerType?: string
  /** Parameters this module does not model, kept so an imported link survives a rebuild unchanged. */
  extra?: Record<string, string>
}

type StringField = 'sni' | 'fingerprint' | 'alpn' | 'publicKey' | 'shortId' | 'spiderX' | 'path' | 'hostHeader' | 'serviceName' | 'mode' | 'headerType'

// Array order is the order builders emit, so generated links are stable and diff-friendly.
const STRING_PARAMS: ReadonlyArray<readonly [string, StringField]> = [
  ['sni', 'sni'],
  ['fp', 'fingerprint'],
  ['alpn', 'alpn'],
  ['pbk', 'publicKey'],
  ['sid', 'shortId'],
  ['spx', 'spiderX'],
  ['path', 'path'],
  ['host', 'hostHeader'],
  ['serviceName', 'serviceName'],
  ['mode', 'mode'],
  ['headerType', 'headerType'],
]

const STREAM_KEYS = new Set(['type', 'security', 'allowInsecure', ...STRING_PARAMS.map(([param]) => param)])

/** Query pairs after `type`/`security`, which callers place themselves to follow the standard's order. */
export function streamQueryPairs(params: StreamParams, ownKeys: ReadonlySet<string>): Array<[string, string]> {
  const pairs: Array<[string, string]> = []
  for (const [param, field] of STRING_PARAMS) {
    const value = params[field]
    if (value !== undefined) pairs.push([param, value])
  }
  if (params.allowInsecure !== undefined) pairs.push(['allowInsecure', params.allowInsecure ? '1' : '0'])
  for (const [key, value] of Object.entries(params.extra ?? {})) {
    // Known keys in `extra` would duplicate a parameter; parsers never put them there, so drop them.
    if (!STREAM_KEYS.has(key) && !ownKeys.has(key)) pairs.push([key, value])
  }
  return pairs
}

export function readStreamParams(
  query: ReadonlyMap<string, string>,
  ownKeys: ReadonlySet<string>,
  defaultSecurity: Security,
): ParseResult<StreamParams> {
  const type = (query.get('type') || 'tcp').toLowerCase()
  if (!isOneOf(TRANSPORTS, type)) return fail('unsupported_transport')
  const security = (query.get('security') || defaultSecurity).toLowerCase()
  if (!isOneOf(SECURITIES, security)) return fail('unsupported_security')

  const params: StreamParams = { type, security }
  for (const [param, field] of STRING_PARAMS) {
    const value = query.get(param)
    if (value !== undefined) params[field] = value
  }
  const insecure = query.get('allowInsecure')
  if (insecure !== undefined) {
    if (insecure === '1' || insecure === 'true') params.allowInsecure = true
    else if (insecure === '0' || insecure === 'false') params.allowInsecure = false
    else return fail('malformed_uri')
  }
  const extra: Record<string, string> = {}
  for (const [key, value] of query) {
    if (!STREAM_KEYS.has(key) && !ownKeys.has(key)) extra[key] = value
  }
  if (Object.keys(extra).length > 0) params.extra = extra

  const problem = streamProblem(params)
  return problem ? fail(problem) : ok(params)
}

/** REALITY cannot handshake without the server's public key, so such a link is useless to a user. */
export function streamProblem(params: StreamParams): KeyParseError | null {
  if (!isOneOf(TRANSPORTS, params.type)) return 'unsupported_transport'
  if (!isOneOf(SECURITIES, params.security)) return 'unsupported_security'
  if (params.security === 'reality') {
    if (params.publicKey === undefined || !isRealityKey(params.publicKey)) return 'invalid_reality_params'
    if (params.shortId !== undefined && !/^(?:[0-9a-fA-F]{2}){0,8}$/.test(params.shortId)) return 'invalid_reality_params'
  }
  return null
}

export function assertStream(params: StreamParams): void {
  const problem = streamProblem(params)
  if (problem) throw new KeyFormatError(problem)
}

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value)
}
