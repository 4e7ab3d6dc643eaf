// Remnawave (the Xray panel most Russian operators run in 2026) for vless, trojan and shadowsocks keys, built to its
// published REST contract (remnawave/backend, libs/contract): one panel user per key, with a one-day expireAt for a
// free key, in the internal squads whose inbounds carry the protocol; the key is that user's share link as the panel
// generates it; the user deleted to revoke. Both generations are spoken, told apart once by GET /api/system/metadata
// (from 2.5; it needs the token): 2.x names users by uuid (GET /api/subscriptions/by-uuid/…, DELETE /api/users/{uuid}),
// 3.x by numeric id (…/by-id/…, DELETE /api/users/{id} → 204). Outside its development mode the panel resets any
// connection without X-Forwarded-For and X-Forwarded-Proto: https, as its own reverse proxy would send them.
import { randomBytes } from 'node:crypto'

import { parseShareLink } from '@/lib/keys'
import type { Server } from '@/payload-types'

import { callApi, ManagementApiError, managementBase } from '../../http'
import type { ApiResponse } from '../../http'
import { timeOf } from '../../adapter'
import type { IssueRequest, KeyUse, ProvisioningAdapter } from '../../adapter'

type Generation = 2 | 3
type Json = Record<string, unknown>

/** The Xray inbound type, and the link scheme, of each protocol Remnawave serves. */
const INBOUND: Partial<Record<IssueRequest['protocol'], { type: string; scheme: string }>> = {
  vless: { type: 'vless', scheme: 'vless://' },
  trojan: { type: 'trojan', scheme: 'trojan://' },
  outline: { type: 'shadowsocks', scheme: 'ss://' },
}
/** Remnawave requires an expiry: a VIP key's lasts until the site revokes it (the subscription's end). */
const NO_EXPIRY = '2099-12-31T00:00:00.000Z'

const generations = new Map<string, Generation>()

function base(server: Server): URL {
  return managementBase(server.credentials?.apiUrl, server.name, 'Remnawave panel URL must look like https://panel.example.com/')
}

async function call(server: Server, path: string, method: string, body?: unknown): Promise<ApiResponse> {
  const token = server.credentials?.apiToken?.trim()
  if (!token) throw new ManagementApiError(`${server.name}: set the Remnawave API token (Settings → API tokens)`, null)
  try {
    const answer = await callApi(new URL(path, base(server)), {
      method,
      body,
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'https' },
      certSha256: server.credentials?.certSha256,
    })
    if (answer.status === 401 || answer.status === 403) {
      throw new ManagementApiError(`${server.name}: Remnawave refused the API token (HTTP ${answer.status}: it needs the users, subscriptions, internal-squads and system scopes)`, answer.status)
    }
    return answer
  } catch (error) {
    // The panel's proxy check closes the connection without an answer.
    if (error instanceof ManagementApiError && /socket hang up|ECONNRESET/.test(error.message)) {
      throw new ManagementApiError(`${server.name}: Remnawave closed the connection without an answer (behind its proxy check: is the address the panel's, over https?)`, null)
    }
    throw error
  }
}

function refused(server: Server, what: string, answer: ApiResponse): ManagementApiError {
  const body = answer.body as { message?: unknown; errorCode?: unknown } | null
  const reason = typeof body?.message === 'string' ? `: ${body.message.slice(0, 160)}${typeof body.errorCode === 'string' ? ` (${body.errorCode})` : ''}` : ''
  return new ManagementApiError(`${server.name}: Remnawave refused to ${what} (HTTP ${answer.status}${reason})`, answer.status)
}

const response = (answer: ApiResponse): Json => {
  const body = answer.body as { response?: unknown } | null
  return body?.response && typeof body.response === 'object' ? (body.response as Json) : {}
}

async function generationOf(server: Server): Promise<Generation> {
  const key = base(server).href
  const known = generations.get(key)
  if (known) return known
  const answer = await call(server, 'api/system/metadata', 'GET')
  let generation: Generation
  // Before 2.5 there is no metadata: those are 2.x too.
  if (answer.status === 404) generation = 2
  else if (answer.status === 200 && typeof response(answer).version === 'string') generation = Number.parseInt(String(response(answer).version), 10) >= 3 ? 3 : 2
  else throw new ManagementApiError(`${server.name}: the address does not answer as Remnawave (HTTP ${answer.status} for /api/system/metadata)`, answer.status)
  generations.set(key, generation)
  return generation
}

/** The internal squads with an inbound of this type: a user in them gets the protocol's link. */
async function squadsFor(server: Server, type: string): Promise<string[]> {
  const answer = await call(server, 'api/internal-squads', 'GET')
  if (answer.status !== 200) throw refused(server, 'list its internal squads', answer)
  const squads = Array.isArray(response(answer).internalSquads) ? (response(answer).internalSquads as Json[]) : []
  const matching = squads.filter((squad) => Array.isArray(squad.inbounds) && (squad.inbounds as Json[]).some((inbound) => inbound.type === type))
  if (matching.length === 0) throw new ManagementApiError(`${server.name}: no Remnawave internal squad has a ${type} inbound (add one in Internal squads)`, null)
  return matching.map((squad) => String(squad.uuid))
}

/** The user's link for the protocol: on the server's own host and port when the panel has several, named by the site. */
export function remnawaveLink(links: readonly unknown[], scheme: string, host: string, port: number, name: string): string | null {
  const candidates = links
    .filter((link): link is string => typeof link === 'string' && link.startsWith(scheme))
    .map((link) => ({ link, parsed: parseShareLink(link) }))
    .filter((entry) => entry.parsed.ok)
  const score = ({ parsed }: (typeof candidates)[number]) => {
    if (!parsed.ok) return 0
    return (parsed.value.host.toLowerCase() === host.toLowerCase() ? 2 : 0) + (parsed.value.port === port ? 1 : 0)
  }
  const best = [...candidates].sort((a, b) => score(b) - score(a))[0]
  if (!best) return null
  const hash = best.link.indexOf('#')
  return `${hash === -1 ? best.link : best.link.slice(0, hash)}#${encodeURIComponent(name)}`
}

function parseRef(providerRef: string): { generation: Generation; user: string } | null {
  const [, generation, user] = /^([23]):(.+)$/.exec(providerRef) ?? []
  return generation && user ? { generation: Number(generation) as Generation, user } : null
}

export const remnawaveAdapter: ProvisioningAdapter = {
  async issue({ server, protocol, port, lifetimeHours, label }: IssueRequest) {
    const inbound = INBOUND[protocol]
    if (!inbound) throw new ManagementApiError(`${server.name}: Remnawave issues vless, trojan and shadowsocks keys only`, null)
    const generation = await generationOf(server)
    const squads = await squadsFor(server, inbound.type)
    const expiresAt = lifetimeHours === null ? null : new Date(Date.now() + lifetimeHours * 60 * 60 * 1000)
    const gigabytes = server.credentials?.keyDataLimitGb
    const created = await call(server, 'api/users', 'POST', {
      username: `vk_${randomBytes(6).toString('hex')}`,
      expireAt: expiresAt?.toISOString() ?? NO_EXPIRY,
      status: 'ACTIVE',
      trafficLimitBytes: gigabytes && gigabytes > 0 ? Math.round(gigabytes * 1024 ** 3) : 0,
      trafficLimitStrategy: 'NO_RESET',
      activeInternalSquads: squads,
      description: label,
    })
    if (created.status !== 200 && created.status !== 201) throw refused(server, 'create a user', created)
    const user = response(created)
    const id = generation === 3 ? user.id : user.uuid
    if ((generation === 3 && typeof id !== 'number') || (generation === 2 && typeof id !== 'string')) {
      throw new ManagementApiError(`${server.name}: Remnawave ${generation}.x created a user without its ${generation === 3 ? 'id' : 'uuid'}`, null)
    }
    const providerRef = `${generation}:${String(id)}`
    try {
      const subscription = await call(server, `api/subscriptions/${generation === 3 ? 'by-id' : 'by-uuid'}/${encodeURIComponent(String(id))}`, 'GET')
      if (subscription.status !== 200) throw refused(server, "give the user's links", subscription)
      const links = Array.isArray(response(subscription).links) ? (response(subscription).links as unknown[]) : []
      const keyString = remnawaveLink(links, inbound.scheme, server.host, port, label)
      if (!keyString) throw new ManagementApiError(`${server.name}: Remnawave gave the user no ${inbound.type} link the site can read (is a host set for the inbound?)`, null)
      return { keyString, configFile: null, connection: null, expiresAt, providerRef }
    } catch (error) {
      // No link, no key: the panel user is taken back rather than left working where the site cannot see it.
      await remnawaveAdapter.revoke(server, providerRef).catch(() => undefined)
      throw error
    }
  },

  async revoke(server, providerRef) {
    const ref = parseRef(providerRef)
    if (!ref) throw new ManagementApiError(`${server.name}: not a Remnawave key reference: ${providerRef}`, null)
    const generation = await generationOf(server)
    // A key made before the panel was upgraded names its user the old way: only the panel's operator can find it now.
    if (generation !== ref.generation) {
      throw new ManagementApiError(`${server.name}: the key was issued by Remnawave ${ref.generation}.x, the panel is now ${generation}.x: delete user ${ref.user} by hand`, null)
    }
    const deleted = await call(server, `api/users/${encodeURIComponent(ref.user)}`, 'DELETE')
    // 2.x answers 200, 3.x 204; a user already gone (404, A025) is what revoking wants.
    if (deleted.status === 200 || deleted.status === 204 || deleted.status === 404) return
    throw refused(server, `delete user ${ref.user}`, deleted)
  },

  // GET /api/users/{uuid} (2.x) or /api/users/{id} (3.x): the user's userTraffic, its lifetime traffic (never reset by
  // the panel's period) and onlineAt. Remnawave tells no client addresses there. A key of the other generation, or a
  // user gone from the panel, is left out.
  async usage(server, providerRefs) {
    const generation = await generationOf(server)
    const use = new Map<string, KeyUse>()
    for (const providerRef of providerRefs) {
      const ref = parseRef(providerRef)
      if (!ref || ref.generation !== generation) continue
      const answer = await call(server, `api/users/${encodeURIComponent(ref.user)}`, 'GET')
      if (answer.status === 404) continue
      if (answer.status !== 200) throw refused(server, `tell user ${ref.user}'s traffic`, answer)
      const traffic = (response(answer).userTraffic ?? {}) as { lifetimeUsedTrafficBytes?: unknown; onlineAt?: unknown }
      use.set(providerRef, {
        bytes: typeof traffic.lifetimeUsedTrafficBytes === 'number' ? traffic.lifetimeUsedTrafficBytes : null,
        lastOnlineAt: timeOf(traffic.onlineAt),
        addresses: [],
      })
    }
    return use
  },
}
