// One key checked from a probe the way an app uses it, stage by stage: a TCP connection to the server, the TLS
// handshake where the key has TLS, then a page fetched through the tunnel by a real client (Xray, or Debian's V2Ray:
// src/lib/liveness/connect.ts); a WireGuard key by its handshake (./wireguard.ts), an OpenVPN key by the server's
// answer to its reset (./openvpn.ts), an SSTP key by the whole call up to the address the server assigns (./sstp.ts). The first stage that fails is named: that is what tells a server's address blocked
// (TCP) from a fingerprint blocked (TLS or the tunnel). Loads nothing of Payload or the database.
import { connect as tlsConnect } from 'node:tls'

import { checkConnection, checkableProxy } from '@/lib/liveness/connect'
import type { LivenessClient } from '@/lib/liveness/connect'
import { probeTcp } from '@/lib/net/probeTcp'
import type { Proxy } from '@/lib/feeds/proxies'
import type { Assignment } from '@/lib/probes/rounds'

import { checkOpenVpnReset } from './openvpn'
import { SstpError, sstpHandshake } from './sstp'
import { checkWireguardHandshake } from './wireguard'

/** A key as the site lends it to a probe (the site's side: src/lib/probes/rounds.ts; a type only, nothing of it loads). */
export type ProbeAssignment = Assignment

export type ProbeResult = { key: number; ok: boolean; stage: 'tcp' | 'tls' | 'handshake' | 'data' | null; latencyMs: number | null; detail: string }

/** What this probe checks as an app would; other keys are left to probes that can (the site lends it no other). */
export const CHECKED_PROTOCOLS = ['vless', 'trojan', 'outline', 'wireguard', 'openvpn', 'sstp'] as const

export type ProbeCheckOptions = { client: LivenessClient | null; checkUrl: string; timeoutMs: number }

/** Whether a TLS handshake with the server completes under the key's name (not whether its certificate is trusted). */
function tlsHandshake(host: string, port: number, servername: string | undefined, alpn: string[] | undefined, timeoutMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = tlsConnect({ host, port, servername: servername && !/^[\d.:]+$/.test(servername) ? servername : undefined, ALPNProtocols: alpn, rejectUnauthorized: false })
    const done = (error: string | null) => {
      socket.destroy()
      resolve(error)
    }
    socket.setTimeout(timeoutMs, () => done('TLS handshake timed out'))
    socket.once('secureConnect', () => done(null))
    socket.once('error', (error) => done(`TLS handshake failed: ${error.message}`))
  })
}

function usesTls(proxy: Proxy): boolean {
  // Hysteria 2's TLS is QUIC's, over UDP: no TCP handshake to try.
  return proxy.kind !== 'shadowsocks' && proxy.kind !== 'hysteria2' && (proxy.stream.security === 'tls' || proxy.stream.security === 'reality')
}

/** An SSTP key as Windows' client uses it: TCP, TLS, the SSTP call, then PPP with the key's login until an address. */
async function checkSstp(assignment: ProbeAssignment, timeoutMs: number): Promise<ProbeResult | null> {
  const connection = assignment.connection
  if (!connection?.login || !connection.password) return null
  const port = connection.port ?? 443
  const result = (ok: boolean, stage: ProbeResult['stage'], latencyMs: number | null, detail: string): ProbeResult => ({ key: assignment.key, ok, stage, latencyMs, detail: detail.slice(0, 200) })
  if ((await probeTcp(connection.host, port, timeoutMs)) === null) return result(false, 'tcp', null, `no TCP connection to port ${port}`)
  const started = performance.now()
  try {
    const { address } = await sstpHandshake({ host: connection.host, port, login: connection.login, password: connection.password, timeoutMs })
    return result(true, null, Math.round(performance.now() - started), `SSTP call up, the server assigned ${address}`)
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error)
    return result(false, error instanceof SstpError ? error.stage : 'handshake', null, message)
  }
}

/**
 * The key's result, or null when this probe cannot check it as an app would (no client here for a link V2Ray cannot
 * express, or a key without what its app needs): an unchecked key is left untested, never guessed.
 */
export async function checkAssignment(assignment: ProbeAssignment, options: ProbeCheckOptions): Promise<ProbeResult | null> {
  if (assignment.protocol === 'wireguard') {
    const config = assignment.file?.content ?? assignment.link
    const handshake = config ? await checkWireguardHandshake(config, options.timeoutMs) : null
    if (!handshake) return null
    return { key: assignment.key, ok: handshake.ok, stage: handshake.ok ? null : 'handshake', latencyMs: handshake.latencyMs, detail: handshake.detail.slice(0, 200) }
  }
  if (assignment.protocol === 'openvpn') {
    const reset = assignment.file?.content ? await checkOpenVpnReset(assignment.file.content, options.timeoutMs) : null
    if (!reset) return null
    return { key: assignment.key, ok: reset.ok, stage: reset.stage, latencyMs: reset.latencyMs, detail: reset.detail.slice(0, 200) }
  }
  if (assignment.protocol === 'sstp') return checkSstp(assignment, options.timeoutMs)
  const { client } = options
  if (!client || !assignment.link) return null
  const proxy = checkableProxy(client, assignment.link)
  if (!proxy) return null
  const result = (ok: boolean, stage: ProbeResult['stage'], latencyMs: number | null, detail: string): ProbeResult => ({ key: assignment.key, ok, stage, latencyMs, detail: detail.slice(0, 200) })
  const tcp = await probeTcp(proxy.server, proxy.port, options.timeoutMs)
  if (tcp === null) return result(false, 'tcp', null, `no TCP connection to port ${proxy.port}`)
  if (usesTls(proxy) && (proxy.kind === 'vless' || proxy.kind === 'trojan')) {
    const failed = await tlsHandshake(proxy.server, proxy.port, proxy.stream.sni ?? proxy.server, proxy.stream.alpn, options.timeoutMs)
    if (failed) return result(false, 'tls', null, failed)
  }
  const through = await checkConnection(client, proxy, { checkUrl: options.checkUrl, timeoutMs: options.timeoutMs })
  // The client itself failed: that says nothing about the key.
  if (through.clientFailed) return null
  if (!through.ok) return result(false, 'data', null, through.detail)
  return result(true, null, through.latencyMs, through.detail)
}
