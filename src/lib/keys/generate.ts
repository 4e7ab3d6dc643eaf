// Random credentials for seeds and the demo provisioning adapter, in the encodings servers expect.
import { randomBytes, randomUUID } from 'node:crypto'

import { toBase64Url } from './encoding'
import { generateX25519 } from './x25519'

export interface RealityKeyPair {
  /** Goes into the server's realitySettings.privateKey. */
  privateKey: string
  /** Goes into client links as `pbk`. */
  publicKey: string
}

/** VLESS user id. */
export function generateUuid(): string {
  return randomUUID()
}

/** base64url so the result can sit in a URI userinfo or query without escaping. */
export function generatePassword(bytes = 16): string {
  if (!Number.isInteger(bytes) || bytes < 8 || bytes > 1024) throw new RangeError('password length must be 8–1024 bytes')
  return toBase64Url(randomBytes(bytes))
}

/** REALITY short id; Xray allows 0–16 hex digits, 16 gives the most room against guessing. */
export function generateShortId(length: 8 | 16 = 16): string {
  if (length !== 8 && length !== 16) throw new RangeError('short id length must be 8 or 16')
  return randomBytes(length / 2).toString('hex')
}

/** Same encoding `xray x25519` prints: unpadded base64url of the raw 32-byte keys. */
export function generateRealityKeyPair(): RealityKeyPair {
  const pair = generateX25519()
  return { privateKey: toBase64Url(pair.privateKey), publicKey: toBase64Url(pair.publicKey) }
}
