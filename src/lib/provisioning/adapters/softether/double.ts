// The test double of SoftEther's API (see ../doubles.ts): a request handler over state a test reads and steers.
import type { IncomingMessage } from 'node:http'

import { strToU8, zipSync } from 'fflate'

import type { Handler } from '../doubles'
import { readBody } from '../doubles'

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
