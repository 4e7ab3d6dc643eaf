// The OpenVPN client's hard reset a probe sends: plain, sealed with the profile's tls-crypt key as OpenVPN does (the
// header in clear, HMAC-SHA256 over header and plaintext, the plaintext under AES-256-CTR with the tag as IV), or
// signed with its tls-auth key (the HMAC of the profile's digest after opcode and session).
import { Buffer } from 'node:buffer'
import { createDecipheriv, createHmac, randomBytes } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { hardReset, signedHardReset, tlsAuthKey, tlsCryptKey } from '@/probe/openvpn'

const KEY = randomBytes(256)
const profile = (key: Buffer) =>
  `client\nremote 203.0.113.9 1194 udp\n<tls-crypt>\n#\n# 2048 bit OpenVPN static key\n#\n-----BEGIN OpenVPN Static key V1-----\n${key.toString('hex').replace(/(.{32})/g, '$1\n')}-----END OpenVPN Static key V1-----\n</tls-crypt>\n`

describe('the OpenVPN reset a probe sends', () => {
  it('reads the tls-crypt key of a profile, and nothing from a profile without one', () => {
    expect(tlsCryptKey(profile(KEY))).toEqual(KEY)
    expect(tlsCryptKey('client\nremote 203.0.113.9 1194\n')).toBeNull()
    expect(tlsCryptKey(profile(KEY.subarray(0, 128)))).toBeNull()
  })

  it('is opcode 7 with a new session, no acks and message id 0; sealed, it opens with the key’s client half', () => {
    const plain = hardReset(null).packet
    expect(plain[0]).toBe(7 << 3)
    expect(plain).toHaveLength(1 + 8 + 1 + 4)
    expect(hardReset(null).session).not.toEqual(hardReset(null).session)

    const now = Date.parse('2026-11-29T08:00:00Z')
    const { packet, session } = hardReset(KEY, now)
    expect(packet[0]).toBe(7 << 3)
    expect(packet.subarray(1, 9)).toEqual(session)
    expect(packet.readUInt32BE(9)).toBe(1)
    expect(packet.readUInt32BE(13)).toBe(now / 1000)
    const header = packet.subarray(0, 17)
    const tag = packet.subarray(17, 49)
    const decipher = createDecipheriv('aes-256-ctr', KEY.subarray(128, 160), tag.subarray(0, 16))
    const opened = Buffer.concat([decipher.update(packet.subarray(49)), decipher.final()])
    expect(opened).toEqual(Buffer.alloc(5))
    expect(createHmac('sha256', KEY.subarray(192, 224)).update(Buffer.concat([header, opened])).digest()).toEqual(tag)
  })
})

describe('the OpenVPN reset signed with tls-auth', () => {
  const authProfile = (extra: string) =>
    `client\nremote 203.0.113.9 1194 udp\n${extra}<tls-auth>\n-----BEGIN OpenVPN Static key V1-----\n${KEY.toString('hex').replace(/(.{32})/g, '$1\n')}-----END OpenVPN Static key V1-----\n</tls-auth>\n`

  it('signs with the HMAC half of the slot the key direction sends with, as long as the profile’s digest (SHA1 unless named)', () => {
    expect(tlsAuthKey(authProfile('key-direction 1\nauth SHA256\n'))).toEqual({ key: KEY.subarray(192, 224), digest: 'sha256' })
    expect(tlsAuthKey(authProfile('key-direction 0\n'))).toEqual({ key: KEY.subarray(64, 84), digest: 'sha1' })
    expect(tlsAuthKey(authProfile('auth sha512\n'))).toEqual({ key: KEY.subarray(64, 128), digest: 'sha512' })
    // No inline key (a file beside the profile), or a digest it cannot be: not checked, not guessed.
    expect(tlsAuthKey('client\nremote 203.0.113.9 1194\ntls-auth ta.key 1\n')).toBeNull()
    expect(tlsAuthKey(authProfile('auth none\n'))).toBeNull()
  })

  it('is opcode 7 and a new session, the HMAC over packet id, time, opcode, session and the rest, then those in clear', () => {
    const auth = { key: KEY.subarray(192, 224), digest: 'sha256' }
    const now = Date.parse('2026-11-29T08:00:00Z')
    const { packet, session } = signedHardReset(auth, now)
    expect(packet[0]).toBe(7 << 3)
    expect(packet.subarray(1, 9)).toEqual(session)
    const hmac = packet.subarray(9, 41)
    const packetId = packet.subarray(41, 49)
    expect(packetId.readUInt32BE(0)).toBe(1)
    expect(packetId.readUInt32BE(4)).toBe(now / 1000)
    const rest = packet.subarray(49)
    expect(rest).toEqual(Buffer.alloc(5))
    expect(createHmac('sha256', auth.key).update(Buffer.concat([packetId, packet.subarray(0, 9), rest])).digest()).toEqual(hmac)
  })
})
