// The test double of Outline's API (see ../doubles.ts): a request handler over state a test reads and steers.
import type { Handler } from '../doubles'
import { readBody, sendJson } from '../doubles'

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
