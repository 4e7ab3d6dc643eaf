// Raw 32-byte X25519 keys via node:crypto, shared by WireGuard and Xray REALITY key generation.
import { Buffer } from 'node:buffer'
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto'

export interface RawKeyPair {
  privateKey: Buffer
  publicKey: Buffer
}

// PKCS#8 header for an X25519 private key (RFC 8410); Node's JWK import would also demand the public half.
const PKCS8_X25519_PREFIX = Buffer.from('302e020100300506032b656e04220420', 'hex')

export function generateX25519(): RawKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('x25519')
  return {
    privateKey: Buffer.from(jwkField(privateKey.export({ format: 'jwk' }).d), 'base64url'),
    publicKey: Buffer.from(jwkField(publicKey.export({ format: 'jwk' }).x), 'base64url'),
  }
}

export function x25519PublicFromPrivate(privateKey: Uint8Array): Buffer {
  if (privateKey.length !== 32) throw new RangeError('X25519 private key must be 32 bytes')
  const key = createPrivateKey({ key: Buffer.concat([PKCS8_X25519_PREFIX, privateKey]), format: 'der', type: 'pkcs8' })
  return Buffer.from(jwkField(createPublicKey(key).export({ format: 'jwk' }).x), 'base64url')
}

function jwkField(value: string | undefined): string {
  if (value === undefined) throw new Error('X25519 JWK export is missing a field')
  return value
}
