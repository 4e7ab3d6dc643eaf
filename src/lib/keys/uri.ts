// Just enough RFC 3986 for share links; WHATWG URL re-encodes opaque hosts and cannot say *why* a link is bad.
import { KeyFormatError, fail, ok } from './result'
import type { KeyParseError, ParseResult } from './types'

export interface HostPort {
  host: string
  port: number
}

export interface LinkParts {
  /** Lower-cased scheme without "://". */
  scheme: string
  /** Raw (still percent-encoded) text before the last '@', or null when there is no '@'. */
  userinfo: string | null
  /** Raw text between '@' and the optional '/'; still needs parseHostPort. */
  hostport: string
  query: Map<string, string>
  /** Decoded fragment; undefined when absent or empty. */
  name: string | undefined
}

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//

export function linkScheme(input: string): string | null {
  const match = SCHEME.exec(input)
  return match?.[1] ? match[1].toLowerCase() : null
}

/**
 * Splits a share link into raw pieces. The last '@' separates credentials because real-world
 * passwords and standard-base64 ss:// userinfo contain unescaped '/' and sometimes '@'.
 * `opaqueWithoutAt` returns the whole body as `hostport` when there is no '@' at all.
 */
export function splitLink(input: string, expectedScheme: string, opaqueWithoutAt = false): ParseResult<LinkParts> {
  const scheme = linkScheme(input)
  if (scheme === null) return fail('malformed_uri')
  if (scheme !== expectedScheme) return fail('unknown_scheme')

  let rest = input.slice(scheme.length + 3)
  let name: string | undefined
  const hash = rest.indexOf('#')
  if (hash >= 0) {
    name = decodeName(rest.slice(hash + 1))
    rest = rest.slice(0, hash)
  }
  let query = new Map<string, string>()
  const question = rest.indexOf('?')
  if (question >= 0) {
    const parsed = parseQuery(rest.slice(question + 1))
    if (parsed === null) return fail('malformed_uri')
    query = parsed
    rest = rest.slice(0, question)
  }
  // Names are often pasted unencoded with spaces, but whitespace anywhere else means a broken line.
  if (/\s/.test(rest)) return fail('malformed_uri')

  const at = rest.lastIndexOf('@')
  const userinfo = at >= 0 ? rest.slice(0, at) : null
  let hostport = at >= 0 ? rest.slice(at + 1) : rest
  // Legacy ss:// bodies are standard base64, where '/' is data rather than a path separator.
  if (at < 0 && opaqueWithoutAt) return ok({ scheme, userinfo, hostport: hostport.replace(/\/$/, ''), query, name })
  const slash = hostport.indexOf('/')
  if (slash >= 0) {
    // SIP002 and many panels put "/" before "?"; any longer path is not a share link.
    if (hostport.slice(slash) !== '/') return fail('malformed_uri')
    hostport = hostport.slice(0, slash)
  }
  return ok({ scheme, userinfo, hostport, query, name })
}

/** Names are cosmetic: a stray '%' should not cost the user the whole key, so fall back to raw text. */
function decodeName(fragment: string): string | undefined {
  if (fragment === '') return undefined
  return percentDecode(fragment) ?? fragment
}

export function percentDecode(value: string): string | null {
  try {
    return decodeURIComponent(value)
  } catch {
    return null
  }
}

/** '+' stays literal (RFC 3986); treating it as space would corrupt base64 passwords. */
export function parseQuery(query: string): Map<string, string> | null {
  const result = new Map<string, string>()
  for (const pair of query.split('&')) {
    if (pair === '') continue
    const eq = pair.indexOf('=')
    const key = percentDecode(eq >= 0 ? pair.slice(0, eq) : pair)
    const value = percentDecode(eq >= 0 ? pair.slice(eq + 1) : '')
    if (key === null || value === null || /\s/.test(pair)) return null
    result.set(key, value)
  }
  return result
}

export function buildQuery(pairs: ReadonlyArray<readonly [string, string]>): string {
  return pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&')
}

export function buildFragment(name: string | undefined): string {
  return name ? `#${encodeURIComponent(name)}` : ''
}

/** The schemes of the share links the site serves (Hysteria 2 by either of its names): one list for naming and serving. */
export const SHARE_LINK_SCHEMES: ReadonlySet<string> = new Set(['vless', 'trojan', 'ss', 'hysteria2', 'hy2'])

/** Whether a key is a one-line share link (not a WireGuard, OpenVPN or SSTP file). */
export function isShareLink(link: string): boolean {
  const scheme = linkScheme(link)
  return scheme !== null && SHARE_LINK_SCHEMES.has(scheme)
}

/** A share link with `name` as its fragment (what apps show as the key's name); anything else unchanged. */
export function withLinkName(link: string, name: string): string {
  if (!isShareLink(link)) return link
  const hash = link.indexOf('#')
  return `${hash >= 0 ? link.slice(0, hash) : link}${buildFragment(name)}`
}

/** `host`, `host:port` or `[v6]:port` split into a valid host and the raw text after its colon (undefined without one). */
export function splitHostPort(text: string): ParseResult<{ host: string; portText: string | undefined }> {
  if (text === '') return fail('missing_host')
  let host: string
  let portText: string | undefined
  if (text.startsWith('[')) {
    const close = text.indexOf(']')
    if (close < 0) return fail('invalid_host')
    host = text.slice(1, close)
    const after = text.slice(close + 1)
    if (after !== '' && !after.startsWith(':')) return fail('invalid_host')
    portText = after === '' ? undefined : after.slice(1)
    if (!isIpv6(host)) return fail('invalid_host')
  } else {
    const colon = text.lastIndexOf(':')
    host = colon >= 0 ? text.slice(0, colon) : text
    portText = colon >= 0 ? text.slice(colon + 1) : undefined
    // An unbracketed IPv6 address makes the port ambiguous, so refuse rather than guess.
    if (host.includes(':')) return fail('invalid_host')
  }
  const hostError = hostProblem(host)
  return hostError ? fail(hostError) : ok({ host, portText })
}

export function parseHostPort(text: string): ParseResult<HostPort> {
  const split = splitHostPort(text)
  if (!split.ok) return split
  const { host, portText } = split.value
  if (portText === undefined || portText === '') return fail('missing_port')
  if (!/^\d{1,5}$/.test(portText)) return fail('invalid_port')
  const port = Number(portText)
  if (!isValidPort(port)) return fail('invalid_port')
  return ok({ host, port })
}

/** Brackets IPv6 literals, as RFC 3986 and wg-quick both require next to a port. */
export function formatHostPort(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`
}

export function isValidPort(port: number): boolean {
  return Number.isInteger(port) && port >= 1 && port <= 65535
}

export function hostProblem(host: string): KeyParseError | null {
  if (host === '') return 'missing_host'
  if (host.includes(':')) return isIpv6(host) ? null : 'invalid_host'
  if (/^[\d.]+$/.test(host)) return isIpv4(host) ? null : 'invalid_host'
  return isHostname(host) ? null : 'invalid_host'
}

/** Builder-side guard: throws so that we never hand a user a link that cannot connect. */
export function assertHostPort(host: string, port: number): void {
  const problem = hostProblem(host)
  if (problem) throw new KeyFormatError(problem, host)
  if (!isValidPort(port)) throw new KeyFormatError('invalid_port', String(port))
}

function isIpv4(value: string): boolean {
  const parts = value.split('.')
  return parts.length === 4 && parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)
}

function isIpv6(value: string): boolean {
  if (value.length > 45 || !/^[0-9A-Fa-f:.]+$/.test(value)) return false
  const halves = value.split('::')
  if (halves.length > 2) return false
  const groups = halves.flatMap((half) => (half === '' ? [] : half.split(':')))
  let count = groups.length
  const last = groups[groups.length - 1]
  if (last !== undefined && last.includes('.')) {
    if (!isIpv4(last)) return false
    groups.pop()
    count += 1 // an embedded IPv4 address fills two 16-bit groups
  }
  if (!groups.every((group) => /^[0-9A-Fa-f]{1,4}$/.test(group))) return false
  return halves.length === 2 ? count <= 7 : count === 8
}

// Unicode letters are allowed because Cyrillic (.рф) hosts are realistic for this audience.
const LABEL = /^[\p{L}\p{N}_](?:[\p{L}\p{N}_-]{0,61}[\p{L}\p{N}_])?$/u

function isHostname(value: string): boolean {
  return value.length <= 253 && value.split('.').every((label) => LABEL.test(label))
}
