// One key checked the way a visitor's app uses it: a real client (Xray, or Debian's V2Ray) started from the key's share
// link with the configuration the site serves as its Xray JSON, and a small page fetched through it. Says whether the
// page came, how long it took, and the exit country when the check page reports one (Cloudflare's trace: `loc=DE`).
import { execFileSync, spawn } from 'node:child_process'
import { request } from 'node:http'
import { connect, createServer } from 'node:net'
import type { AddressInfo } from 'node:net'

import { proxiesOf } from '@/lib/subscription/proxies'
import type { Proxy } from '@/lib/subscription/proxies'
import { xrayClientConfig } from '@/lib/subscription/xray'

export type ConnectionCheck = { ok: boolean; latencyMs: number | null; exitCountry: string | null; detail: string }

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

/** The client on this machine: LIVENESS_CLIENT if set, else `xray`, else `v2ray`; null when there is none. */
export function findLivenessClient(configured = process.env.LIVENESS_CLIENT?.trim()): LivenessClient | null {
  for (const command of configured ? [configured] : ['xray', 'v2ray']) {
    const output = version(command)
    if (output === null) continue
    return { command, kind: /xray/i.test(output) ? 'xray' : 'v2ray' }
  }
  return null
}

const V2RAY_TRANSPORTS = new Set(['tcp', 'raw', 'ws', 'http', 'h2'])

/** Whether this client can check this key without guessing; a key it cannot speak keeps the port check. */
export function canCheck(client: LivenessClient, proxy: Proxy): boolean {
  if (proxy.kind === 'shadowsocks') return !proxy.plugin
  if (client.kind === 'xray') return true
  if (!V2RAY_TRANSPORTS.has(proxy.stream.transport)) return false
  if (proxy.stream.security === 'reality') return false
  return !(proxy.kind === 'vless' && proxy.flow)
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
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (open) return true
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return false
}

/** A GET of an http:// URL through an HTTP proxy on loopback: status and the start of the body. */
function getThroughProxy(proxyPort: number, url: URL, timeoutMs: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: proxyPort, method: 'GET', path: url.href, headers: { host: url.host, 'user-agent': 'vpnkeys-liveness/1' }, timeout: timeoutMs }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        if (body.length < 4096) body += chunk
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      res.on('error', reject)
    })
    req.on('timeout', () => req.destroy(new Error('timed out')))
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
  if (!config) return { ok: false, latencyMs: null, exitCountry: null, detail: 'the link cannot be expressed as a client configuration' }
  const [socksPort, httpPort] = [await freePort(), await freePort()]
  config.inbounds[0]!.port = socksPort
  config.inbounds[1]!.port = httpPort
  const until = Date.now() + options.timeoutMs
  const child = spawn(client.command, client.kind === 'xray' ? ['run', '-config', 'stdin:'] : ['-config', 'stdin:'], { stdio: ['pipe', 'ignore', 'ignore'] })
  child.stdin.end(JSON.stringify(config))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    if (!(await waitForPort(httpPort, until))) return { ok: false, latencyMs: null, exitCountry: null, detail: 'the client did not start' }
    const started = performance.now()
    const { status, body } = await getThroughProxy(httpPort, new URL(options.checkUrl), Math.max(1000, until - Date.now()))
    const latencyMs = Math.round(performance.now() - started)
    // A proxy that cannot reach the page answers 5xx itself; the check page answers 204 (or 200 with a trace).
    if (status !== 204 && status !== 200) return { ok: false, latencyMs: null, exitCountry: null, detail: `HTTP ${status} through the key` }
    return { ok: true, latencyMs, exitCountry: exitCountryOf(body), detail: `HTTP ${status} in ${latencyMs} ms` }
  } catch (error) {
    return { ok: false, latencyMs: null, exitCountry: null, detail: error instanceof Error ? error.message : String(error) }
  } finally {
    child.kill('SIGKILL')
    await exited
  }
}
