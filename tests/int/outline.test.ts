// The Outline adapter against an in-test server that implements the published management API
// (outline-server src/shadowbox/server/api.yml): secret path, request shapes, status codes, errors, time-outs.
import { execFileSync } from 'node:child_process'
import { X509Certificate } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { Server as HttpServer } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { outlineAdapter } from '@/lib/provisioning/adapters/outline/outline'
import type { Server } from '@/payload-types'

import { outlinePanel } from '@/lib/provisioning/adapters/outline/double'

const SECRET = 'Zm9vYmFyYmF6cXV4'
const panel = outlinePanel({ secret: SECRET })
let http: HttpServer
let base = ''

function serverWith(credentials: Partial<NonNullable<Server['credentials']>>): Server {
  return { id: 1, name: 'NL-outline-01', host: '203.0.113.7', adapter: 'outline', credentials: { apiUrl: `${base}/${SECRET}`, keyDataLimitGb: 50, ...credentials } } as Server
}

const request = { countryCode: 'nl', protocol: 'outline' as const, port: 9795, lifetimeHours: null, inUse: [], label: 'NL outline' }

beforeAll(async () => {
  http = createServer((req, res) => void panel.handle(req, res))
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
})

afterAll(async () => {
  http.closeAllConnections()
  await new Promise((resolve) => http.close(resolve))
})

describe('outline adapter over HTTPS with a pinned self-signed certificate', () => {
  it('talks to the server whose certificate matches the pin, and sends nothing to any other', async () => {
    // A self-signed certificate, as Outline's installer makes one.
    const dir = mkdtempSync(path.join(tmpdir(), 'outline-tls-'))
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=outline.test'], { stdio: 'ignore' })
    const cert = readFileSync(path.join(dir, 'cert.pem'))
    const https = createHttpsServer({ key: readFileSync(path.join(dir, 'key.pem')), cert }, (req, res) => void panel.handle(req, res))
    await new Promise<void>((resolve) => https.listen(0, '127.0.0.1', resolve))
    const apiUrl = `https://127.0.0.1:${(https.address() as AddressInfo).port}/${SECRET}`
    const fingerprint = new X509Certificate(cert).fingerprint256
    try {
      const issued = await outlineAdapter.issue({ ...request, server: serverWith({ apiUrl, certSha256: fingerprint.toLowerCase().replace(/:/g, '') }) })
      expect(issued.keyString).toMatch(/^ss:\/\//)
      panel.calls.length = 0
      const wrongPin = 'AB:'.repeat(31) + 'AB'
      await expect(outlineAdapter.issue({ ...request, server: serverWith({ apiUrl, certSha256: wrongPin }) })).rejects.toThrow(/does not match the pinned SHA-256/)
      // Without a pin, a self-signed certificate fails the normal checks.
      await expect(outlineAdapter.issue({ ...request, server: serverWith({ apiUrl, certSha256: null }) })).rejects.toThrow(/self-signed|certificate/i)
      expect(panel.calls).toEqual([])
    } finally {
      https.closeAllConnections()
      await new Promise((resolve) => https.close(resolve))
    }
  })
})

beforeEach(() => {
  panel.keys.clear()
  panel.lastId = 0
  panel.failCreate = false
  panel.hang = false
  panel.calls.length = 0
})

describe('outline adapter', () => {
  it('creates, names and limits an access key; the key string is the returned access URL', async () => {
    const issued = await outlineAdapter.issue({ ...request, server: serverWith({}) })
    expect(issued.keyString).toBe(`ss://${Buffer.from('chacha20-ietf-poly1305:pw1').toString('base64').replace(/=+$/, '')}@203.0.113.7:9795/?outline=1#NL%20outline`)
    expect(panel.calls).toEqual(['POST /access-keys', 'PUT /access-keys/1/name', 'PUT /access-keys/1/data-limit'])
    expect(panel.keys.get(issued.providerRef)).toEqual({ id: '1', name: 'NL outline', limit: 50_000_000_000 })

    await outlineAdapter.revoke(serverWith({}), issued.providerRef)
    expect(panel.keys.size).toBe(0)
    // Revoking again (already gone: 404) is not an error.
    await expect(outlineAdapter.revoke(serverWith({}), issued.providerRef)).resolves.toBeUndefined()
  })

  it('tells the bytes each access key has carried (Outline tells no times nor addresses)', async () => {
    const issued = await outlineAdapter.issue({ ...request, server: serverWith({}) })
    expect(await outlineAdapter.usage!(serverWith({}), [issued.providerRef])).toEqual(new Map([[issued.providerRef, { bytes: 0, lastOnlineAt: null, addresses: [] }]]))
    panel.keys.get(issued.providerRef)!.bytes = 1_008_040_941
    expect((await outlineAdapter.usage!(serverWith({}), [issued.providerRef])).get(issued.providerRef)).toEqual({ bytes: 1_008_040_941, lastOnlineAt: null, addresses: [] })
    expect(panel.calls).toContain('GET /metrics/transfer')
  })

  it('takes a key back off the server when the site cannot record it', async () => {
    const { recordIssuedKey } = await import('@/lib/provisioning')
    const issued = await outlineAdapter.issue({ ...request, server: serverWith({}) })
    expect(panel.keys.size).toBe(1)
    await expect(recordIssuedKey(serverWith({}), issued, () => Promise.reject(new Error('database unavailable')))).rejects.toThrow('database unavailable')
    expect(panel.keys.size).toBe(0)
    // Recorded: the key stays.
    const kept = await outlineAdapter.issue({ ...request, server: serverWith({}) })
    await expect(recordIssuedKey(serverWith({}), kept, () => Promise.resolve('saved'))).resolves.toBe('saved')
    expect([...panel.keys.keys()]).toEqual([kept.providerRef])
  })

  it('reports a wrong secret, a server error and a malformed API URL clearly', async () => {
    await expect(outlineAdapter.issue({ ...request, server: serverWith({ apiUrl: `${base}/wrong-secret` }) })).rejects.toThrow(
      /NL-outline-01: Outline refused to create an access key \(HTTP 404: Not found\)/,
    )
    panel.failCreate = true
    await expect(outlineAdapter.issue({ ...request, server: serverWith({}) })).rejects.toThrow(/HTTP 500: disk full/)
    await expect(outlineAdapter.issue({ ...request, server: serverWith({ apiUrl: 'ftp://nowhere' }) })).rejects.toThrow(/must look like https:\/\/host:port\/secret/)
  })

  it('gives up on a server that does not answer, with a time-out error', async () => {
    panel.hang = true
    await expect(outlineAdapter.issue({ ...request, server: serverWith({}) })).rejects.toThrow(/did not answer within 8000 ms/)
  }, 15_000)
})
