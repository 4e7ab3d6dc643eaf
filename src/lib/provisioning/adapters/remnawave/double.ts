// The test double of Remnawave's API (see ../doubles.ts): a request handler over state a test reads and steers.
import { randomBytes, randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

import type { Handler } from '../doubles'
import { readBody } from '../doubles'

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
