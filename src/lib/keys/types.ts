// Protocol identifiers and the result/error vocabulary shared by every key-format parser.

export const PROTOCOLS = ['vless', 'outline', 'trojan', 'wireguard', 'openvpn', 'sstp'] as const

/** `outline` is Shadowsocks: Outline is the brand users know, `ss://` is the wire format. */
export type Protocol = (typeof PROTOCOLS)[number]

export function isProtocol(value: unknown): value is Protocol {
  return typeof value === 'string' && (PROTOCOLS as readonly string[]).includes(value)
}

/**
 * Machine codes rather than messages: the bulk importer maps them to localized text
 * ("line 4 rejected: invalid port"), so they must stay stable once shipped.
 */
export const KEY_PARSE_ERRORS = [
  'empty_input',
  'unknown_scheme',
  'malformed_uri',
  'missing_host',
  'invalid_host',
  'missing_port',
  'invalid_port',
  'missing_credentials',
  'invalid_uuid',
  'unsupported_method',
  'invalid_password',
  'unsupported_transport',
  'unsupported_security',
  'invalid_reality_params',
  'invalid_key',
  'missing_field',
  'invalid_config',
] as const

export type KeyParseError = (typeof KEY_PARSE_ERRORS)[number]

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: KeyParseError }
