// The test double of wg-easy's API (see ../doubles.ts): a request handler over state a test reads and steers.
import { randomUUID } from 'node:crypto'

import { generateWireguardKeyPair } from '../../../keys/wireguard'
import type { Handler } from '../doubles'
import { readBody, sendJson } from '../doubles'

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
