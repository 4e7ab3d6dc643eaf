// A WireGuard key checked from a probe as the app's first packet: the handshake initiation built from the key's own
// configuration (Noise_IKpsk2 as the WireGuard paper and wireguard-go make it: X25519, ChaCha20-Poly1305, BLAKE2s),
// sent over UDP to its endpoint, and the server's answer awaited. A server only answers an initiation from a peer it
// knows, so an answer proves the key is accepted; no answer, with the server reachable elsewhere, is what a censor
// dropping WireGuard by its first bytes looks like. No root, no TUN device: a volunteer's machine needs nothing more.
import { Buffer } from 'node:buffer'
import { createCipheriv, createHash, createHmac, createPrivateKey, createPublicKey, diffieHellman, generateKeyPairSync, randomBytes } from 'node:crypto'
import { createSocket } from 'node:dgram'
import { lookup } from 'node:dns/promises'

import { blake2s } from '@noble/hashes/blake2.js'

import { parseWireguardConfig } from '@/lib/keys/wireguard'

const CONSTRUCTION = Buffer.from('Noise_IKpsk2_25519_ChaChaPoly_BLAKE2s')
const IDENTIFIER = Buffer.from('WireGuard v1 zx2c4 Jason@zx2c4.com')
const LABEL_MAC1 = Buffer.from('mac1----')
const PKCS8_X25519 = Buffer.from('302e020100300506032b656e04220420', 'hex')
const SPKI_X25519 = Buffer.from('302a300506032b656e032100', 'hex')

const hash = (...parts: Uint8Array[]) => createHash('blake2s256').update(Buffer.concat(parts)).digest()
const hmac = (key: Uint8Array, ...parts: Uint8Array[]) => createHmac('blake2s256', key).update(Buffer.concat(parts)).digest()

/** Noise's HKDF over HMAC-BLAKE2s: the chaining key and, when asked, a second output (a cipher key). */
function kdf(chainingKey: Buffer, input: Uint8Array): [Buffer, Buffer] {
  const temp = hmac(chainingKey, input)
  const first = hmac(temp, Buffer.of(1))
  return [first, hmac(temp, first, Buffer.of(2))]
}

/** ChaCha20-Poly1305 with WireGuard's nonce (32 zero bits, then the counter, little-endian): ciphertext and tag. */
function seal(key: Buffer, plain: Uint8Array, associated: Uint8Array): Buffer {
  const cipher = createCipheriv('chacha20-poly1305', key, Buffer.alloc(12), { authTagLength: 16 })
  cipher.setAAD(associated, { plaintextLength: plain.length })
  return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()])
}

const privateKeyOf = (raw: Buffer) => createPrivateKey({ key: Buffer.concat([PKCS8_X25519, raw]), format: 'der', type: 'pkcs8' })
const publicKeyOf = (raw: Buffer) => createPublicKey({ key: Buffer.concat([SPKI_X25519, raw]), format: 'der', type: 'spki' })
const rawPublic = (key: ReturnType<typeof createPublicKey>) => Buffer.from(key.export({ format: 'der', type: 'spki' })).subarray(SPKI_X25519.length)

/** TAI64N: the moment, which the server checks only grows (a replayed initiation is ignored). */
function tai64n(now: number): Buffer {
  const stamp = Buffer.alloc(12)
  stamp.writeBigUInt64BE(BigInt(Math.floor(now / 1000)) + 0x400000000000000an)
  stamp.writeUInt32BE((now % 1000) * 1_000_000, 8)
  return stamp
}

/** The 148-byte handshake initiation from `privateKey` to the peer `peerPublicKey`, and its sender index. */
export function handshakeInitiation(privateKey: Buffer, peerPublicKey: Buffer, now: number = Date.now()): { packet: Buffer; sender: Buffer } {
  const ownStatic = privateKeyOf(privateKey)
  const peer = publicKeyOf(peerPublicKey)
  const ephemeral = generateKeyPairSync('x25519')
  const ephemeralPublic = rawPublic(ephemeral.publicKey)
  const sender = randomBytes(4)
  let chaining: Buffer = hash(CONSTRUCTION)
  let handshake: Buffer = hash(hash(chaining, IDENTIFIER), peerPublicKey)
  chaining = kdf(chaining, ephemeralPublic)[0]
  handshake = hash(handshake, ephemeralPublic)
  let key: Buffer
  ;[chaining, key] = kdf(chaining, diffieHellman({ privateKey: ephemeral.privateKey, publicKey: peer }))
  const encryptedStatic = seal(key, rawPublic(createPublicKey(ownStatic)), handshake)
  handshake = hash(handshake, encryptedStatic)
  ;[chaining, key] = kdf(chaining, diffieHellman({ privateKey: ownStatic, publicKey: peer }))
  const encryptedTimestamp = seal(key, tai64n(now), handshake)
  const message = Buffer.concat([Buffer.of(1, 0, 0, 0), sender, ephemeralPublic, encryptedStatic, encryptedTimestamp])
  const mac1 = Buffer.from(blake2s(message, { key: hash(LABEL_MAC1, peerPublicKey), dkLen: 16 }))
  return { packet: Buffer.concat([message, mac1, Buffer.alloc(16)]), sender }
}

export type HandshakeResult = { ok: boolean; latencyMs: number | null; detail: string }

/** Sends the key's initiation to its endpoint (three tries, as a client retries) and waits for the server's answer. */
export async function checkWireguardHandshake(config: string, timeoutMs: number): Promise<HandshakeResult | null> {
  const parsed = parseWireguardConfig(config)
  if (!parsed.ok) return null
  const { privateKey, peer } = parsed.value
  let address: { address: string; family: number }
  try {
    address = await lookup(peer.endpointHost)
  } catch {
    return { ok: false, latencyMs: null, detail: `the endpoint ${peer.endpointHost} does not resolve` }
  }
  const socket = createSocket(address.family === 6 ? 'udp6' : 'udp4')
  try {
    return await new Promise<HandshakeResult>((resolve) => {
      const started = performance.now()
      const senders: Buffer[] = []
      const timers: NodeJS.Timeout[] = []
      const finish = (result: HandshakeResult) => {
        for (const timer of timers) clearTimeout(timer)
        resolve(result)
      }
      socket.on('message', (message) => {
        if (message.length < 12) return
        const type = message.readUInt32LE(0)
        // A response (92 bytes) names our sender index as its receiver; a cookie reply (64 bytes) says the server
        // got the initiation but is under load: it is there and it answered.
        if ((type === 2 && message.length === 92 && senders.some((sender) => message.subarray(8, 12).equals(sender))) || (type === 3 && message.length === 64 && senders.some((sender) => message.subarray(4, 8).equals(sender)))) {
          const latencyMs = Math.round(performance.now() - started)
          finish({ ok: true, latencyMs, detail: type === 2 ? `handshake answered in ${latencyMs} ms` : `cookie reply in ${latencyMs} ms (the server is under load)` })
        }
      })
      socket.on('error', (error) => finish({ ok: false, latencyMs: null, detail: `UDP: ${error.message}` }))
      const send = () => {
        const initiation = handshakeInitiation(Buffer.from(privateKey, 'base64'), Buffer.from(peer.publicKey, 'base64'))
        senders.push(initiation.sender)
        socket.send(initiation.packet, peer.endpointPort, address.address)
      }
      for (const at of [0, timeoutMs / 3, (2 * timeoutMs) / 3]) timers.push(setTimeout(send, at))
      timers.push(setTimeout(() => finish({ ok: false, latencyMs: null, detail: `no answer to the handshake in ${Math.round(timeoutMs / 1000)} s` }), timeoutMs))
    })
  } finally {
    socket.close()
  }
}
