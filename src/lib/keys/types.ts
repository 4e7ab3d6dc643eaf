// Protocol identifiers and the result/error vocabulary shared by every key-format parser.

export const PROTOCOLS = ['vless', 'outline', 'trojan', 'wireguard', 'openvpn', 'sstp', 'hysteria2'] as const

/** `outline` is Shadowsocks: Outline is the brand users know, `ss://` is the wire format. */
export type Protocol = (typeof PROTOCOLS)[number]

export function isProtocol(value: unknown): value is Protocol {
  return typeof value === 'string' && (PROTOCOLS as readonly string[]).includes(value)
}

/**
 * The protocols of the public lists (their pages, menus, search, feeds and sitemap): the six the site lists free keys
 * of. Hysteria 2 is for subscribers only: a VIP server may offer it, and the subscription carries it to the apps that
 * read it; QUIC to foreign servers is what Russian networks throttle first, so it is a subscriber's extra way in, not
 * a free list of its own.
 */
export const LISTED_PROTOCOLS = ['vless', 'outline', 'trojan', 'wireguard', 'openvpn', 'sstp'] as const satisfies readonly Protocol[]

export type ListedProtocol = (typeof LISTED_PROTOCOLS)[number]

export function isListedProtocol(value: unknown): value is ListedProtocol {
  return typeof value === 'string' && (LISTED_PROTOCOLS as readonly string[]).includes(value)
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
