// The wg-easy adapter against an in-test panel built to wg-easy's published API (wg-easy/wg-easy: src/server/api in
// 15.x, src/lib/Server.js in 14): 15 with HTTP Basic auth, numeric client ids and the id in the create answer (15.2+);
// 14 with the password as the Authorization header, uuid ids, no id in the create answer and a bare 500 for a wrong
// password. The .conf each version serves becomes the key's file, read by the site's own WireGuard parser.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { randomUUID } from 'node:crypto'

import { beforeEach, describe, expect, it } from 'vitest'

import { generateWireguardKeyPair, parseWireguardConfig } from '@/lib/keys'
import { wgEasyAdapter } from '@/lib/provisioning/wgEasy'
import type { Server } from '@/payload-types'

import { httpDouble, readBody } from '../helpers/httpDouble'

type Client = { id: number | string; name: string; address: string; privateKey: string; publicKey: string; expiresAt: string | null }

const SERVER_KEYS = generateWireguardKeyPair()
let clients: Client[]
let nextId = 1
const calls: string[] = []

function conf(version: 14 | 15, client: Client): string {
  // The templates of wg-easy 14 (a leading newline, /24) and 15 (/32 and an IPv6 address).
  return version === 14
    ? `\n[Interface]\nPrivateKey = ${client.privateKey}\nAddress = ${client.address}/24\nDNS = 1.1.1.1\n\n[Peer]\nPublicKey = ${SERVER_KEYS.publicKey}\nPresharedKey = ${generateWireguardKeyPair().publicKey}\nAllowedIPs = 0.0.0.0/0, ::/0\nPersistentKeepalive = 0\nEndpoint = wg.vpn.example:51820`
    : `[Interface]\nPrivateKey = ${client.privateKey}\nAddress = ${client.address}/32, fdcc:ad94:bacf:61a4::cafe:${String(client.id)}/128\nMTU = 1420\nDNS = 1.1.1.1, 2606:4700:4700::1111\n\n[Peer]\nPublicKey = ${SERVER_KEYS.publicKey}\nPresharedKey = ${generateWireguardKeyPair().publicKey}\nAllowedIPs = 0.0.0.0/0, ::/0\nPersistentKeepalive = 0\nEndpoint = wg.vpn.example:51820`
}

async function panel(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const send = (status: number, body: unknown, type = 'application/json') => {
    response.writeHead(status, { 'content-type': type })
    response.end(typeof body === 'string' && type !== 'application/json' ? body : JSON.stringify(body))
  }
  // Two panels side by side: wg-easy 15 under /v15/, wg-easy 14 under /v14/; anything else is not wg-easy.
  const [, prefix, path = '/'] = /^\/(v14|v15)(\/.*)?$/.exec(new URL(request.url ?? '/', 'http://x').pathname) ?? []
  if (!prefix) return send(404, { statusCode: 404 })
  const version = prefix === 'v15' ? 15 : 14
  calls.push(`${request.method} ${path}`)
  const authorization = request.headers.authorization ?? ''
  if (path === '/api/session' && request.method === 'GET') {
    return version === 14 ? send(200, { requiresPassword: true, authenticated: false }) : send(401, { statusCode: 401, statusMessage: 'Not authenticated' })
  }
  const api = version === 15 ? '/api/client' : '/api/wireguard/client'
  if (!path.startsWith(api)) return send(404, { statusCode: 404 })
  if (version === 15 && authorization !== `Basic ${Buffer.from('admin:wg-easy-password').toString('base64')}`) return send(401, { statusCode: 401, statusMessage: 'Session failed', message: 'Session failed' })
  // wg-easy 14's guard throws on a wrong or missing password: h3 answers a bare 500.
  if (version === 14 && authorization !== 'wg-easy-password') return send(500, { statusCode: 500, stack: [] })
  const rest = path.slice(api.length)
  if (rest === '' && request.method === 'POST') {
    const body = JSON.parse(await readBody(request)) as { name?: string; expiresAt?: string | null }
    if (!body.name) return send(version === 15 ? 400 : 500, { statusCode: 400, message: 'name: Required' })
    if (version === 15 && !('expiresAt' in body)) return send(400, { statusCode: 400, message: 'expiresAt: Required' })
    const id = version === 15 ? nextId++ : randomUUID()
    const keys = generateWireguardKeyPair()
    clients.push({ id, name: body.name, address: `10.8.0.${clients.length + 2}`, privateKey: keys.privateKey, publicKey: keys.publicKey, expiresAt: body.expiresAt ?? null })
    return send(200, version === 15 ? { success: true, clientId: id } : { success: true })
  }
  if (rest === '' && request.method === 'GET') return send(200, clients.map(({ privateKey: _privateKey, ...client }) => client))
  const configuration = /^\/([^/]+)\/configuration$/.exec(rest)
  if (configuration && request.method === 'GET') {
    const client = clients.find((candidate) => String(candidate.id) === decodeURIComponent(configuration[1]!))
    return client ? send(200, conf(version, client), version === 15 ? 'application/octet-stream' : 'text/plain') : send(404, { statusCode: 404, message: 'Client not found' })
  }
  const one = /^\/([^/]+)$/.exec(rest)
  if (one && request.method === 'DELETE') {
    clients = clients.filter((candidate) => String(candidate.id) !== decodeURIComponent(one[1]!))
    return send(200, { success: true })
  }
  send(404, { statusCode: 404 })
}

const double = httpDouble(panel)

let serverId = 40
let panelVersion: 14 | 15 = 15
function server(credentials: Partial<NonNullable<Server['credentials']>> = {}): Server {
  serverId += 1
  return { id: serverId, name: 'FI-wg-01', host: 'wg.vpn.example', adapter: 'wg-easy', credentials: { apiUrl: `${double.url()}/v${panelVersion}`, username: 'admin', password: 'wg-easy-password', ...credentials } } as Server
}

const request = { countryCode: 'fi', port: 51820, lifetimeHours: null, inUse: [], label: 'FI wireguard' }

beforeEach(() => {
  clients = []
  calls.length = 0
})

describe.each([15, 14] as const)('wg-easy adapter, wg-easy %s', (version) => {
  beforeEach(() => {
    panelVersion = version
  })

  it('creates a panel client per key and keeps its .conf as the key’s file; revoking deletes the client', async () => {
    const target = server()
    const issued = await wgEasyAdapter.issue({ ...request, protocol: 'wireguard', server: target })
    expect(clients).toHaveLength(1)
    expect(clients[0]!.name).toMatch(/^vk_[0-9a-f]{12}$/)
    expect(issued.providerRef).toBe(`${version}:${clients[0]!.id}`)
    expect(issued.keyString).toBeNull()
    expect(issued.configFile?.filename).toBe('fi-wireguard.conf')
    const parsed = parseWireguardConfig(issued.configFile!.content)
    expect(parsed.ok && parsed.value).toMatchObject({ privateKey: clients[0]!.privateKey, peer: { publicKey: SERVER_KEYS.publicKey, endpointHost: 'wg.vpn.example', endpointPort: 51820 } })
    // 15.2+ names the new client; 14 does not, so the adapter finds it by its unique name.
    expect(calls.filter((call) => call.endsWith('/client') || call.endsWith('/api/client'))).toEqual(version === 15 ? ['POST /api/client'] : ['POST /api/wireguard/client', 'GET /api/wireguard/client'])

    await wgEasyAdapter.revoke(target, issued.providerRef)
    expect(clients).toEqual([])
    await expect(wgEasyAdapter.revoke(target, issued.providerRef)).resolves.toBeUndefined()
  })

  it('says what is wrong: a refused password, a protocol it does not issue', async () => {
    await expect(wgEasyAdapter.issue({ ...request, protocol: 'wireguard', server: server({ password: 'wrong' }) })).rejects.toThrow(
      version === 15 ? 'FI-wg-01: wg-easy refused the username or password (HTTP 401)' : /FI-wg-01: wg-easy 14 answered HTTP 500: a wrong password/,
    )
    await expect(wgEasyAdapter.issue({ ...request, protocol: 'vless', server: server() })).rejects.toThrow(/WireGuard keys only/)
    expect(clients).toEqual([])
  })
})

describe('wg-easy adapter, addresses and upgrades', () => {
  it('refuses an address that does not answer as wg-easy, and a key issued by 14 once the panel is 15', async () => {
    await expect(wgEasyAdapter.issue({ ...request, protocol: 'wireguard', server: server({ apiUrl: `${double.url()}/nowhere` }) })).rejects.toThrow(
      'FI-wg-01: the address does not answer as wg-easy (HTTP 404 for /api/session)',
    )
    panelVersion = 15
    await expect(wgEasyAdapter.revoke(server(), '14:6f0d2b5e-2c1a-4b39-9a55-0c6a4f1e9d21')).rejects.toThrow(/issued by wg-easy 14, the panel is now wg-easy 15/)
  })
})
