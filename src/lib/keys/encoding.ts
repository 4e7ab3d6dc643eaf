// Base64 variants met in key formats: WireGuard wants padded standard base64, Xray REALITY unpadded base64url, ss:// links either.
import { Buffer } from 'node:buffer'

const BASE64_EITHER_ALPHABET = /^[A-Za-z0-9+/_-]+={0,2}$/

/**
 * Accepts standard or URL-safe alphabet, padded or not, because ss:// generators disagree;
 * returns null instead of throwing since Buffer.from itself silently drops bad characters.
 */
export function decodeBase64Loose(input: string): Buffer | null {
  if (!BASE64_EITHER_ALPHABET.test(input)) return null
  const body = input.replace(/=+$/, '')
  if (body.length % 4 === 1) return null
  return Buffer.from(body.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
}

/** Buffer#toString replaces invalid bytes with U+FFFD; comparing back catches binary garbage. */
export function decodeUtf8Strict(bytes: Buffer): string | null {
  const text = bytes.toString('utf8')
  return Buffer.from(text, 'utf8').equals(bytes) ? text : null
}

export function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64')
}

export function toBase64Url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url')
}

export function base64UrlToBase64(value: string): string {
  return Buffer.from(value, 'base64url').toString('base64')
}

// The last character before '=' carries 2 spare bits; wg(8) rejects keys where they are set.
const WIREGUARD_KEY = /^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$/

/** Exactly what `wg` accepts: 44 characters of padded standard base64 encoding 32 bytes. */
export function isWireguardKey(value: string): boolean {
  return WIREGUARD_KEY.test(value)
}

// Xray decodes with Go's RawURLEncoding, which is lenient about the spare bits, so only the shape is checked.
const REALITY_KEY = /^[A-Za-z0-9_-]{43}$/

export function isRealityKey(value: string): boolean {
  return REALITY_KEY.test(value)
}
