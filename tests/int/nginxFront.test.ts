// What deploy/nginx's template tells the app and writes down: Debian's nginx configured from the template as in
// production, in front of a small HTTP server that records what reached it. The visitor's address the app is told
// (only a trusted proxy's X-Forwarded-For is believed; IPv6 visitors as themselves) and an access log that keeps no
// secret a path or a query carries.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, request } from 'node:http'
import type { IncomingHttpHeaders, Server } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { freePort } from '../../scripts/lib/ports'
import { startNginx } from '../helpers/nginx'
import type { RunningNginx } from '../helpers/nginx'
import { makeTestPki } from '../helpers/testPki'

let app: Server
let nginx: RunningNginx
let port = 0
const seen: IncomingHttpHeaders[] = []
const folder = mkdtempSync(path.join(tmpdir(), 'nginx-front-'))

beforeAll(async () => {
  app = createServer((incoming, response) => {
    seen.push(incoming.headers)
    // As the app answers a page when SERVER_URL is https: with its own HSTS.
    const own = incoming.url === '/with-hsts' ? { 'strict-transport-security': 'max-age=31536000' } : {}
    response.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'no-store', ...own }).end('ok')
  })
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve))
  port = await freePort()
  // A CDN in front, as the tests stand in for one: its connections come from 127.0.0.1 and 2001:db8:cd::/48.
  nginx = await startNginx({ dir: folder, listenPort: port, upstreams: [`127.0.0.1:${(app.address() as AddressInfo).port}`], trustedProxies: ['127.0.0.1', '2001:db8:cd::/48'] })
})

afterAll(async () => {
  await nginx.close()
  app.closeAllConnections()
  await new Promise((resolve) => app.close(resolve))
  rmSync(folder, { recursive: true, force: true })
})

/** A GET through nginx from `localAddress` (host: the address nginx is reached at); what the app was told. */
async function through(pathname: string, { from = '127.0.0.1', host = '127.0.0.1', headers = {} }: { from?: string; host?: string; headers?: Record<string, string> } = {}) {
  const before = seen.length
  const response = await new Promise<{ status: number; requestId: string }>((resolve, reject) => {
    const outgoing = request({ host, port, path: pathname, localAddress: from, headers: { 'user-agent': 'Happ/3.4.1', ...headers } }, (answer) => {
      answer.resume()
      answer.once('end', () => resolve({ status: answer.statusCode ?? 0, requestId: String(answer.headers['x-request-id']) }))
    })
    outgoing.once('error', reject)
    outgoing.end()
  })
  return { ...response, told: seen[before] }
}

type LogLine = { reqId: string; client: string; method: string; path: string; status: number; userAgent: string }

/** The access log's lines once nginx has written the one with `requestId` (it writes a few kilobytes at a time, at least every second). */
async function logUntil(requestId: string): Promise<LogLine[]> {
  let lines: LogLine[] = []
  await expect
    .poll(
      () => {
        lines = readFileSync(nginx.accessLog, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as LogLine)
        return lines.some((line) => line.reqId === requestId)
      },
      { timeout: 5_000, interval: 100 },
    )
    .toBe(true)
  return lines
}

describe('the visitor’s address nginx tells the app', () => {
  it('is the connection’s own for anyone but the trusted proxy, whatever X-Forwarded-For they write', async () => {
    const direct = await through('/api/countries', { from: '127.0.0.2', headers: { 'x-forwarded-for': '198.51.100.1' } })
    expect(direct.told?.['x-forwarded-for']).toBe('127.0.0.2')
    const twoEntries = await through('/api/countries', { from: '127.0.0.2', headers: { 'x-forwarded-for': '198.51.100.1, 203.0.113.5' } })
    expect(twoEntries.told?.['x-forwarded-for']).toBe('127.0.0.2')
  })

  it('is what the trusted proxy saw, the rightmost entry it did not add itself; the client’s own entries before it count for nothing', async () => {
    const viaCdn = await through('/api/countries', { headers: { 'x-forwarded-for': 'spoof, 198.51.100.1, 203.0.113.5' } })
    expect(viaCdn.told?.['x-forwarded-for']).toBe('203.0.113.5')
    expect((await through('/', { headers: { 'x-forwarded-for': '203.0.113.9' } })).told?.['x-forwarded-for']).toBe('203.0.113.9')
    // A proxy in the trusted range between: stepped over.
    expect((await through('/', { headers: { 'x-forwarded-for': '2001:db8:77::5, 2001:db8:cd::1' } })).told?.['x-forwarded-for']).toBe('2001:db8:77::5')
    // No header from the proxy: its own address, as for anyone.
    expect((await through('/')).told?.['x-forwarded-for']).toBe('127.0.0.1')
  })

  it('is an IPv6 visitor’s own address: nginx listens on IPv6 too', async () => {
    const answer = await through('/', { host: '::1', from: '::1', headers: { 'x-forwarded-for': '198.51.100.1' } })
    expect(answer.status).toBe(200)
    expect(answer.told?.['x-forwarded-for']).toBe('::1')
  })
})

describe('the access log', () => {
  const token = 'Zk3x9Q_secret-token-of-43-characters-abcdEF'
  it('keeps no secret a path or a query carries: subscription URLs, e-mailed links, password resets, e-mail addresses', async () => {
    const secrets = [
      [`/api/subscription/12/${token}`, '/api/subscription/…'],
      [`/api/subscription/12/${token}/clash?x=1`, '/api/subscription/…'],
      [`/api/%73ubscription/12/${token}`, '/api/subscription/…'],
      [`/en/subscription/12/${token}`, '/en/subscription/…'],
      [`/verify-email/${token}`, '/verify-email/…'],
      [`/en/verify-email/${token}`, '/en/verify-email/…'],
      [`/admin/reset/${token}`, '/admin/reset/…'],
      ['/tariffs?email=buyer%40mail.example&plan=3', '/tariffs'],
    ] as const
    const answers: { requestId: string }[] = []
    for (const [pathname] of secrets) answers.push(await through(pathname, { headers: { referer: `https://free.keys.example/subscription/12/${token}` } }))
    const lines = await logUntil(answers.at(-1)!.requestId)
    const written = readFileSync(nginx.accessLog, 'utf8')
    expect(written).not.toContain(token.slice(0, 20))
    expect(written).not.toContain('buyer')
    expect(written).not.toContain('plan=')
    secrets.forEach(([, logged], index) => {
      const line = lines.find((candidate) => candidate.reqId === answers[index]!.requestId)
      expect(line, secrets[index]![0]).toMatchObject({ method: 'GET', path: logged, status: 200, client: '127.0.0.1', userAgent: 'Happ/3.4.1' })
    })
  })

  it('writes each request with the id the app’s log lines carry, as JSON, whatever the request holds', async () => {
    const answer = await through('/de?q=1', { headers: { 'user-agent': 'Evil "agent", \\"}' } })
    expect(answer.told?.['x-request-id']).toBe(answer.requestId)
    const line = (await logUntil(answer.requestId)).find((candidate) => candidate.reqId === answer.requestId)
    expect(line).toMatchObject({ path: '/de', userAgent: 'Evil "agent", \\"}' })
  })
})

describe('HSTS over HTTPS', () => {
  it('is one header on every answer, whether the app sent its own or not', async () => {
    const dir = path.join(folder, 'tls')
    const certificates = path.join(dir, 'live')
    mkdirSync(certificates, { recursive: true })
    const pki = await makeTestPki(['127.0.0.1'])
    writeFileSync(path.join(certificates, 'fullchain.pem'), readFileSync(pki.files.serverCert))
    writeFileSync(path.join(certificates, 'privkey.pem'), readFileSync(pki.files.serverKey))
    const [plainPort, tlsPort] = [await freePort(), await freePort()]
    const tls = await startNginx({
      dir,
      listenPort: plainPort,
      upstreams: [`127.0.0.1:${(app.address() as AddressInfo).port}`],
      tls: { port: tlsPort, certificateDir: certificates, acmeRoot: path.join(dir, 'acme') },
    })
    try {
      const hstsOf = (pathname: string) =>
        new Promise<string[]>((resolve, reject) => {
          const outgoing = httpsRequest({ host: '127.0.0.1', port: tlsPort, path: pathname, ca: pki.pem.ca }, (answer) => {
            answer.resume()
            const raw = answer.rawHeaders
            const pairs = raw.flatMap((name, index) => (index % 2 === 0 ? [[name.toLowerCase(), raw[index + 1]!] as const] : []))
            resolve(pairs.filter(([name]) => name === 'strict-transport-security').map(([, value]) => value))
          })
          outgoing.once('error', reject)
          outgoing.end()
        })
      expect(await hstsOf('/with-hsts')).toHaveLength(1)
      expect(await hstsOf('/without')).toEqual(['max-age=31536000'])
    } finally {
      await tls.close()
    }
  })
})
