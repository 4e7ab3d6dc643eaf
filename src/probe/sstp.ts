// A small SSTP client in user space: the probe's check of an SSTP key, and the tests' proof of SoftEther's, where the
// kernel has no PPP driver (Debian's sstp-client needs /dev/ppp): TLS to the server, the SSTP call (MS-SSTP: SSTP_DUPLEX_POST, CALL_CONNECT_REQUEST/ACK), then PPP
// in SSTP data packets (RFC 1661 LCP, RFC 1334 PAP, RFC 1332 IPCP) until the server assigns the client an address.
// Only what a handshake needs: no data is sent through the tunnel. Built to MS-SSTP and the PPP RFCs, and checked
// against SoftEther's server (src/Cedar/Proto_SSTP.c, Proto_PPP.c), which offers EAP, then MS-CHAPv2, then PAP.
import { randomBytes, randomUUID } from 'node:crypto'
import { connect } from 'node:tls'
import type { TLSSocket } from 'node:tls'

const SSTP_VERSION = 0x10
const MSG = { connectRequest: 1, connectAck: 2, connectNak: 3, connected: 4, abort: 5, disconnect: 6, disconnectAck: 7, echoRequest: 8, echoResponse: 9 } as const
const PROTOCOL = { lcp: 0xc021, pap: 0xc023, ipcp: 0x8021 } as const
const LCP = { confReq: 1, confAck: 2, confNak: 3, confRej: 4, termReq: 5, termAck: 6, protoRej: 8, echoReq: 9, echoReply: 10 } as const
const OPTION_AUTH = 3
const OPTION_MAGIC = 5
const IPCP_ADDRESS = 3

/** Where the call failed: TLS under the server's name, or the SSTP call and PPP after it (authentication included). */
export type SstpStage = 'tls' | 'handshake'

export class SstpError extends Error {
  override name = 'SstpError'
  constructor(
    message: string,
    readonly stage: SstpStage = 'handshake',
  ) {
    super(message)
  }
}

type Options = { host: string; port: number; login: string; password: string; timeoutMs?: number }

function sstpControl(type: number, attributes: Buffer[]): Buffer {
  const body = Buffer.concat([Buffer.from([type >> 8, type & 0xff, attributes.length >> 8, attributes.length & 0xff]), ...attributes])
  const header = Buffer.from([SSTP_VERSION, 1, 0, 0])
  header.writeUInt16BE(4 + body.length, 2)
  return Buffer.concat([header, body])
}

function attribute(id: number, value: Buffer): Buffer {
  const head = Buffer.from([0, id, 0, 0])
  head.writeUInt16BE(4 + value.length, 2)
  return Buffer.concat([head, value])
}

function pppFrame(protocol: number, code: number, id: number, data: Buffer): Buffer {
  const packet = Buffer.alloc(4)
  packet.writeUInt8(code, 0)
  packet.writeUInt8(id & 0xff, 1)
  packet.writeUInt16BE(4 + data.length, 2)
  const frame = Buffer.concat([Buffer.from([0xff, 0x03, protocol >> 8, protocol & 0xff]), packet, data])
  const header = Buffer.from([SSTP_VERSION, 0, 0, 0])
  header.writeUInt16BE(4 + frame.length, 2)
  return Buffer.concat([header, frame])
}

function options(data: Buffer): { type: number; value: Buffer }[] {
  const list: { type: number; value: Buffer }[] = []
  for (let at = 0; at + 2 <= data.length; ) {
    const length = data[at + 1]!
    if (length < 2) break
    list.push({ type: data[at]!, value: data.subarray(at + 2, at + length) })
    at += length
  }
  return list
}

const option = (type: number, value: Buffer) => Buffer.concat([Buffer.from([type, 2 + value.length]), value])

/** Connects, authenticates with PAP and negotiates IPCP; resolves with the address the server assigned. */
export function sstpHandshake({ host, port, login, password, timeoutMs = 15_000 }: Options): Promise<{ address: string; log: string[] }> {
  const log: string[] = []
  let secured = false
  return new Promise((resolve, reject) => {
    let socket: TLSSocket | null = null
    let buffer = Buffer.alloc(0)
    let httpDone = false
    let id = 1
    let lcpOursAcked = false
    let lcpTheirsAcked = false
    let papSent = false
    let papAccepted = false
    let address = Buffer.from([0, 0, 0, 0])
    const magic = randomBytes(4)
    // SoftEther rejects the magic-number option (it takes MRU and authentication only): asked again without it.
    let sendMagic = true
    const finish = (error: Error | null, value?: { address: string; log: string[] }) => {
      clearTimeout(timer)
      socket?.destroy()
      if (error) reject(error)
      else resolve(value!)
    }
    const timer = setTimeout(() => finish(new SstpError(`no address within ${timeoutMs} ms:\n${log.join('\n')}`, secured ? 'handshake' : 'tls')), timeoutMs)
    const send = (packet: Buffer) => socket?.write(packet)
    const sendLcpRequest = () => send(pppFrame(PROTOCOL.lcp, LCP.confReq, id++, sendMagic ? option(OPTION_MAGIC, magic) : Buffer.alloc(0)))
    const sendIpcpRequest = () => send(pppFrame(PROTOCOL.ipcp, LCP.confReq, id++, option(IPCP_ADDRESS, address)))
    const maybeAuthenticate = () => {
      if (!lcpOursAcked || !lcpTheirsAcked || papSent) return
      papSent = true
      const user = Buffer.from(login, 'utf8')
      const secret = Buffer.from(password, 'utf8')
      log.push('PAP: authenticate')
      send(pppFrame(PROTOCOL.pap, 1, id++, Buffer.concat([Buffer.from([user.length]), user, Buffer.from([secret.length]), secret])))
    }

    const onLcp = (code: number, packetId: number, data: Buffer) => {
      if (code === LCP.confReq) {
        // Anything but PAP is asked for PAP instead (SoftEther then offers MS-CHAPv2, then PAP).
        const auth = options(data).find((entry) => entry.type === OPTION_AUTH)
        if (auth && auth.value.readUInt16BE(0) !== PROTOCOL.pap) {
          log.push(`LCP: server asks for auth 0x${auth.value.toString('hex')}, answering PAP`)
          send(pppFrame(PROTOCOL.lcp, LCP.confNak, packetId, option(OPTION_AUTH, Buffer.from([0xc0, 0x23]))))
          return
        }
        log.push(`LCP: server's request acknowledged${auth ? ' (PAP)' : ''}`)
        send(pppFrame(PROTOCOL.lcp, LCP.confAck, packetId, data))
        // Authentication starts once the server's request naming PAP is acknowledged.
        if (auth) lcpTheirsAcked = true
      } else if (code === LCP.confAck) {
        lcpOursAcked = true
      } else if (code === LCP.confNak || code === LCP.confRej) {
        if (code === LCP.confRej && options(data).some((entry) => entry.type === OPTION_MAGIC)) sendMagic = false
        log.push(`LCP: server ${code === LCP.confRej ? 'rejects' : 'naks'} our options, asking again${sendMagic ? '' : ' without a magic number'}`)
        sendLcpRequest()
      } else if (code === LCP.echoReq) {
        send(pppFrame(PROTOCOL.lcp, LCP.echoReply, packetId, Buffer.concat([magic, data.subarray(4)])))
      } else if (code === LCP.termReq) {
        send(pppFrame(PROTOCOL.lcp, LCP.termAck, packetId, Buffer.alloc(0)))
        // SoftEther answers a wrong password with no PAP refusal: it ends the link (Proto_PPP.c, PPP_STATUS_FAIL).
        const reason = papSent && !papAccepted ? 'authentication failed (the server ended the link after the password)' : 'the server ended the link (LCP terminate)'
        finish(new SstpError(`${reason}:\n${log.join('\n')}`))
        return
      }
      maybeAuthenticate()
    }

    const onPpp = (frame: Buffer) => {
      if (frame.length < 8 || frame[0] !== 0xff || frame[1] !== 0x03) return
      const protocol = frame.readUInt16BE(2)
      const code = frame[4]!
      const packetId = frame[5]!
      const data = frame.subarray(8, frame.readUInt16BE(6) + 4)
      if (protocol === PROTOCOL.lcp) return onLcp(code, packetId, data)
      if (protocol === PROTOCOL.pap) {
        if (code === 2) {
          papAccepted = true
          log.push('PAP: accepted')
          // The call is complete from the client's side (SoftEther does not check the crypto binding after PAP).
          send(sstpControl(MSG.connected, [attribute(3, Buffer.alloc(100))]))
          sendIpcpRequest()
        } else if (code === 3) {
          finish(new SstpError(`authentication failed (PAP refused the login):\n${log.join('\n')}`))
        }
        return
      }
      if (protocol === PROTOCOL.ipcp) {
        if (code === LCP.confReq) send(pppFrame(PROTOCOL.ipcp, LCP.confAck, packetId, data))
        else if (code === LCP.confNak) {
          const offered = options(data).find((entry) => entry.type === IPCP_ADDRESS)
          if (offered) address = Buffer.from(offered.value)
          log.push(`IPCP: server offers ${[...address].join('.')}`)
          sendIpcpRequest()
        } else if (code === LCP.confAck) {
          finish(null, { address: [...address].join('.'), log })
        }
        return
      }
      // Anything else (CCP, IPv6CP) is refused, as a client without it does.
      if (protocol !== 0) send(pppFrame(PROTOCOL.lcp, LCP.protoRej, id++, frame.subarray(2)))
    }

    const onPacket = (packet: Buffer) => {
      if (packet[1]! & 1) {
        const type = packet.readUInt16BE(4)
        log.push(`SSTP: control message ${type}`)
        if (type === MSG.connectAck) sendLcpRequest()
        else if (type === MSG.connectNak || type === MSG.abort || type === MSG.disconnect) finish(new SstpError(`the server refused the SSTP call (message ${type}):\n${log.join('\n')}`))
        else if (type === MSG.echoRequest) send(sstpControl(MSG.echoResponse, []))
        return
      }
      onPpp(packet.subarray(4))
    }

    socket = connect({ host, port, servername: /^[\d.:]+$/.test(host) ? undefined : host, rejectUnauthorized: false }, () => {
      secured = true
      const correlation = randomUUID().toUpperCase()
      socket!.write(`SSTP_DUPLEX_POST /sra_{BA195980-CD49-458b-9E23-C84EE0ADCD75}/ HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 18446744073709551615\r\nSSTPCORRELATIONID: {${correlation}}\r\n\r\n`)
    })
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk])
      if (!httpDone) {
        const end = buffer.indexOf('\r\n\r\n')
        if (end === -1) return
        const head = buffer.subarray(0, end).toString('latin1')
        if (!/^HTTP\/1\.1 200 /.test(head)) return finish(new SstpError(`the server did not take the SSTP request: ${head.split('\r\n')[0]}`))
        httpDone = true
        buffer = buffer.subarray(end + 4)
        log.push('SSTP: HTTPS accepted')
        send(sstpControl(MSG.connectRequest, [attribute(1, Buffer.from([0x00, 0x01]))]))
      }
      while (buffer.length >= 4 && buffer[0] === SSTP_VERSION) {
        const length = buffer.readUInt16BE(2) & 0x0fff
        if (length < 4 || buffer.length < length) break
        const packet = buffer.subarray(0, length)
        buffer = buffer.subarray(length)
        onPacket(packet)
      }
    })
    socket.on('error', (error) => finish(new SstpError(`${host}:${port}: ${error.message}`, secured ? 'handshake' : 'tls')))
    socket.on('close', () => finish(new SstpError(`the server closed the connection:\n${log.join('\n')}`, secured ? 'handshake' : 'tls')))
  })
}
