// The test double of Marzban's REST API (see ../doubles.ts): form login for a bearer token, users with proxies and
// limits, share links in the answer, deletes; `hang` makes it answer nothing.
import type { IncomingMessage, ServerResponse } from 'node:http'

import type { Handler } from '../doubles'
import { readBody } from '../doubles'

export type MarzbanUser = { username: string; proxies: Record<string, unknown>; data_limit: number; note: string; used_traffic?: number; online_at?: string | null }
export type MarzbanPanel = { users: Map<string, MarzbanUser>; issuedTokens: Set<string>; calls: string[]; hang: boolean; handle: Handler }

/** A Marzban panel whose admin logs in as `username` with `password`. */
export function marzbanPanel({ username, password }: { username: string; password: string }): MarzbanPanel {
  const panel: MarzbanPanel = { users: new Map(), issuedTokens: new Set(), calls: [], hang: false, handle }
  const { users, issuedTokens, calls } = panel
  return panel

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    const path = new URL(request.url ?? '/', 'http://x').pathname
    calls.push(`${request.method} ${path}`)
    if (panel.hang) return
    if (request.method === 'POST' && path === '/api/admin/token') {
      if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return send(422, { detail: 'form expected' })
      const form = new URLSearchParams(await readBody(request))
      if (form.get('username') !== username || form.get('password') !== password) return send(401, { detail: 'Incorrect username or password' })
      const token = `token-${issuedTokens.size + 1}`
      issuedTokens.add(token)
      return send(200, { access_token: token, token_type: 'bearer' })
    }
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1]
    if (!token || !issuedTokens.has(token)) return send(401, { detail: 'Could not validate credentials' })
    if (request.method === 'POST' && path === '/api/user') {
      const body = JSON.parse(await readBody(request)) as MarzbanUser
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
}
