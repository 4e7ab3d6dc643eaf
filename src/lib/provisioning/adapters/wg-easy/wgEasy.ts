// wg-easy (the WireGuard server with a web panel most people run) for WireGuard keys, built to its published API:
// one panel client per key, its .conf as the key's file, the client deleted to revoke. wg-easy 15 (current) takes
// HTTP Basic auth with the panel's username and password; wg-easy 14 takes the password alone in the Authorization
// header. Which one answers is told once by GET /api/session (14: 200 with requiresPassword; 15: 401).
import { randomBytes } from 'node:crypto'
import { isIP } from 'node:net'

import { parseWireguardConfig } from '@/lib/keys'
import type { Server } from '@/payload-types'

import { callApi, ManagementApiError, managementBase } from '../../http'
import type { ApiResponse } from '../../http'
import { bytesOf, timeOf } from '../../adapter'
import type { IssueRequest, KeyUse, ProvisioningAdapter } from '../../adapter'

type Version = 14 | 15
/** By panel address: a server whose address an admin changes is asked again. */
const versions = new Map<string, Version>()

function base(server: Server): URL {
  return managementBase(server.credentials?.apiUrl, server.name, 'wg-easy panel URL must look like https://wg.example.com:51821')
}

function authorization(server: Server, version: Version): string {
  const { username, password } = server.credentials ?? {}
  if (!password || (version === 15 && !username)) throw new ManagementApiError(`${server.name}: set the wg-easy username and password`, null)
  return version === 15 ? `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` : password
}

async function versionOf(server: Server): Promise<Version> {
  const key = base(server).href
  const known = versions.get(key)
  if (known) return known
  const answer = await callApi(new URL('api/session', base(server)), { method: 'GET', certSha256: server.credentials?.certSha256 })
  // 14 answers 200 with requiresPassword; 15 answers 401. Anything else (a proxy's 502, a wrong path's 404) is not an answer.
  const isV14 = answer.status === 200 && typeof (answer.body as { requiresPassword?: unknown } | null)?.requiresPassword === 'boolean'
  if (!isV14 && answer.status !== 401) throw new ManagementApiError(`${server.name}: the address does not answer as wg-easy (HTTP ${answer.status} for /api/session)`, answer.status)
  const version: Version = isV14 ? 14 : 15
  versions.set(key, version)
  return version
}

async function api(server: Server, path: string, method: string, body?: unknown, expected?: Version): Promise<{ answer: ApiResponse; version: Version }> {
  const version = await versionOf(server)
  // A key issued by wg-easy 14 has a uuid the 15 API does not know (an upgrade gives clients new ids).
  if (expected && expected !== version) throw new ManagementApiError(`${server.name}: the key was issued by wg-easy ${expected}, the panel is now wg-easy ${version}: delete the client in the panel by hand`, null)
  const prefix = version === 15 ? 'api/client' : 'api/wireguard/client'
  const answer = await callApi(new URL(path ? `${prefix}/${path}` : prefix, base(server)), {
    method,
    body,
    headers: { authorization: authorization(server, version) },
    certSha256: server.credentials?.certSha256,
  })
  if (answer.status === 401) throw new ManagementApiError(`${server.name}: wg-easy refused the username or password (HTTP 401)`, 401)
  // wg-easy 14 answers a wrong password with a bare 500 (a known bug of its auth guard), as it does its own errors.
  if (version === 14 && answer.status === 500) {
    throw new ManagementApiError(`${server.name}: wg-easy 14 answered HTTP 500: a wrong password, or the panel's own error (is its address range full?)`, 500)
  }
  return { answer, version }
}

/** The address of a peer's endpoint ("203.0.113.5:51820", "[2001:db8::5]:51820"), or null for anything else. */
export function endpointAddress(endpoint: unknown): string | null {
  if (typeof endpoint !== 'string') return null
  const address = /^\[([^\]]+)\]:\d+$/.exec(endpoint)?.[1] ?? /^([^:]+):\d+$/.exec(endpoint)?.[1] ?? null
  return address && isIP(address) ? address : null
}

function refused(server: Server, what: string, answer: ApiResponse): ManagementApiError {
  const body = answer.body as { message?: unknown; statusMessage?: unknown } | null
  const reason = typeof body?.message === 'string' ? body.message : typeof body?.statusMessage === 'string' ? body.statusMessage : ''
  return new ManagementApiError(`${server.name}: wg-easy refused to ${what} (HTTP ${answer.status}${reason ? `: ${reason.slice(0, 160)}` : ''})`, answer.status)
}

export const wgEasyAdapter: ProvisioningAdapter = {
  async issue({ server, protocol, countryCode }: IssueRequest) {
    if (protocol !== 'wireguard') throw new ManagementApiError(`${server.name}: wg-easy issues WireGuard keys only`, null)
    // A unique name: wg-easy 14 (and 15 before 15.2) answer a create without the new client's id.
    const name = `vk_${randomBytes(6).toString('hex')}`
    const created = await api(server, '', 'POST', { name, expiresAt: null })
    if (created.answer.status !== 200) throw refused(server, 'create a client', created.answer)
    let id = (created.answer.body as { clientId?: unknown } | null)?.clientId
    if (typeof id !== 'number' && typeof id !== 'string') {
      const listed = await api(server, '', 'GET')
      const clients = Array.isArray(listed.answer.body) ? (listed.answer.body as { id?: unknown; name?: unknown }[]) : []
      id = clients.find((client) => client.name === name)?.id
    }
    if (typeof id !== 'number' && typeof id !== 'string') throw new ManagementApiError(`${server.name}: wg-easy created ${name} but does not list it`, null)
    const providerRef = `${created.version}:${id}`
    const config = await api(server, `${encodeURIComponent(String(id))}/configuration`, 'GET')
    const content = typeof config.answer.body === 'string' ? config.answer.body.trim() + '\n' : ''
    if (config.answer.status !== 200 || !parseWireguardConfig(content).ok) {
      await wgEasyAdapter.revoke(server, providerRef).catch(() => undefined)
      throw config.answer.status !== 200 ? refused(server, `give ${name}'s configuration`, config.answer) : new ManagementApiError(`${server.name}: wg-easy gave a configuration the site cannot read`, null)
    }
    return { keyString: null, configFile: { filename: `${countryCode.toLowerCase()}-wireguard.conf`, content }, connection: null, expiresAt: null, providerRef }
  },

  async revoke(server, providerRef) {
    const [, version, id] = /^(14|15):(.+)$/.exec(providerRef) ?? []
    if (!version || !id) throw new ManagementApiError(`${server.name}: not a wg-easy key reference: ${providerRef}`, null)
    const deleted = await api(server, encodeURIComponent(id), 'DELETE', undefined, Number(version) as Version)
    // wg-easy answers 200 for a client already gone; anything else (404 from a wrong address or proxy) is not a delete.
    if (deleted.answer.status !== 200 && deleted.answer.status !== 204) throw refused(server, `delete client ${id}`, deleted.answer)
  },

  // The client list: each peer's latest handshake (a client in use shakes hands every two minutes), its traffic and,
  // where the panel gives it, the endpoint it last came from.
  async usage(server, providerRefs) {
    const listed = await api(server, '', 'GET')
    if (listed.answer.status !== 200) throw refused(server, 'list its clients', listed.answer)
    type Client = { id?: unknown; latestHandshakeAt?: unknown; transferRx?: unknown; transferTx?: unknown; endpoint?: unknown }
    const clients = new Map((Array.isArray(listed.answer.body) ? (listed.answer.body as Client[]) : []).map((client) => [`${listed.version}:${String(client.id)}`, client]))
    const use = new Map<string, KeyUse>()
    for (const ref of providerRefs) {
      const client = clients.get(ref)
      if (!client) continue
      const address = endpointAddress(client.endpoint)
      use.set(ref, {
        bytes: bytesOf(client.transferRx) + bytesOf(client.transferTx),
        lastOnlineAt: timeOf(client.latestHandshakeAt),
        addresses: address ? [address] : [],
      })
    }
    return use
  },
}
