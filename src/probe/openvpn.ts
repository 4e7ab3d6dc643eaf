// An OpenVPN key checked from a probe as the app's first packet: the client's hard reset (P_CONTROL_HARD_RESET_CLIENT_V2)
// built from the key's own profile, wrapped with its tls-crypt key (as OpenVPN 2.4+ sends it) or signed with its
// tls-auth key, over the profile's UDP or TCP, and the server's hard reset awaited. A server with tls-crypt or
// tls-auth answers only a reset sealed or signed with its key; no answer while the server is reachable is what a
// censor dropping OpenVPN by its opcode looks like. A profile whose tls-auth key is a file beside it (not inline) is
// left unchecked (not guessed).
import { Buffer } from 'node:buffer'
import { createCipheriv, createHmac, randomBytes } from 'node:crypto'
import { createSocket } from 'node:dgram'
import { lookup } from 'node:dns/promises'
import { connect } from 'node:net'

import { parseOpenVpnProfile } from '@/lib/keys/openvpn'

const HARD_RESET_CLIENT_V2 = 7
const HARD_RESET_SERVER_V2 = 8

/** The tls-crypt key of a profile: 256 bytes from its hex lines, or null when it has none. */
export function tlsCryptKey(profile: string): Buffer | null {
  const block = /<tls-crypt>([\s\S]*?)<\/tls-crypt>/.exec(profile)?.[1]
  const hex = block && /-----BEGIN OpenVPN Static key V1-----([\s\S]*?)-----END OpenVPN Static key V1-----/.exec(block)?.[1]
  if (!hex) return null
  const bytes = Buffer.from(hex.replace(/[^0-9a-f]/gi, ''), 'hex')
  return bytes.length === 256 ? bytes : null
}

/** The HMAC digests OpenVPN's `auth` names, as Node calls them; SHA1 when the profile names none (OpenVPN's default). */
const DIGESTS: Record<string, { name: string; bytes: number }> = {
  SHA1: { name: 'sha1', bytes: 20 },
  SHA224: { name: 'sha224', bytes: 28 },
  SHA256: { name: 'sha256', bytes: 32 },
  SHA384: { name: 'sha384', bytes: 48 },
  SHA512: { name: 'sha512', bytes: 64 },
}

/**
 * The key a client signs its control packets with under tls-auth: the HMAC half of the static key's slot its
 * `key-direction` sends with (1: the second slot, 0 or none: the first), as long as the profile's `auth` digest.
 * Null when the profile has no inline tls-auth key, or names a digest OpenVPN's tls-auth would not use here.
 */
export function tlsAuthKey(profile: string): { key: Buffer; digest: string } | null {
  const block = /<tls-auth>([\s\S]*?)<\/tls-auth>/.exec(profile)?.[1]
  const hex = block && /-----BEGIN OpenVPN Static key V1-----([\s\S]*?)-----END OpenVPN Static key V1-----/.exec(block)?.[1]
  if (!hex) return null
  const bytes = Buffer.from(hex.replace(/[^0-9a-f]/gi, ''), 'hex')
  if (bytes.length !== 256) return null
  const direction = /^\s*key-direction\s+([01])\s*$/m.exec(profile)?.[1]
  const digest = DIGESTS[(/^\s*auth\s+(\S+)\s*$/m.exec(profile)?.[1] ?? 'SHA1').toUpperCase()]
  if (!digest) return null
  const slot = direction === '1' ? 192 : 64
  return { key: bytes.subarray(slot, slot + digest.bytes), digest: digest.name }
}

/**
 * The client's hard reset signed with tls-auth, as OpenVPN writes it: opcode and session, the HMAC, the packet id and
 * time, then no acks and message id 0; the HMAC is over packet id, time, opcode, session and the rest, in that order.
 */
export function signedHardReset(auth: { key: Buffer; digest: string }, now: number = Date.now()): { packet: Buffer; session: Buffer } {
  const session = randomBytes(8)
  const head = Buffer.concat([Buffer.of(HARD_RESET_CLIENT_V2 << 3), session])
  const packetId = Buffer.alloc(8)
  packetId.writeUInt32BE(1, 0)
  packetId.writeUInt32BE(Math.floor(now / 1000), 4)
  const rest = Buffer.concat([Buffer.of(0), Buffer.alloc(4)])
  const hmac = createHmac(auth.digest, auth.key).update(Buffer.concat([packetId, head, rest])).digest()
  return { packet: Buffer.concat([head, hmac, packetId, rest]), session }
}

/**
 * The client's hard reset: opcode and key id, a new session id, and (no acks, message packet id 0, no payload);
 * with tls-crypt, the packet id and time, then HMAC-SHA256 over header and plaintext, and the plaintext under AES-256-CTR
 * with the tag's first 16 bytes as IV. The client sends with the key's second half (OpenVPN's inverse direction).
 */
export function hardReset(key: Buffer | null, now: number = Date.now()): { packet: Buffer; session: Buffer } {
  const session = randomBytes(8)
  const head = Buffer.concat([Buffer.of(HARD_RESET_CLIENT_V2 << 3), session])
  const plain = Buffer.concat([Buffer.of(0), Buffer.alloc(4)])
  if (!key) return { packet: Buffer.concat([head, plain]), session }
  const packetId = Buffer.alloc(8)
  packetId.writeUInt32BE(1, 0)
  packetId.writeUInt32BE(Math.floor(now / 1000), 4)
  const header = Buffer.concat([head, packetId])
  const [cipherKey, hmacKey] = [key.subarray(128, 160), key.subarray(192, 224)]
  const tag = createHmac('sha256', hmacKey).update(Buffer.concat([header, plain])).digest()
  const cipher = createCipheriv('aes-256-ctr', cipherKey, tag.subarray(0, 16))
  return { packet: Buffer.concat([header, tag, cipher.update(plain), cipher.final()]), session }
}

export type ResetResult = { ok: boolean; latencyMs: number | null; detail: string; stage: 'tcp' | 'handshake' | null }

const answered = (message: Buffer) => message.length > 9 && message[0]! >> 3 === HARD_RESET_SERVER_V2

/** Sends the key's hard reset to its server and waits for the server's; null when the profile cannot be checked so. */
export async function checkOpenVpnReset(profile: string, timeoutMs: number): Promise<ResetResult | null> {
  const parsed = parseOpenVpnProfile(profile)
  if (!parsed.ok) return null
  const { host, port, transport } = parsed.value
  const key = parsed.value.hasTlsCrypt ? tlsCryptKey(profile) : null
  if (parsed.value.hasTlsCrypt && !key) return null
  const signing = /^\s*<?tls-auth\b/m.test(profile) ? tlsAuthKey(profile) : null
  if (/^\s*<?tls-auth\b/m.test(profile) && !signing) return null
  const reset = () => (signing ? signedHardReset(signing) : hardReset(key)).packet
  let address: { address: string; family: number }
  try {
    address = await lookup(host)
  } catch {
    return { ok: false, latencyMs: null, detail: `${host} does not resolve`, stage: 'tcp' }
  }
  const started = performance.now()
  const success = (): ResetResult => {
    const latencyMs = Math.round(performance.now() - started)
    return { ok: true, latencyMs, detail: `the server answered the reset in ${latencyMs} ms`, stage: null }
  }
  const silence: ResetResult = { ok: false, latencyMs: null, detail: `no answer to the client's reset in ${Math.round(timeoutMs / 1000)} s`, stage: 'handshake' }
  if (transport === 'tcp') {
    return new Promise<ResetResult>((resolve) => {
      const socket = connect({ host: address.address, port })
      const done = (result: ResetResult) => {
        socket.destroy()
        resolve(result)
      }
      let connected = false
      let received = Buffer.alloc(0)
      socket.setTimeout(timeoutMs, () => done(connected ? silence : { ok: false, latencyMs: null, detail: `no TCP connection to port ${port}`, stage: 'tcp' }))
      socket.once('error', (error) => done(connected ? { ...silence, detail: `the server closed the connection (${error.message})` } : { ok: false, latencyMs: null, detail: `no TCP connection to port ${port} (${error.message})`, stage: 'tcp' }))
      socket.once('connect', () => {
        connected = true
        const packet = reset()
        const length = Buffer.alloc(2)
        length.writeUInt16BE(packet.length)
        socket.write(Buffer.concat([length, packet]))
      })
      socket.on('data', (chunk: Buffer) => {
        received = Buffer.concat([received, chunk])
        if (received.length >= 3 && answered(received.subarray(2))) done(success())
      })
      socket.once('end', () => done({ ...silence, detail: 'the server closed the connection without answering the reset' }))
    })
  }
  const socket = createSocket(address.family === 6 ? 'udp6' : 'udp4')
  try {
    return await new Promise<ResetResult>((resolve) => {
      const timers: NodeJS.Timeout[] = []
      const finish = (result: ResetResult) => {
        for (const timer of timers) clearTimeout(timer)
        resolve(result)
      }
      socket.on('message', (message) => {
        if (answered(message)) finish(success())
      })
      socket.on('error', (error) => finish({ ...silence, detail: `UDP: ${error.message}` }))
      // A client sends its reset again after two seconds when nothing comes back.
      for (const at of [0, timeoutMs / 3, (2 * timeoutMs) / 3]) timers.push(setTimeout(() => socket.send(reset(), port, address.address), at))
      timers.push(setTimeout(() => finish(silence), timeoutMs))
    })
  } finally {
    socket.close()
  }
}
