// The test double of 3x-ui's API (see ../doubles.ts), built to 3x-ui's published API (MHSanaei/3x-ui: web/controller
// and sub/subService.go in 2.x, internal/web/controller/client.go in 3.x), in both generations: 2.x with the login
// form, a session cookie, inbound settings as JSON strings, addClient and delClient; 3.x with an API token, settings
// as objects, clients/add and clients/del by e-mail. Errors are HTTP 200 with success:false, as the panel answers.
import type { IncomingMessage, ServerResponse } from 'node:http'

import type { Handler } from '../doubles'
import { readBody } from '../doubles'

export type ThreeXuiClient = { id?: string; password?: string; auth?: string; email: string; flow?: string; totalGB: number; enable: boolean; comment?: string }
export type ThreeXuiInbound = { id: number; port: number; protocol: string; remark: string; enable: boolean; clients: ThreeXuiClient[]; stream: Record<string, unknown>; version?: number }

function inboundJson(inbound: ThreeXuiInbound, generation: 2 | 3) {
  const settings = { clients: inbound.clients, decryption: 'none', fallbacks: [], ...(inbound.version ? { version: inbound.version } : {}) }
  return {
    id: inbound.id,
    port: inbound.port,
    protocol: inbound.protocol,
    remark: inbound.remark,
    enable: inbound.enable,
    listen: '',
    settings: generation === 2 ? JSON.stringify(settings, null, 2) : settings,
    streamSettings: generation === 2 ? JSON.stringify(inbound.stream, null, 2) : inbound.stream,
  }
}

/** What a 2.x panel finds a client by: a vless client's id, a trojan client's password, a Hysteria client's auth. */
const secretOf = (inbound: ThreeXuiInbound, client: ThreeXuiClient) => (inbound.protocol === 'trojan' ? client.password : inbound.protocol === 'hysteria' ? client.auth : client.id)

export type ThreeXuiUse = { up: number; down: number; lastOnline: number; ips: string[] }
export type ThreeXuiPanel = {
  /** 2.x: the login form, a session cookie, settings as JSON text; 3.x: an API token, settings as objects. */
  generation: 2 | 3
  inbounds: ThreeXuiInbound[]
  sessions: Set<string>
  /** What Xray counted per client: traffic, last online (3.x: 2.6 and later), and the addresses its access log saw. */
  use: Map<string, ThreeXuiUse>
  calls: string[]
  handle: Handler
}

/** A 3x-ui panel under /secret-path/: 3.x takes `token`, 2.x logs in `username` with `password`. */
export function threeXuiPanel({ token, username, password }: { token: string; username: string; password: string }): ThreeXuiPanel {
  const panel: ThreeXuiPanel = { generation: 3, inbounds: [], sessions: new Set(), use: new Map(), calls: [], handle }
  return panel

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const send = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers })
      response.end(body === undefined ? '' : JSON.stringify(body))
    }
    const ok = (obj: unknown = null, msg = '') => send(200, { success: true, msg, obj })
    const failed = (msg: string) => send(200, { success: false, msg, obj: null })
    const path = new URL(request.url ?? '/', 'http://x').pathname.replace(/^\/secret-path/, '')
    panel.calls.push(`${request.method} ${path}`)
    if (!request.url?.startsWith('/secret-path/')) return send(404)
    if (request.method === 'POST' && path === '/login') {
      if (panel.generation === 3) return send(403)
      const form = new URLSearchParams(await readBody(request))
      if (form.get('username') !== username || form.get('password') !== password) return failed('Invalid username or password or secret.')
      const session = `s${panel.sessions.size + 1}`
      panel.sessions.add(session)
      return send(200, { success: true, msg: 'Login Successfully', obj: null }, { 'set-cookie': `3x-ui=${session}; Path=/secret-path/; HttpOnly` })
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1]
    const cookie = /3x-ui=([^;]+)/.exec(request.headers.cookie ?? '')?.[1]
    const authed = panel.generation === 3 ? bearer === token : cookie !== undefined && panel.sessions.has(cookie)
    if (!authed) return request.headers['x-requested-with'] === 'XMLHttpRequest' ? send(401, { success: false, msg: 'Your session has expired, please log in again', obj: null }) : send(307, undefined, { location: '/secret-path/' })

    if (request.method === 'GET' && path === '/panel/api/inbounds/list') return ok(panel.inbounds.map((inbound) => inboundJson(inbound, panel.generation)))
    const allEmails = () => panel.inbounds.flatMap((inbound) => inbound.clients.map((client) => client.email.toLowerCase()))
    const traffics = /^\/panel\/api\/inbounds\/getClientTraffics\/(.+)$/.exec(path)
    if (request.method === 'GET' && traffics) {
      const email = decodeURIComponent(traffics[1]!)
      const inbound = panel.inbounds.find((candidate) => candidate.clients.some((client) => client.email === email))
      // Newer panels answer an unknown client with no object; older ones with gorm's error.
      if (!inbound) return panel.generation === 3 ? ok(null) : failed('Error getting traffics (record not found)')
      const seen = panel.use.get(email) ?? { up: 0, down: 0, lastOnline: 0, ips: [] }
      return ok({ id: 7, inboundId: inbound.id, enable: true, email, up: seen.up, down: seen.down, expiryTime: 0, total: 0, reset: 0, ...(panel.generation === 3 ? { lastOnline: seen.lastOnline } : {}) })
    }
    const clientIps = /^\/panel\/api\/inbounds\/clientIps\/(.+)$/.exec(path)
    if (request.method === 'POST' && clientIps) {
      const ips = panel.use.get(decodeURIComponent(clientIps[1]!))?.ips ?? []
      if (ips.length === 0) return ok('No IP Record')
      // 3.x: the addresses with the time each was last seen, in the panel's zone; 2.x: the stored JSON text.
      return ok(panel.generation === 3 ? ips.map((ip) => `${ip} (2026-11-29 14:03:00)`) : JSON.stringify(ips))
    }
    if (panel.generation === 2 && request.method === 'POST' && path === '/panel/api/inbounds/addClient') {
      const body = JSON.parse(await readBody(request)) as { id: number; settings: unknown }
      if (typeof body.settings !== 'string') return failed('Something went wrong! Failed: json: cannot unmarshal object into Go struct field Inbound.settings of type string\n')
      const inbound = panel.inbounds.find((candidate) => candidate.id === body.id)
      if (!inbound) return failed('Something went wrong! Failed: record not found\n')
      const { clients } = JSON.parse(body.settings) as { clients: ThreeXuiClient[] }
      for (const client of clients) {
        if (allEmails().includes(client.email.toLowerCase())) return failed(`Something went wrong! Failed: Duplicate email: ${client.email}\n`)
        if (inbound.protocol === 'vless' && !client.id) return failed('Something went wrong! Failed: empty client ID\n')
        if (inbound.protocol === 'trojan' && !client.password) return failed('Something went wrong! Failed: empty client ID\n')
        if (inbound.protocol === 'hysteria' && !client.auth) return failed('Something went wrong! Failed: empty client ID\n')
      }
      inbound.clients.push(...clients)
      return ok(null, 'Client(s) added')
    }
    const delClient = /^\/panel\/api\/inbounds\/(\d+)\/delClient\/(.+)$/.exec(path)
    if (panel.generation === 2 && request.method === 'POST' && delClient) {
      const inbound = panel.inbounds.find((candidate) => candidate.id === Number(delClient[1]))
      if (!inbound) return failed('Something went wrong! Failed: record not found\n')
      const clientId = decodeURIComponent(delClient[2]!)
      const remaining = inbound.clients.filter((client) => secretOf(inbound, client) !== clientId)
      if (remaining.length === 0) return failed('Something went wrong! Failed: no client remained in Inbound\n')
      inbound.clients = remaining
      return ok(null, 'Client deleted')
    }
    const updateClient = /^\/panel\/api\/inbounds\/updateClient\/(.+)$/.exec(path)
    if (panel.generation === 2 && request.method === 'POST' && updateClient) {
      const body = JSON.parse(await readBody(request)) as { id: number; settings: string }
      const inbound = panel.inbounds.find((candidate) => candidate.id === body.id)
      const clientId = decodeURIComponent(updateClient[1]!)
      const index = inbound?.clients.findIndex((client) => secretOf(inbound, client) === clientId) ?? -1
      if (!inbound || index < 0) return failed('Something went wrong! Failed: record not found\n')
      const [client] = (JSON.parse(body.settings) as { clients: ThreeXuiClient[] }).clients
      inbound.clients[index] = client!
      return ok(null, 'Client updated')
    }
    if (panel.generation === 3 && request.method === 'POST' && path === '/panel/api/clients/add') {
      const body = JSON.parse(await readBody(request)) as { client: ThreeXuiClient; inboundIds: number[] }
      if (!body.client?.email) return failed('Something went wrong (client email is required)')
      if (allEmails().includes(body.client.email.toLowerCase())) return failed(`Something went wrong (email already in use: ${body.client.email})`)
      for (const id of body.inboundIds) {
        const inbound = panel.inbounds.find((candidate) => candidate.id === id)
        if (!inbound) return failed('Something went wrong (record not found)')
        inbound.clients.push({ ...body.client, enable: true })
      }
      return ok(null, 'Inbound client(s) have been added.')
    }
    const del = /^\/panel\/api\/clients\/del\/(.+)$/.exec(path)
    if (panel.generation === 3 && request.method === 'POST' && del) {
      const email = decodeURIComponent(del[1]!)
      if (!allEmails().includes(email.toLowerCase())) return failed(`Something went wrong (client "${email}" not found in any inbound or client record)`)
      for (const inbound of panel.inbounds) inbound.clients = inbound.clients.filter((client) => client.email !== email)
      return ok(null, 'Inbound client has been deleted.')
    }
    return send(404)
  }
}
