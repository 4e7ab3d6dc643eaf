// One key checked the way a visitor's app uses it: a real client (Xray, or Debian's V2Ray) started from the key's share
// link with the configuration the site serves as its Xray JSON, and a small page fetched through it. Says whether the
// page came, how long it took, and the exit country when the check page reports one (Cloudflare's trace: `loc=DE`).
import { execFileSync, spawn } from 'node:child_process'
import { request } from 'node:http'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'

import { probeTcp } from '@/lib/net/probeTcp'
import { proxiesOf } from '@/lib/feeds/proxies'
import type { Proxy } from '@/lib/feeds/proxies'
import { xrayClientConfig } from '@/lib/feeds/xray'

export type ConnectionCheck = {
  ok: boolean
  latencyMs: number | null
  exitCountry: string | null
  detail: string
  /** The client itself failed (did not start, or cannot express the key): says nothing about the key. */
  clientFailed: boolean
}

/** The client binary and what it can speak: V2Ray 4.x has no REALITY, Vision, gRPC, HTTPUpgrade or XHTTP. */
export type LivenessClient = { command: string; kind: 'xray' | 'v2ray' }

/** `-version` (V2Ray) or `version` (Xray) output, or null when the command is not there. */
function version(command: string): string | null {
  for (const args of [['-version'], ['version']]) {
    try {
      return execFileSync(command, args, { encoding: 'utf8', timeout: 5000, stdio: ['ignore', 'pipe', 'ignore'] })
    } catch {
      // try the other spelling
    }
  }
  return null
}

/** The client on this machine: `configured` (LIVENESS_CLIENT) if set, else `xray`, else `v2ray`; null when there is none. */
export function findLivenessClient(configured?: string): LivenessClient | null {
  for (const command of configured ? [configured] : ['xray', 'v2ray']) {
    const output = version(command)
    if (output === null) continue
    return { command, kind: /xray/i.test(output) ? 'xray' : 'v2ray' }
  }
  return null
}

const V2RAY_TRANSPORTS = new Set(['tcp', 'raw', 'ws', 'http', 'h2'])

/** Shadowsocks ciphers V2Ray 4.x speaks (no 2022-blake3, no xchacha20). */
const V2RAY_SHADOWSOCKS = new Set(['aes-128-gcm', 'aes-256-gcm', 'chacha20-poly1305', 'chacha20-ietf-poly1305'])

/** Whether this client can check this key without guessing; a key it cannot speak keeps the port check. */
export function canCheck(client: LivenessClient, proxy: Proxy): boolean {
  if (proxy.kind === 'shadowsocks') return !proxy.plugin && (client.kind === 'xray' || V2RAY_SHADOWSOCKS.has(proxy.method.toLowerCase()))
  // Hysteria 2 (QUIC): the site's Xray JSON does not carry it (xray.ts), and V2Ray has none.
  if (proxy.kind === 'hysteria2') return false
  if (client.kind === 'xray') return true
  if (!V2RAY_TRANSPORTS.has(proxy.stream.transport)) return false
  if (proxy.stream.security === 'reality') return false
  return !(proxy.kind === 'vless' && proxy.flow)
}

/**
 * The proxy aimed at an address already resolved (and judged) by the caller, so the client cannot resolve the name
 * again to somewhere else; TLS still checks the name the key was made for, and WebSocket still sends it as the Host.
 */
export function aimedAt(proxy: Proxy, address: string): Proxy {
  if (proxy.server === address) return proxy
  if (proxy.kind === 'shadowsocks') return { ...proxy, server: address }
  if (proxy.kind === 'hysteria2') return { ...proxy, server: address, sni: proxy.sni ?? proxy.server }
  const name = proxy.server
  return { ...proxy, server: address, stream: { ...proxy.stream, sni: proxy.stream.sni ?? name, hostHeader: proxy.stream.hostHeader ?? name } }
}

/** The link as the client's proxy, or null when no client here can check it. */
export function checkableProxy(client: LivenessClient, link: string): Proxy | null {
  const [proxy] = proxiesOf([link], 'key')
  return proxy && canCheck(client, proxy) && xrayClientConfig(proxy) ? proxy : null
}

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

async function waitForPort(port: number, until: number): Promise<boolean> {
  while (Date.now() < until) {
    if ((await probeTcp('127.0.0.1', port, 500)) !== null) return true
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return false
}

/** A GET of an http:// URL through an HTTP proxy on loopback: status and the start of the body, or an error at `until`. */
function getThroughProxy(proxyPort: number, url: URL, until: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: proxyPort, method: 'GET', path: url.href, headers: { host: url.host, 'user-agent': 'vpnkeys-liveness/1' } }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        body += chunk
        // Enough to read a status line and a trace; a page that never ends is not waited for.
        if (body.length >= 4096) res.destroy()
      })
      res.on('close', () => resolve({ status: res.statusCode ?? 0, body }))
      res.on('error', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    // One deadline for the whole request, however slowly a server trickles bytes.
    const timer = setTimeout(() => req.destroy(new Error('timed out')), Math.max(0, until - Date.now()))
    req.on('close', () => clearTimeout(timer))
    req.on('error', reject)
    req.end()
  })
}

/** Cloudflare's /cdn-cgi/trace and similar pages name the country the request left from. */
export function exitCountryOf(body: string): string | null {
  const match = /^loc=([A-Z]{2})$/m.exec(body)
  return match ? match[1]!.toLowerCase() : null
}

export async function checkConnection(client: LivenessClient, proxy: Proxy, options: { checkUrl: string; timeoutMs: number }): Promise<ConnectionCheck> {
  const config = xrayClientConfig(proxy) as { inbounds: { port: number }[] } | null
  if (!config) return { ok: false, latencyMs: null, exitCountry: null, detail: 'the link cannot be expressed as a client configuration', clientFailed: true }
  const [socksPort, httpPort] = [await freePort(), await freePort()]
  config.inbounds[0]!.port = socksPort
  config.inbounds[1]!.port = httpPort
  const until = Date.now() + options.timeoutMs
  const child = spawn(client.command, client.kind === 'xray' ? ['run', '-config', 'stdin:'] : ['-config', 'stdin:'], { stdio: ['pipe', 'ignore', 'ignore'] })
  // A client that cannot start (gone, or no processes left) says so through 'error', never 'exit'.
  let startError: Error | null = null
  const gone = new Promise<void>((resolve) => {
    child.once('error', (error) => {
      startError = error
      resolve()
    })
    child.once('close', () => resolve())
  })
  child.stdin.on('error', () => undefined)
  child.stdin.end(JSON.stringify(config))
  try {
    if (!(await waitForPort(httpPort, until)) || startError) {
      return { ok: false, latencyMs: null, exitCountry: null, detail: `the client did not start${startError ? ` (${(startError as Error).message})` : ''}`, clientFailed: true }
    }
    const started = performance.now()
    const { status, body } = await getThroughProxy(httpPort, new URL(options.checkUrl), until)
    const latencyMs = Math.round(performance.now() - started)
    // A proxy that cannot reach the page answers 5xx itself; the check page answers 204 (or 200 with a trace).
    if (status !== 204 && status !== 200) return { ok: false, latencyMs: null, exitCountry: null, detail: `HTTP ${status} through the key`, clientFailed: false }
    return { ok: true, latencyMs, exitCountry: exitCountryOf(body), detail: `HTTP ${status} in ${latencyMs} ms`, clientFailed: false }
  } catch (error) {
    return { ok: false, latencyMs: null, exitCountry: null, detail: error instanceof Error ? error.message : String(error), clientFailed: false }
  } finally {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await gone
  }
}
