// The Remnawave adapter against an in-test panel built to Remnawave's published contract (remnawave/backend,
// libs/contract and src/modules, tags 2.8.1 and 3.3.2): Bearer tokens; the proxy check that resets a connection
// without X-Forwarded-For and X-Forwarded-Proto: https; GET /api/system/metadata (from 2.5); users by uuid in 2.x and
// by numeric id in 3.x (DELETE answering 200 and 204); internal squads with their inbounds; the user's links from
// GET /api/subscriptions/by-uuid|by-id. Every link the adapter hands out is read by the site's own parser.
import { randomBytes, randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'

import { beforeEach, describe, expect, it } from 'vitest'

import { parseShareLink } from '@/lib/keys'
import { remnawaveAdapter } from '@/lib/provisioning/remnawave'
import type { Server } from '@/payload-types'

import { httpDouble, readBody } from '../helpers/httpDouble'

type User = { id: number; uuid: string; username: string; expireAt: string; squads: string[]; description: string; trafficLimitBytes: number; vlessUuid: string; password: string }

const TOKEN = 'rw-token-2026'
const NODE = 'de.vpn.example'
const SQUADS = [
  { uuid: randomUUID(), name: 'Germany', inbounds: [{ uuid: randomUUID(), tag: 'VLESS_REALITY', type: 'vless', network: 'tcp', security: 'reality', port: 443 }, { uuid: randomUUID(), tag: 'TROJAN', type: 'trojan', network: 'tcp', security: 'tls', port: 8443 }] },
  { uuid: randomUUID(), name: 'Shadowsocks', inbounds: [{ uuid: randomUUID(), tag: 'SS', type: 'shadowsocks', network: 'tcp', security: 'none', port: 8388 }] },
]
let users: User[]
let nextId = 1
let seen: { method: string; path: string; headers: IncomingMessage['headers']; body: Record<string, unknown> | null }[]
let linksWithout: string[] = []

/** The links Remnawave generates for a user: one per inbound of their squads, on each node; another node first. */
function linksOf(user: User): string[] {
  const links: string[] = []
  for (const squad of SQUADS.filter((entry) => user.squads.includes(entry.uuid))) {
    for (const inbound of squad.inbounds) {
      if (linksWithout.includes(inbound.type)) continue
      for (const host of ['nl.vpn.example', NODE]) {
        if (inbound.type === 'vless') links.push(`vless://${user.vlessUuid}@${host}:${inbound.port}?security=reality&type=tcp&sni=www.google.com&fp=chrome&pbk=${'A'.repeat(43)}&sid=ab12&flow=xtls-rprx-vision&encryption=none#Remnawave%20${host}`)
        if (inbound.type === 'trojan') links.push(`trojan://${user.password}@${host}:${inbound.port}?security=tls&type=tcp&sni=${host}#Trojan`)
        if (inbound.type === 'shadowsocks') links.push(`ss://${Buffer.from(`chacha20-ietf-poly1305:${user.password}`).toString('base64url')}@${host}:${inbound.port}#SS`)
      }
    }
  }
  return links
}

function panel(generation: 2 | 3 | 'old') {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    // The proxy check, before anything: no answer at all.
    if (!request.headers['x-forwarded-for'] || request.headers['x-forwarded-proto'] !== 'https') return void request.socket.destroy()
    const send = (status: number, body?: unknown) => void response.writeHead(status, { 'content-type': 'application/json' }).end(body === undefined ? undefined : JSON.stringify(body))
    const path = new URL(request.url ?? '/', 'http://x').pathname
    const text = await readBody(request)
    seen.push({ method: request.method ?? '', path, headers: request.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : null })
    if (request.headers.authorization !== `Bearer ${TOKEN}`) return send(401, { message: 'Unauthorized', statusCode: 401 })
    if (path === '/api/system/metadata') return generation === 'old' ? send(404, { message: 'Cannot GET /api/system/metadata' }) : send(200, { response: { version: generation === 3 ? '3.3.2' : '2.8.1', build: {}, git: {} } })
    if (path === '/api/internal-squads') return send(200, { response: { total: SQUADS.length, internalSquads: SQUADS } })
    if (path === '/api/users' && request.method === 'POST') {
      const body = JSON.parse(text) as Record<string, unknown>
      if (typeof body.username !== 'string' || !/^[a-zA-Z0-9_-]{3,36}$/.test(body.username)) return send(400, { statusCode: 400, message: 'Validation failed', errors: [] })
      if (users.some((user) => user.username === body.username)) return send(400, { message: 'User username already exists', errorCode: 'A019' })
      if (typeof body.expireAt !== 'string' || Number.isNaN(Date.parse(body.expireAt))) return send(400, { statusCode: 400, message: 'Validation failed', errors: [] })
      const user: User = {
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
      users.push(user)
      const { uuid, id, ...rest } = user
      return send(201, { response: { ...(generation === 3 ? {} : { uuid }), id, ...rest, shortUuid: randomBytes(8).toString('hex'), status: 'ACTIVE' } })
    }
    const byKey = (key: string) => users.find((user) => (generation === 3 ? String(user.id) === key : user.uuid === key))
    const subscription = /^\/api\/subscriptions\/(by-uuid|by-id)\/([^/]+)$/.exec(path)
    if (subscription) {
      const user = (subscription[1] === 'by-id') === (generation === 3) ? byKey(decodeURIComponent(subscription[2]!)) : undefined
      return user ? send(200, { response: { isFound: true, user: { userStatus: 'ACTIVE' }, links: linksOf(user), ssConfLinks: {}, subscriptionUrl: 'https://sub.example/x' } }) : send(404, { message: 'User not found', errorCode: 'A025' })
    }
    const remove = /^\/api\/users\/([^/]+)$/.exec(path)
    if (remove && request.method === 'DELETE') {
      const user = byKey(decodeURIComponent(remove[1]!))
      if (!user) return send(404, { message: 'User not found', errorCode: 'A025' })
      users = users.filter((entry) => entry !== user)
      return generation === 3 ? send(204) : send(200, { response: { isDeleted: true } })
    }
    return send(404, { message: `Cannot ${request.method} ${path}` })
  }
}

const v3 = httpDouble(panel(3))
const v2 = httpDouble(panel(2))
const old = httpDouble(panel('old'))

function server(url: string, overrides: Partial<NonNullable<Server['credentials']>> = {}): Server {
  return { id: 7, name: 'Remnawave DE', host: NODE, adapter: 'remnawave', credentials: { apiUrl: `${url}/`, apiToken: TOKEN, ...overrides } } as Server
}

const request = (protocol: 'vless' | 'trojan' | 'outline', port: number, lifetimeHours: number | null = 24) => ({ countryCode: 'DE', protocol, port, lifetimeHours, inUse: [], label: `DE ${protocol}` })

beforeEach(() => {
  users = []
  seen = []
  linksWithout = []
})

for (const [name, double, generation] of [['3.x', v3, 3], ['2.x', v2, 2], ['2.x before 2.5 (no metadata)', old, 2]] as const) {
  describe(`Remnawave ${name}`, () => {
    it('makes one panel user per key in the squads that carry the protocol, for a day, and hands out its link on the server’s node, named by the site', async () => {
      for (const [protocol, port, scheme] of [['vless', 443, 'vless'], ['trojan', 8443, 'trojan'], ['outline', 8388, 'ss']] as const) {
        const key = await remnawaveAdapter.issue({ ...request(protocol, port), server: server(double.url(), { keyDataLimitGb: 50 }) })
        const parsed = parseShareLink(key.keyString!)
        expect(parsed.ok && parsed.value, protocol).toMatchObject({ protocol, host: NODE, port, name: `DE ${protocol}` })
        expect(key.keyString!.startsWith(`${scheme}://`)).toBe(true)
        expect(key.providerRef).toMatch(generation === 3 ? /^3:\d+$/ : /^2:[0-9a-f-]{36}$/)
        expect(key.expiresAt!.getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000)
      }
      const created = seen.filter((call) => call.method === 'POST' && call.path === '/api/users').map((call) => call.body!)
      expect(created.map((body) => body.activeInternalSquads)).toEqual([[SQUADS[0]!.uuid], [SQUADS[0]!.uuid], [SQUADS[1]!.uuid]])
      expect(created[0]).toMatchObject({ username: expect.stringMatching(/^vk_[0-9a-f]{12}$/), status: 'ACTIVE', trafficLimitBytes: 50 * 1024 ** 3, trafficLimitStrategy: 'NO_RESET', description: 'DE vless' })
      // As the panel's own reverse proxy would pass them: without these it resets the connection.
      expect(seen.every((call) => call.headers['x-forwarded-proto'] === 'https' && Boolean(call.headers['x-forwarded-for']))).toBe(true)
      expect(users).toHaveLength(3)
    })

    it('keeps a VIP key until the site revokes it; revoking deletes the user, and a user already gone is revoked', async () => {
      const key = await remnawaveAdapter.issue({ ...request('vless', 443, null), server: server(double.url()) })
      expect(key.expiresAt).toBeNull()
      expect(users[0]!.expireAt).toBe('2099-12-31T00:00:00.000Z')
      await remnawaveAdapter.revoke(server(double.url()), key.providerRef)
      expect(users).toHaveLength(0)
      await remnawaveAdapter.revoke(server(double.url()), key.providerRef)
    })

    it('takes the user back when the panel gives no link for the protocol, and says why', async () => {
      linksWithout = ['trojan']
      await expect(remnawaveAdapter.issue({ ...request('trojan', 8443), server: server(double.url()) })).rejects.toThrow(/Remnawave gave the user no trojan link the site can read/)
      expect(users).toHaveLength(0)
    })
  })
}

describe('Remnawave: what an editor is told', () => {
  it('a wrong token, an address that is not the panel, a protocol it does not serve', async () => {
    await expect(remnawaveAdapter.issue({ ...request('vless', 443), server: server(`${v3.url()}/nested`, { apiToken: 'wrong' }) })).rejects.toThrow(/Remnawave refused the API token \(HTTP 401/)
    await expect(remnawaveAdapter.issue({ ...request('vless', 443), server: server(v3.url(), { apiToken: '' }) })).rejects.toThrow(/set the Remnawave API token/)
    await expect(remnawaveAdapter.issue({ countryCode: 'DE', protocol: 'wireguard', port: 51820, lifetimeHours: 24, inUse: [], label: 'x', server: server(v3.url()) })).rejects.toThrow(/vless, trojan and shadowsocks keys only/)
  })

  it('a key issued before the panel moved to 3.x is not deleted by a guess: the operator is told which user it was', async () => {
    await expect(remnawaveAdapter.revoke(server(v3.url()), `2:${randomUUID()}`)).rejects.toThrow(/issued by Remnawave 2\.x, the panel is now 3\.x: delete user [0-9a-f-]{36} by hand/)
  })
})
