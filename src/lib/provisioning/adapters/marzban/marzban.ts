// Marzban (an Xray panel) for vless and trojan keys, built to its REST API: an admin token from
// POST /api/admin/token, a panel user per key from POST /api/user (the answer carries the share links),
// DELETE /api/user/{username} to revoke. Chosen over 3x-ui because its API is a documented OpenAPI with
// token auth, and it returns ready share links with the server's own transport settings.
import { randomBytes } from 'node:crypto'

import type { Server } from '@/payload-types'

import { callApi, ManagementApiError, managementBase } from '../../http'
import { timeOf } from '../../adapter'
import type { IssueRequest, KeyUse, ProvisioningAdapter } from '../../adapter'

const tokens = new Map<number, string>()

function apiBase(server: Server): URL {
  return managementBase(server.credentials?.apiUrl, server.name, 'Marzban panel URL must look like https://panel.example.com:8000')
}

function detail(body: unknown): string {
  const value = typeof body === 'object' && body && 'detail' in body ? (body as { detail: unknown }).detail : ''
  return typeof value === 'string' ? value : JSON.stringify(value).slice(0, 120)
}

async function login(server: Server): Promise<string> {
  const { username, password, certSha256 } = server.credentials ?? {}
  if (!username || !password) throw new ManagementApiError(`${server.name}: set the Marzban admin username and password`, null)
  const form = new URLSearchParams({ grant_type: 'password', username, password }).toString()
  const answer = await callApi(new URL('api/admin/token', apiBase(server)), {
    method: 'POST',
    body: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    certSha256,
  })
  const token = (answer.body as { access_token?: unknown } | null)?.access_token
  if (answer.status !== 200 || typeof token !== 'string') {
    throw new ManagementApiError(`${server.name}: Marzban refused the admin login (HTTP ${answer.status}${detail(answer.body) ? `: ${detail(answer.body)}` : ''})`, answer.status)
  }
  tokens.set(server.id, token)
  return token
}

/** A panel call with the admin token, logging in again once when the token has expired. */
async function authorized(server: Server, path: string, method: string, body?: unknown) {
  const call = (token: string) =>
    callApi(new URL(path, apiBase(server)), { method, body, headers: { authorization: `Bearer ${token}` }, certSha256: server.credentials?.certSha256 })
  const first = await call(tokens.get(server.id) ?? (await login(server)))
  return first.status === 401 ? call(await login(server)) : first
}

export const marzbanAdapter: ProvisioningAdapter = {
  async issue({ server, protocol, label }: IssueRequest) {
    if (protocol !== 'vless' && protocol !== 'trojan') throw new ManagementApiError(`${server.name}: the Xray panel issues vless and trojan keys only`, null)
    const username = `vk_${randomBytes(8).toString('hex')}`
    const gigabytes = server.credentials?.keyDataLimitGb
    const created = await authorized(server, 'api/user', 'POST', {
      username,
      proxies: { [protocol]: {} },
      expire: 0,
      data_limit: gigabytes && gigabytes > 0 ? Math.round(gigabytes * 1e9) : 0,
      data_limit_reset_strategy: 'no_reset',
      status: 'active',
      note: label,
    })
    if (created.status !== 200) {
      throw new ManagementApiError(`${server.name}: Marzban refused to create a user (HTTP ${created.status}${detail(created.body) ? `: ${detail(created.body)}` : ''})`, created.status)
    }
    const links = (created.body as { links?: unknown } | null)?.links
    const link = Array.isArray(links) ? links.find((candidate): candidate is string => typeof candidate === 'string' && candidate.startsWith(`${protocol}://`)) : undefined
    if (!link) {
      await authorized(server, `api/user/${username}`, 'DELETE').catch(() => undefined)
      throw new ManagementApiError(`${server.name}: Marzban gave no ${protocol} link (is a ${protocol} inbound configured?)`, created.status)
    }
    return { keyString: link, configFile: null, connection: null, expiresAt: null, providerRef: username }
  },

  async revoke(server, providerRef) {
    const deleted = await authorized(server, `api/user/${encodeURIComponent(providerRef)}`, 'DELETE')
    if (deleted.status !== 200 && deleted.status !== 204 && deleted.status !== 404) {
      throw new ManagementApiError(`${server.name}: Marzban refused to delete ${providerRef} (HTTP ${deleted.status})`, deleted.status)
    }
  },

  // GET /api/user/{username}: its used_traffic and online_at (UTC, written without a zone); no addresses.
  async usage(server, providerRefs) {
    const use = new Map<string, KeyUse>()
    for (const ref of providerRefs) {
      const answer = await authorized(server, `api/user/${encodeURIComponent(ref)}`, 'GET')
      if (answer.status === 404) continue
      if (answer.status !== 200) throw new ManagementApiError(`${server.name}: Marzban refused to tell ${ref}'s use (HTTP ${answer.status})`, answer.status)
      const user = (answer.body ?? {}) as { used_traffic?: unknown; online_at?: unknown }
      // Written as UTC without a zone: said so, or Date would read it as this machine's local time.
      const onlineAt = typeof user.online_at === 'string' && !/[zZ]|[+-]\d\d:?\d\d$/.test(user.online_at) ? `${user.online_at}Z` : user.online_at
      use.set(ref, {
        bytes: typeof user.used_traffic === 'number' ? user.used_traffic : null,
        lastOnlineAt: timeOf(onlineAt),
        addresses: [],
      })
    }
    return use
  },
}
