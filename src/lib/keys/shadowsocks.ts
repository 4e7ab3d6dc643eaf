// ss:// links: SIP002 (base64url userinfo), SIP022 plain userinfo for 2022-blake3 ciphers, Outline's flag and the legacy all-base64 form.
import { Buffer } from 'node:buffer'

import { decodeBase64Loose, decodeUtf8Strict } from './encoding'
import { KeyFormatError, fail, ok } from './result'
import type { KeyParseError, ParseResult } from './types'
import { assertHostPort, buildFragment, buildQuery, formatHostPort, parseHostPort, percentDecode, splitLink } from './uri'

export const SHADOWSOCKS_AEAD_METHODS = ['chacha20-ietf-poly1305', 'aes-256-gcm', 'aes-128-gcm'] as const
export const SHADOWSOCKS_2022_METHODS = [
  '2022-blake3-aes-128-gcm',
  '2022-blake3-aes-256-gcm',
  '2022-blake3-chacha20-poly1305',
] as const
export const SHADOWSOCKS_METHODS = [...SHADOWSOCKS_AEAD_METHODS, ...SHADOWSOCKS_2022_METHODS] as const
export type ShadowsocksMethod = (typeof SHADOWSOCKS_METHODS)[number]

export interface ShadowsocksLink {
  method: ShadowsocksMethod
  password: string
  host: string
  port: number
  /** SIP003 plugin with options, e.g. "obfs-local;obfs=http". */
  plugin?: string
  /** Appends `/?outline=1`, which the Outline client uses to recognise its own access keys. */
  outline?: boolean
  name?: string
}

export function isShadowsocksMethod(value: string): value is ShadowsocksMethod {
  return (SHADOWSOCKS_METHODS as readonly string[]).includes(value)
}

export function isShadowsocks2022Method(method: ShadowsocksMethod): boolean {
  return method.startsWith('2022-')
}

export function buildShadowsocksUri(link: ShadowsocksLink): string {
  if (!isShadowsocksMethod(link.method)) throw new KeyFormatError('unsupported_method', link.method)
  const problem = passwordProblem(link.method, link.password)
  if (problem) throw new KeyFormatError(problem)
  assertHostPort(link.host, link.port)

  // SIP022 forbids base64 for 2022 ciphers: their keys are base64 already and clients expect them readable.
  const userinfo = isShadowsocks2022Method(link.method)
    ? `${encodeURIComponent(link.method)}:${encodeURIComponent(link.password)}`
    : Buffer.from(`${link.method}:${link.password}`, 'utf8').toString('base64url')

  const pairs: Array<[string, string]> = []
  if (link.plugin !== undefined) pairs.push(['plugin', link.plugin])
  if (link.outline) pairs.push(['outline', '1'])
  const query = pairs.length > 0 ? `/?${buildQuery(pairs)}` : ''
  return `ss://${userinfo}@${formatHostPort(link.host, link.port)}${query}${buildFragment(link.name)}`
}

export function parseShadowsocksUri(input: string): ParseResult<ShadowsocksLink> {
  const parts = splitLink(input.trim(), 'ss', true)
  if (!parts.ok) return parts
  let { userinfo, hostport } = parts.value
  const { query, name } = parts.value

  if (userinfo === null) {
    // Legacy form: everything before '#' is base64("method:password@host:port").
    const decoded = decodeText(hostport)
    if (decoded === null) return fail('malformed_uri')
    const at = decoded.lastIndexOf('@')
    if (at < 0) return fail('missing_credentials')
    userinfo = decoded.slice(0, at)
    hostport = decoded.slice(at + 1)
  } else {
    // Percent-decoding first also covers generators that escape base64 padding as %3D.
    const raw = percentDecode(userinfo)
    if (raw === null) return fail('malformed_uri')
    const plain = raw.includes(':') ? raw : decodeText(raw)
    if (plain === null) return fail('missing_credentials')
    userinfo = plain
  }

  const colon = userinfo.indexOf(':')
  if (colon <= 0 || colon === userinfo.length - 1) return fail('missing_credentials')
  const method = userinfo.slice(0, colon).toLowerCase()
  const password = userinfo.slice(colon + 1)
  if (!isShadowsocksMethod(method)) return fail('unsupported_method')
  const problem = passwordProblem(method, password)
  if (problem) return fail(problem)

  const address = parseHostPort(hostport)
  if (!address.ok) return address

  const link: ShadowsocksLink = { method, password, host: address.value.host, port: address.value.port }
  const plugin = query.get('plugin')
  if (plugin !== undefined && plugin !== '') link.plugin = plugin
  const outline = query.get('outline')
  if (outline !== undefined && outline !== '0' && outline !== 'false') link.outline = true
  if (name !== undefined) link.name = name
  return ok(link)
}

function decodeText(base64: string): string | null {
  const bytes = decodeBase64Loose(base64)
  return bytes === null ? null : decodeUtf8Strict(bytes)
}

/**
 * 2022 ciphers take raw keys, not passwords: each ':'-separated PSK (server and user keys in
 * multi-user setups) must be base64 of exactly the cipher's key length, or the server drops us.
 */
function passwordProblem(method: ShadowsocksMethod, password: string): KeyParseError | null {
  if (password === '') return 'missing_credentials'
  if (!isShadowsocks2022Method(method)) return null
  const keyLength = method === '2022-blake3-aes-128-gcm' ? 16 : 32
  const valid = password.split(':').every((psk) => {
    const bytes = /^[A-Za-z0-9+/]+={0,2}$/.test(psk) ? Buffer.from(psk, 'base64') : null
    return bytes !== null && bytes.length === keyLength
  })
  return valid ? null : 'invalid_password'
}
