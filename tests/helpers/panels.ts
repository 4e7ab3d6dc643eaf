// Doubles of the VPN panels' management APIs, each built to the panel's published contract, for the adapters'
// contract tests (tests/int) and for the rotation the e2e suite runs through every protocol's adapter. Each double
// is a request handler over state the test reads and steers; `serveDouble` puts one on a loopback port. No test
// framework is imported here: Vitest and Playwright both use these.
import { randomBytes, randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import { strToU8, zipSync } from 'fflate'

import { generateWireguardKeyPair } from '../../src/lib/keys/wireguard'

type Handler = (request: IncomingMessage, response: ServerResponse) => Promise<void> | void

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export type ServedDouble = { url: string; close: () => Promise<void> }

/** Serves `handler` on a free loopback port: `url` is http://127.0.0.1:PORT. */
export async function serveDouble(handler: Handler): Promise<ServedDouble> {
  const http = createServer((request, response) => void handler(request, response))
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: async () => {
      http.closeAllConnections()
      await new Promise((resolve) => http.close(resolve))
    },
  }
}

const sendJson = (response: ServerResponse, status: number, body?: unknown, type = 'application/json') => {
  response.writeHead(status, body === undefined ? {} : { 'content-type': type })
  response.end(body === undefined ? undefined : typeof body === 'string' && type !== 'application/json' ? body : JSON.stringify(body))
}

// Outline's management API (outline-server src/shadowbox/server/api.yml): the secret path segment is its only
// credential; access keys are created, named, limited and deleted.
export type OutlineKey = { id: string; name: string; limit: number | null; bytes?: number }
export type OutlinePanel = { secret: string; keys: Map<string, OutlineKey>; calls: string[]; failCreate: boolean; hang: boolean; host: string; lastId: number; handle: Handler }

export function outlinePanel({ secret, host = '203.0.113.7' }: { secret: string; host?: string }): OutlinePanel {
  const panel: OutlinePanel = {
    secret,
    host,
    lastId: 0,
    keys: new Map(),
    calls: [],
    failCreate: false,
    hang: false,
    handle: async (request, response) => {
      const send = (status: number, body?: unknown) => sendJson(response, status, body)
      const path = new URL(request.url ?? '/', 'http://x').pathname
      panel.calls.push(`${request.method} ${path.replace(`/${secret}`, '')}`)
      if (panel.hang) return
      if (!path.startsWith(`/${secret}/`)) return send(404, { code: 'NotFound', message: 'Not found' })
      const rest = path.slice(secret.length + 2).split('/')
      // The bytes each key has carried; a key that carried nothing is not listed.
      if (request.method === 'GET' && rest.join('/') === 'metrics/transfer') {
        return send(200, { bytesTransferredByUserId: Object.fromEntries([...panel.keys.values()].flatMap((key) => (key.bytes ? [[key.id, key.bytes]] : []))) })
      }
      if (rest[0] !== 'access-keys') return send(404, { code: 'NotFound', message: 'Not found' })
      if (request.method === 'POST' && rest.length === 1) {
        if (panel.failCreate) return send(500, { code: 'InternalError', message: 'disk full' })
        panel.lastId += 1
        const key = { id: String(panel.lastId), name: '', limit: null }
        panel.keys.set(key.id, key)
        const password = `pw${key.id}`
        const userinfo = Buffer.from(`chacha20-ietf-poly1305:${password}`).toString('base64').replace(/=+$/, '')
        return send(201, { id: key.id, name: '', password, port: 9795, method: 'chacha20-ietf-poly1305', accessUrl: `ss://${userinfo}@${panel.host}:9795/?outline=1` })
      }
      const key = panel.keys.get(decodeURIComponent(rest[1] ?? ''))
      if (!key) return send(404, { code: 'NotFoundError', message: `No access key found with id ${rest[1]}` })
      if (request.method === 'DELETE' && rest.length === 2) {
        panel.keys.delete(key.id)
        return send(204)
      }
      const body = JSON.parse((await readBody(request)) || 'null') as Record<string, unknown> | null
      if (request.method === 'PUT' && rest[2] === 'name') {
        if (typeof body?.name !== 'string') return send(400, { code: 'InvalidArgument', message: 'Parameter `name` must be of type string' })
        key.name = body.name
        return send(204)
      }
      if (request.method === 'PUT' && rest[2] === 'data-limit') {
        const bytes = (body?.limit as { bytes?: unknown } | undefined)?.bytes
        if (!Number.isInteger(bytes) || (bytes as number) < 0) return send(400, { code: 'InvalidArgument', message: 'Invalid data limit' })
        key.limit = bytes as number
        return send(204)
      }
      send(404, { code: 'NotFound', message: 'Not found' })
    },
  }
  return panel
}

// Remnawave (remnawave/backend, libs/contract and src/modules, tags 2.8.1 and 3.3.2): Bearer tokens; the proxy check
// that resets a connection without X-Forwarded-For and X-Forwarded-Proto: https; GET /api/system/metadata (from
// 2.5); users by uuid in 2.x and by numeric id in 3.x (DELETE answering 200 and 204); internal squads with their
// inbounds; the user's links from GET /api/subscriptions/by-uuid|by-id, one per inbound on each node.
export type RemnawaveUser = {
  id: number
  uuid: string
  username: string
  expireAt: string
  squads: string[]
  description: string
  trafficLimitBytes: number
  vlessUuid: string
  password: string
  /** userTraffic: what the nodes counted (lifetime bytes) and when the user was last online. */
  traffic?: { lifetimeUsedTrafficBytes: number; onlineAt: string | null }
}
export type RemnawaveSeen = { method: string; path: string; headers: IncomingMessage['headers']; body: Record<string, unknown> | null }
export type RemnawaveSquad = { uuid: string; name: string; inbounds: { uuid: string; tag: string; type: string; network: string; security: string; port: number }[] }
export type RemnawavePanel = { users: RemnawaveUser[]; seen: RemnawaveSeen[]; linksWithout: string[]; squads: RemnawaveSquad[]; handle: Handler }

/** The squads of a panel with vless (REALITY) and trojan on one node's 443 and 8443, and shadowsocks on 8388. */
export function remnawaveSquads(): RemnawaveSquad[] {
  return [
    { uuid: randomUUID(), name: 'Germany', inbounds: [{ uuid: randomUUID(), tag: 'VLESS_REALITY', type: 'vless', network: 'tcp', security: 'reality', port: 443 }, { uuid: randomUUID(), tag: 'TROJAN', type: 'trojan', network: 'tcp', security: 'tls', port: 8443 }] },
    { uuid: randomUUID(), name: 'Shadowsocks', inbounds: [{ uuid: randomUUID(), tag: 'SS', type: 'shadowsocks', network: 'tcp', security: 'none', port: 8388 }] },
  ]
}

export function remnawavePanel({ generation, token, node, squads = remnawaveSquads() }: { generation: 2 | 3 | 'old'; token: string; node: string; squads?: RemnawaveSquad[] }): RemnawavePanel {
  let nextId = 1
  const linksOf = (user: RemnawaveUser): string[] => {
    const links: string[] = []
    for (const squad of squads.filter((entry) => user.squads.includes(entry.uuid))) {
      for (const inbound of squad.inbounds) {
        if (panel.linksWithout.includes(inbound.type)) continue
        // Another node first: the adapter must pick the server's own.
        for (const host of ['nl.vpn.example', node]) {
          if (inbound.type === 'vless') links.push(`vless://${user.vlessUuid}@${host}:${inbound.port}?security=reality&type=tcp&sni=www.google.com&fp=chrome&pbk=${'A'.repeat(43)}&sid=ab12&flow=xtls-rprx-vision&encryption=none#Remnawave%20${host}`)
          if (inbound.type === 'trojan') links.push(`trojan://${user.password}@${host}:${inbound.port}?security=tls&type=tcp&sni=${host}#Trojan`)
          if (inbound.type === 'shadowsocks') links.push(`ss://${Buffer.from(`chacha20-ietf-poly1305:${user.password}`).toString('base64url')}@${host}:${inbound.port}#SS`)
        }
      }
    }
    return links
  }
  const panel: RemnawavePanel = {
    users: [],
    seen: [],
    linksWithout: [],
    squads,
    handle: async (request, response) => {
      // The proxy check, before anything: no answer at all.
      if (!request.headers['x-forwarded-for'] || request.headers['x-forwarded-proto'] !== 'https') return void request.socket.destroy()
      const send = (status: number, body?: unknown) => void response.writeHead(status, { 'content-type': 'application/json' }).end(body === undefined ? undefined : JSON.stringify(body))
      const path = new URL(request.url ?? '/', 'http://x').pathname
      const text = await readBody(request)
      panel.seen.push({ method: request.method ?? '', path, headers: request.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : null })
      if (request.headers.authorization !== `Bearer ${token}`) return send(401, { message: 'Unauthorized', statusCode: 401 })
      if (path === '/api/system/metadata') return generation === 'old' ? send(404, { message: 'Cannot GET /api/system/metadata' }) : send(200, { response: { version: generation === 3 ? '3.3.2' : '2.8.1', build: {}, git: {} } })
      if (path === '/api/internal-squads') return send(200, { response: { total: squads.length, internalSquads: squads } })
      if (path === '/api/users' && request.method === 'POST') {
        const body = JSON.parse(text) as Record<string, unknown>
        if (typeof body.username !== 'string' || !/^[a-zA-Z0-9_-]{3,36}$/.test(body.username)) return send(400, { statusCode: 400, message: 'Validation failed', errors: [] })
        if (panel.users.some((user) => user.username === body.username)) return send(400, { message: 'User username already exists', errorCode: 'A019' })
        if (typeof body.expireAt !== 'string' || Number.isNaN(Date.parse(body.expireAt))) return send(400, { statusCode: 400, message: 'Validation failed', errors: [] })
        const user: RemnawaveUser = {
          id: nextId++,
          uuid: randomUUID(),
          username: body.username,
          expireAt: body.expireAt,
          squads: (body.activeInternalSquads as string[]) ?? [],
          description: String(body.description ?? ''),
          trafficLimitBytes: Number(body.trafficLimitBytes ?? 0),
          vlessUuid: randomUUID(),
          password: randomBytes(12).toString('hex'),
        }
        panel.users.push(user)
        const { uuid, id, ...rest } = user
        return send(201, { response: { ...(generation === 3 ? {} : { uuid }), id, ...rest, shortUuid: randomBytes(8).toString('hex'), status: 'ACTIVE' } })
      }
      const byKey = (key: string) => panel.users.find((user) => (generation === 3 ? String(user.id) === key : user.uuid === key))
      const subscription = /^\/api\/subscriptions\/(by-uuid|by-id)\/([^/]+)$/.exec(path)
      if (subscription) {
        const user = (subscription[1] === 'by-id') === (generation === 3) ? byKey(decodeURIComponent(subscription[2]!)) : undefined
        return user ? send(200, { response: { isFound: true, user: { userStatus: 'ACTIVE' }, links: linksOf(user), ssConfLinks: {}, subscriptionUrl: 'https://sub.example/x' } }) : send(404, { message: 'User not found', errorCode: 'A025' })
      }
      const remove = /^\/api\/users\/([^/]+)$/.exec(path)
      if (remove && request.method === 'GET') {
        const user = byKey(decodeURIComponent(remove[1]!))
        if (!user) return send(404, { message: 'User not found', errorCode: 'A025' })
        const traffic = user.traffic ?? { lifetimeUsedTrafficBytes: 0, onlineAt: null }
        return send(200, {
          response: {
            id: user.id,
            uuid: user.uuid,
            username: user.username,
            status: 'ACTIVE',
            expireAt: user.expireAt,
            activeInternalSquads: [],
            subscriptionUrl: 'https://sub.example/x',
            userTraffic: { usedTrafficBytes: traffic.lifetimeUsedTrafficBytes, lifetimeUsedTrafficBytes: traffic.lifetimeUsedTrafficBytes, onlineAt: traffic.onlineAt, firstConnectedAt: traffic.onlineAt, lastConnectedNodeUuid: null },
          },
        })
      }
      if (remove && request.method === 'DELETE') {
        const user = byKey(decodeURIComponent(remove[1]!))
        if (!user) return send(404, { message: 'User not found', errorCode: 'A025' })
        panel.users = panel.users.filter((entry) => entry !== user)
        return generation === 3 ? send(204) : send(200, { response: { isDeleted: true } })
      }
      return send(404, { message: `Cannot ${request.method} ${path}` })
    },
  }
  return panel
}

// wg-easy (wg-easy/wg-easy: src/server/api in 15.x, src/lib/Server.js in 14), both side by side: 15 under /v15/
// (HTTP Basic, numeric client ids, the id in the create answer) and 14 under /v14/ (the password as the
// Authorization header, uuid ids, no id in the create answer, a bare 500 for a wrong password).
export type WgEasyClient = {
  id: number | string
  name: string
  address: string
  privateKey: string
  publicKey: string
  expiresAt: string | null
  /** What `wg show dump` says of the peer: its latest handshake, traffic, and (15) the endpoint it came from. */
  use?: { latestHandshakeAt: string | null; transferRx: number; transferTx: number; endpoint: string | null }
}
export type WgEasyPanel = { clients: WgEasyClient[]; calls: string[]; serverPublicKey: string; handle: Handler }

export function wgEasyPanel({ username, password, endpoint = 'wg.vpn.example:51820' }: { username: string; password: string; endpoint?: string }): WgEasyPanel {
  let nextId = 1
  const serverKeys = generateWireguardKeyPair()
  // The templates of wg-easy 14 (a leading newline, /24) and 15 (/32 and an IPv6 address).
  const conf = (version: 14 | 15, client: WgEasyClient): string =>
    version === 14
      ? `\n[Interface]\nPrivateKey = ${client.privateKey}\nAddress = ${client.address}/24\nDNS = 1.1.1.1\n\n[Peer]\nPublicKey = ${serverKeys.publicKey}\nPresharedKey = ${generateWireguardKeyPair().publicKey}\nAllowedIPs = 0.0.0.0/0, ::/0\nPersistentKeepalive = 0\nEndpoint = ${endpoint}`
      : `[Interface]\nPrivateKey = ${client.privateKey}\nAddress = ${client.address}/32, fdcc:ad94:bacf:61a4::cafe:${String(client.id)}/128\nMTU = 1420\nDNS = 1.1.1.1, 2606:4700:4700::1111\n\n[Peer]\nPublicKey = ${serverKeys.publicKey}\nPresharedKey = ${generateWireguardKeyPair().publicKey}\nAllowedIPs = 0.0.0.0/0, ::/0\nPersistentKeepalive = 0\nEndpoint = ${endpoint}`
  const panel: WgEasyPanel = {
    clients: [],
    calls: [],
    serverPublicKey: serverKeys.publicKey,
    handle: async (request, response) => {
      const send = (status: number, body: unknown, type?: string) => sendJson(response, status, body, type)
      const [, prefix, path = '/'] = /^\/(v14|v15)(\/.*)?$/.exec(new URL(request.url ?? '/', 'http://x').pathname) ?? []
      if (!prefix) return send(404, { statusCode: 404 })
      const version = prefix === 'v15' ? 15 : 14
      panel.calls.push(`${request.method} ${path}`)
      const authorization = request.headers.authorization ?? ''
      if (path === '/api/session' && request.method === 'GET') {
        return version === 14 ? send(200, { requiresPassword: true, authenticated: false }) : send(401, { statusCode: 401, statusMessage: 'Not authenticated' })
      }
      const api = version === 15 ? '/api/client' : '/api/wireguard/client'
      if (!path.startsWith(api)) return send(404, { statusCode: 404 })
      if (version === 15 && authorization !== `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`) return send(401, { statusCode: 401, statusMessage: 'Session failed', message: 'Session failed' })
      // wg-easy 14's guard throws on a wrong or missing password: h3 answers a bare 500.
      if (version === 14 && authorization !== password) return send(500, { statusCode: 500, stack: [] })
      const rest = path.slice(api.length)
      if (rest === '' && request.method === 'POST') {
        const body = JSON.parse(await readBody(request)) as { name?: string; expiresAt?: string | null }
        if (!body.name) return send(version === 15 ? 400 : 500, { statusCode: 400, message: 'name: Required' })
        if (version === 15 && !('expiresAt' in body)) return send(400, { statusCode: 400, message: 'expiresAt: Required' })
        const id = version === 15 ? nextId++ : randomUUID()
        const keys = generateWireguardKeyPair()
        panel.clients.push({ id, name: body.name, address: `10.8.0.${panel.clients.length + 2}`, privateKey: keys.privateKey, publicKey: keys.publicKey, expiresAt: body.expiresAt ?? null })
        return send(200, version === 15 ? { success: true, clientId: id } : { success: true })
      }
      if (rest === '' && request.method === 'GET') {
        return send(
          200,
          panel.clients.map(({ privateKey: _privateKey, use = { latestHandshakeAt: null, transferRx: 0, transferTx: 0, endpoint: null }, ...client }) => ({
            ...client,
            latestHandshakeAt: use.latestHandshakeAt,
            transferRx: use.transferRx,
            transferTx: use.transferTx,
            ...(version === 15 ? { endpoint: use.endpoint } : {}),
          })),
        )
      }
      const configuration = /^\/([^/]+)\/configuration$/.exec(rest)
      if (configuration && request.method === 'GET') {
        const client = panel.clients.find((candidate) => String(candidate.id) === decodeURIComponent(configuration[1]!))
        return client ? send(200, conf(version, client), version === 15 ? 'application/octet-stream' : 'text/plain') : send(404, { statusCode: 404, message: 'Client not found' })
      }
      const one = /^\/([^/]+)$/.exec(rest)
      if (one && request.method === 'DELETE') {
        panel.clients = panel.clients.filter((candidate) => String(candidate.id) !== decodeURIComponent(one[1]!))
        return send(200, { success: true })
      }
      send(404, { statusCode: 404 })
    },
  }
  return panel
}

// SoftEther VPN Server's JSON-RPC (src/Cedar/Admin.c): CreateUser, DeleteUser and MakeOpenVpnConfigFile, whose
// Buffer_bin is a ZIP holding the server's OpenVPN profile; `failing` makes a method answer an HTTP status, an HTML
// page or a JSON-RPC error instead.
export type SoftEtherCall = { method: string; params: Record<string, unknown>; headers: IncomingMessage['headers'] }
export type SoftEtherFailure = { status?: number; error?: { code: number; message: string }; text?: string }
export type SoftEtherPanel = { users: Set<string>; calls: SoftEtherCall[]; failing: Record<string, SoftEtherFailure>; handle: Handler }

export function softEtherPanel({ adminPassword }: { adminPassword: string }): SoftEtherPanel {
  const panel: SoftEtherPanel = {
    users: new Set(),
    calls: [],
    failing: {},
    handle: async (request, response) => {
      const { method, params } = JSON.parse(await readBody(request)) as { method: string; params: Record<string, unknown> }
      panel.calls.push({ method, params, headers: request.headers })
      const failure = panel.failing[method]
      if (failure?.text !== undefined) return void response.writeHead(failure.status ?? 502, { 'content-type': 'text/html' }).end(failure.text)
      if (failure?.status) return void response.writeHead(failure.status).end()
      // A wrong administrator password: SoftEther answers 401 before reading the call.
      if (request.headers['x-vpnadmin-password'] !== adminPassword) return void response.writeHead(401).end()
      const answer = (body: object): void => void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: '1', ...body }))
      if (failure?.error) return answer({ error: failure.error })
      const name = String(params.Name_str)
      if (method === 'CreateUser') {
        panel.users.add(name)
        return answer({ result: { ...params, Auth_Password_str: undefined } })
      }
      if (method === 'DeleteUser') return panel.users.delete(name) ? answer({ result: params }) : answer({ error: { code: 29, message: 'Object not found' } })
      if (method === 'MakeOpenVpnConfigFile') {
        const zip = zipSync({ 'readme.txt': strToU8('x'), 'vm_openvpn_remote_access_l3.ovpn': strToU8('dev tun\r\nproto udp\r\nremote 192.0.2.2 1194\r\ncipher AES-128-CBC\r\nauth-user-pass\r\nclient\r\n') })
        return answer({ result: { Buffer_bin: Buffer.from(zip).toString('base64') } })
      }
      return answer({ error: { code: 1, message: 'unknown method' } })
    },
  }
  return panel
}
