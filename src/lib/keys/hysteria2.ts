// hysteria2:// (and its short form hy2://) share links, as Hysteria 2's URI scheme defines them:
// `hysteria2://[auth@]host[:ports][/]?[obfs=salamander&obfs-password=…][&sni=…][&insecure=1][&pinSHA256=…]#name`, where
// the port part is one port or a port-hopping list ("443,20000-50000"), 443 when absent. Hysteria 2 runs over QUIC
// (UDP), the transport some networks throttle least and others block outright.
import { KeyFormatError, fail, ok } from './result'
import type { ParseResult } from './types'
import { assertHostPort, buildFragment, buildQuery, isValidPort, linkScheme, percentDecode, splitHostPort, splitLink } from './uri'

export const HYSTERIA2_SCHEMES = ['hysteria2', 'hy2'] as const

export interface Hysteria2Link {
  /** The password (or `user:password` where the server authenticates by name). */
  auth: string
  host: string
  /** The port a client dials first: the only one, or the first of a hopping list. */
  port: number
  /** The whole list when the server hops ports ("443,20000-50000"); undefined for one port. */
  ports?: string
  sni?: string
  /** The client accepts any certificate (a self-signed server, usually pinned by `pinSHA256`). */
  insecure?: boolean
  /** The Salamander obfuscation's password: set when the link turns it on (the only kind there is). */
  obfsPassword?: string
  /** The server certificate's SHA-256, hex (colons allowed). */
  pinSHA256?: string
  name?: string
}

const DEFAULT_PORT = 443
/** One port or range, then more after commas; long enough for any real list, short enough to read at once. */
const PORT_LIST = /^\d{1,5}(?:-\d{1,5})?(?:,\d{1,5}(?:-\d{1,5})?){0,31}$/
const PIN = /^(?:[0-9a-fA-F]{2}:?){31}[0-9a-fA-F]{2}$/

/** Whether a link is Hysteria 2's, by its scheme. */
export function isHysteria2Link(input: string): boolean {
  const scheme = linkScheme(input.trim())
  return scheme !== null && (HYSTERIA2_SCHEMES as readonly string[]).includes(scheme)
}

/** Each port and range of a list valid and in order within itself (20000-50000, not 50000-20000); the first port. */
function firstPortOf(list: string): number | null {
  if (!PORT_LIST.test(list)) return null
  let first: number | null = null
  for (const part of list.split(',')) {
    const [from, to = from] = part.split('-').map(Number) as [number, number?]
    if (!isValidPort(from) || !isValidPort(to) || to < from) return null
    first ??= from
  }
  return first
}

/** `host`, `host:ports` or `[v6]:ports`. */
function hostAndPorts(text: string): ParseResult<{ host: string; port: number; ports?: string }> {
  const split = splitHostPort(text)
  if (!split.ok) return split
  const { host, portText } = split.value
  if (portText === undefined) return ok({ host, port: DEFAULT_PORT })
  const port = firstPortOf(portText)
  if (port === null) return fail('invalid_port')
  return ok(portText.includes(',') || portText.includes('-') ? { host, port, ports: portText } : { host, port })
}

export function parseHysteria2Uri(input: string): ParseResult<Hysteria2Link> {
  const trimmed = input.trim()
  const scheme = linkScheme(trimmed)
  if (scheme === null) return fail('malformed_uri')
  if (!(HYSTERIA2_SCHEMES as readonly string[]).includes(scheme)) return fail('unknown_scheme')
  const parts = splitLink(trimmed, scheme)
  if (!parts.ok) return parts
  const { userinfo, hostport, query, name } = parts.value
  // The site hands out a password per subscriber: a link without one is nobody's key.
  if (userinfo === null || userinfo === '') return fail('missing_credentials')
  const auth = percentDecode(userinfo)
  if (auth === null) return fail('malformed_uri')
  const address = hostAndPorts(hostport)
  if (!address.ok) return address

  const link: Hysteria2Link = { auth, ...address.value }
  const obfs = query.get('obfs')
  if (obfs !== undefined && obfs !== '') {
    if (obfs.toLowerCase() !== 'salamander') return fail('unsupported_security')
    const password = query.get('obfs-password')
    if (!password) return fail('missing_credentials')
    link.obfsPassword = password
  }
  const sni = query.get('sni')
  if (sni) link.sni = sni
  const insecure = query.get('insecure')
  if (insecure !== undefined) {
    if (insecure === '1' || insecure === 'true') link.insecure = true
    else if (insecure === '0' || insecure === 'false') link.insecure = false
    else return fail('malformed_uri')
  }
  const pin = query.get('pinSHA256')
  if (pin !== undefined && pin !== '') {
    if (!PIN.test(pin)) return fail('invalid_key')
    link.pinSHA256 = pin
  }
  if (name !== undefined) link.name = name
  return ok(link)
}

export function buildHysteria2Uri(link: Hysteria2Link): string {
  if (link.auth === '') throw new KeyFormatError('missing_credentials')
  assertHostPort(link.host, link.port)
  if (link.ports !== undefined && firstPortOf(link.ports) !== link.port) throw new KeyFormatError('invalid_port', link.ports)
  const pairs: Array<[string, string]> = []
  if (link.obfsPassword) pairs.push(['obfs', 'salamander'], ['obfs-password', link.obfsPassword])
  if (link.sni) pairs.push(['sni', link.sni])
  if (link.insecure !== undefined) pairs.push(['insecure', link.insecure ? '1' : '0'])
  if (link.pinSHA256) pairs.push(['pinSHA256', link.pinSHA256])
  const host = link.host.includes(':') ? `[${link.host}]` : link.host
  const query = pairs.length > 0 ? `?${buildQuery(pairs)}` : ''
  return `hysteria2://${encodeURIComponent(link.auth)}@${host}:${link.ports ?? link.port}/${query}${buildFragment(link.name)}`
}
