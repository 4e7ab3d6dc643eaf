// The Xray-panel adapter against an in-test server implementing Marzban's REST API contract: form login for
// a bearer token, users with proxies and limits, share links in the answer, deletes, errors and time-outs.
import type { IncomingMessage, ServerResponse } from 'node:http'

import { beforeEach, describe, expect, it } from 'vitest'

import { marzbanAdapter } from '@/lib/provisioning/adapters/marzban/marzban'
import type { Server } from '@/payload-types'

import { httpDouble, readBody } from '../helpers/httpDouble'

type User = { username: string; proxies: Record<string, unknown>; data_limit: number; note: string; used_traffic?: number; online_at?: string | null }
let users: Map<string, User>
let issuedTokens: Set<string>
let hang = false
const calls: string[] = []

async function marzban(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const send = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(body))
  }
  const path = new URL(request.url ?? '/', 'http://x').pathname
  calls.push(`${request.method} ${path}`)
  if (hang) return
  if (request.method === 'POST' && path === '/api/admin/token') {
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return send(422, { detail: 'form expected' })
    const form = new URLSearchParams(await readBody(request))
    if (form.get('username') !== 'admin' || form.get('password') !== 'panel-pass') return send(401, { detail: 'Incorrect username or password' })
    const token = `token-${issuedTokens.size + 1}`
    issuedTokens.add(token)
    return send(200, { access_token: token, token_type: 'bearer' })
  }
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1]
  if (!token || !issuedTokens.has(token)) return send(401, { detail: 'Could not validate credentials' })
  if (request.method === 'POST' && path === '/api/user') {
    const body = JSON.parse(await readBody(request)) as User
    if (!/^[a-z0-9_]{3,32}$/.test(body.username)) return send(422, { detail: { username: 'Username only can be 3 to 32 characters' } })
    if (users.has(body.username)) return send(409, { detail: 'User already exists' })
    users.set(body.username, body)
    const links = Object.keys(body.proxies).map((protocol) =>
      protocol === 'vless'
        ? `vless://0f6c3b2a-6c3e-4f6e-9d5e-1a2b3c4d5e6f@198.51.100.4:443?security=reality&type=tcp&sni=www.microsoft.com&pbk=abc&sid=12#${body.username}`
        : `trojan://secret-${body.username}@198.51.100.4:8443?security=tls&type=tcp#${body.username}`,
    )
    return send(200, { ...body, status: 'active', expire: null, links, subscription_url: `/sub/${body.username}` })
  }
  const match = /^\/api\/user\/([^/]+)$/.exec(path)
  if (request.method === 'GET' && match) {
    const user = users.get(decodeURIComponent(match[1]!))
    if (!user) return send(404, { detail: 'User not found' })
    // online_at: the last time the user was online, in UTC without a zone, as Marzban writes it; null before.
    return send(200, { ...user, status: 'active', used_traffic: user.used_traffic ?? 0, online_at: user.online_at ?? null })
  }
  if (request.method === 'DELETE' && match) {
    if (!users.delete(decodeURIComponent(match[1]!))) return send(404, { detail: 'User not found' })
    return send(200, { detail: 'User successfully deleted' })
  }
  send(404, { detail: 'Not Found' })
}

const double = httpDouble(marzban)

function panel(credentials: Partial<NonNullable<Server['credentials']>> = {}): Server {
  return { id: 7, name: 'DE-xray-01', host: '198.51.100.4', adapter: 'xray-panel', credentials: { apiUrl: double.url(), username: 'admin', password: 'panel-pass', keyDataLimitGb: 20, ...credentials } } as Server
}

const request = { countryCode: 'de', port: 443, lifetimeHours: null, inUse: [], label: 'DE vless' }

beforeEach(() => {
  users = new Map()
  issuedTokens = new Set()
  hang = false
  calls.length = 0
})

describe('Marzban adapter', () => {
  it('logs in, creates a user per key with the data limit, and returns the panel’s share link; revoking deletes the user', async () => {
    const issued = await marzbanAdapter.issue({ ...request, protocol: 'vless', server: panel() })
    expect(issued.keyString).toMatch(/^vless:\/\/[0-9a-f-]{36}@198\.51\.100\.4:443\?security=reality/)
    const user = users.get(issued.providerRef)
    expect(user).toMatchObject({ proxies: { vless: {} }, data_limit: 20_000_000_000, note: 'DE vless' })
    expect(calls).toEqual(['POST /api/admin/token', 'POST /api/user'])

    const trojan = await marzbanAdapter.issue({ ...request, protocol: 'trojan', label: 'DE trojan', server: panel() })
    expect(trojan.keyString).toMatch(/^trojan:\/\//)
    await marzbanAdapter.revoke(panel(), issued.providerRef)
    expect(users.has(issued.providerRef)).toBe(false)
    await expect(marzbanAdapter.revoke(panel(), issued.providerRef)).resolves.toBeUndefined()
  })

  it('tells each user’s traffic and when it was last online (no addresses); a user gone from the panel is left out', async () => {
    const issued = await marzbanAdapter.issue({ ...request, protocol: 'vless', server: panel() })
    expect(await marzbanAdapter.usage!(panel(), [issued.providerRef, 'vk_gone'])).toEqual(new Map([[issued.providerRef, { bytes: 0, lastOnlineAt: null, addresses: [] }]]))
    Object.assign(users.get(issued.providerRef)!, { used_traffic: 123_456, online_at: '2026-11-29T14:03:00' })
    expect((await marzbanAdapter.usage!(panel(), [issued.providerRef])).get(issued.providerRef)).toEqual({ bytes: 123_456, lastOnlineAt: new Date('2026-11-29T14:03:00Z'), addresses: [] })
  })

  it('logs in again when the token has expired', async () => {
    await marzbanAdapter.issue({ ...request, protocol: 'vless', server: panel() })
    issuedTokens.clear()
    calls.length = 0
    await marzbanAdapter.issue({ ...request, protocol: 'vless', server: panel() })
    expect(calls).toEqual(['POST /api/user', 'POST /api/admin/token', 'POST /api/user'])
  })

  it('reports wrong admin credentials, refused protocols and a panel that does not answer', async () => {
    await expect(marzbanAdapter.issue({ ...request, protocol: 'vless', server: { ...panel({ password: 'wrong' }), id: 8 } })).rejects.toThrow(
      /DE-xray-01: Marzban refused the admin login \(HTTP 401: Incorrect username or password\)/,
    )
    await expect(marzbanAdapter.issue({ ...request, protocol: 'wireguard', server: panel() })).rejects.toThrow(/vless and trojan keys only/)
    hang = true
    await expect(marzbanAdapter.issue({ ...request, protocol: 'vless', server: { ...panel(), id: 9 } })).rejects.toThrow(/did not answer within 8000 ms/)
  }, 15_000)
})
