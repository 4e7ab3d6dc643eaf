// Generators for seeds and demo provisioning: formats servers accept and real X25519 key pairs.
import { Buffer } from 'node:buffer'
import { createPrivateKey, createPublicKey } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { buildVlessUri, generatePassword, generateRealityKeyPair, generateShortId, generateUuid, isUuid } from '@/lib/keys'

describe('generateUuid', () => {
  it('returns a random RFC 4122 v4 UUID', () => {
    const uuid = generateUuid()
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(isUuid(uuid)).toBe(true)
    expect(generateUuid()).not.toBe(uuid)
  })
})

describe('generatePassword', () => {
  it('returns URL-safe base64 of 16 bytes by default (22 characters)', () => {
    const password = generatePassword()
    expect(password).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(Buffer.from(password, 'base64url')).toHaveLength(16)
  })

  it('honours the requested byte length and rejects tiny ones', () => {
    expect(Buffer.from(generatePassword(32), 'base64url')).toHaveLength(32)
    expect(() => generatePassword(2)).toThrow(RangeError)
  })
})

describe('generateShortId', () => {
  it('returns 16 hex characters by default and 8 on request', () => {
    expect(generateShortId()).toMatch(/^[0-9a-f]{16}$/)
    expect(generateShortId(8)).toMatch(/^[0-9a-f]{8}$/)
  })
})

describe('generateRealityKeyPair', () => {
  it('prints both keys as unpadded base64url of 32 bytes, like `xray x25519`', () => {
    const pair = generateRealityKeyPair()
    for (const key of [pair.privateKey, pair.publicKey]) {
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(Buffer.from(key, 'base64url')).toHaveLength(32)
    }
  })

  it('returns a public key that belongs to the private key', () => {
    const pair = generateRealityKeyPair()
    const privateKey = createPrivateKey({
      key: { kty: 'OKP', crv: 'X25519', d: pair.privateKey, x: pair.publicKey },
      format: 'jwk',
    })
    expect(createPublicKey(privateKey).export({ format: 'jwk' }).x).toBe(pair.publicKey)
  })

  it('produces keys a REALITY link accepts', () => {
    const { publicKey } = generateRealityKeyPair()
    const link = { uuid: generateUuid(), host: 'a.example', port: 443, type: 'tcp', security: 'reality', encryption: 'none', publicKey, shortId: generateShortId() } as const
    expect(buildVlessUri(link)).toContain(`pbk=${publicKey}`)
  })
})
