// Outline's server management API (outline-server src/shadowbox/server/api.yml): create an access key,
// name it, set its data limit, delete it. The key string is the access URL the server returns.
import type { Server } from '@/payload-types'

import { callApi, ManagementApiError, managementBase } from '../../http'
import type { IssueRequest, KeyUse, ProvisioningAdapter } from '../../adapter'

type AccessKey = { id: string; accessUrl: string }

function apiBase(server: Server): URL {
  return managementBase(server.credentials?.apiUrl, server.name, 'Outline API URL must look like https://host:port/secret')
}

function describe(server: Server, what: string, status: number, body: unknown): ManagementApiError {
  const message = typeof body === 'object' && body && 'message' in body ? String((body as { message: unknown }).message) : ''
  return new ManagementApiError(`${server.name}: Outline refused to ${what} (HTTP ${status}${message ? `: ${message}` : ''})`, status)
}

function isAccessKey(body: unknown): body is AccessKey {
  return typeof body === 'object' && body !== null && typeof (body as AccessKey).id === 'string' && /^ss:\/\//.test(String((body as AccessKey).accessUrl))
}

export const outlineAdapter: ProvisioningAdapter = {
  async issue({ server, protocol, label }: IssueRequest) {
    if (protocol !== 'outline') throw new ManagementApiError(`${server.name}: an Outline server issues outline keys only`, null)
    const base = apiBase(server)
    const certSha256 = server.credentials?.certSha256
    const created = await callApi(new URL('access-keys', base), { method: 'POST', certSha256 })
    if (created.status !== 201 && created.status !== 200) throw describe(server, 'create an access key', created.status, created.body)
    if (!isAccessKey(created.body)) throw new ManagementApiError(`${server.name}: Outline answered without an access URL`, created.status)
    const key = created.body
    try {
      const keyUrl = (path: string) => new URL(`access-keys/${encodeURIComponent(key.id)}/${path}`, base)
      const named = await callApi(keyUrl('name'), { method: 'PUT', body: { name: label }, certSha256 })
      if (named.status !== 204) throw describe(server, 'name the access key', named.status, named.body)
      const gigabytes = server.credentials?.keyDataLimitGb
      if (gigabytes && gigabytes > 0) {
        const limited = await callApi(keyUrl('data-limit'), { method: 'PUT', body: { limit: { bytes: Math.round(gigabytes * 1e9) } }, certSha256 })
        if (limited.status !== 204) throw describe(server, 'set the data limit', limited.status, limited.body)
      }
    } catch (error) {
      // A half-made key is removed again rather than left working without its limit.
      await callApi(new URL(`access-keys/${encodeURIComponent(key.id)}`, base), { method: 'DELETE', certSha256 }).catch(() => undefined)
      throw error
    }
    const accessUrl = key.accessUrl.includes('#') ? key.accessUrl : `${key.accessUrl}#${encodeURIComponent(label)}`
    return { keyString: accessUrl, configFile: null, connection: null, expiresAt: null, providerRef: key.id }
  },

  async revoke(server, providerRef) {
    const base = apiBase(server)
    const deleted = await callApi(new URL(`access-keys/${encodeURIComponent(providerRef)}`, base), { method: 'DELETE', certSha256: server.credentials?.certSha256 })
    // 404: already gone, which is what revoking wants.
    if (deleted.status !== 204 && deleted.status !== 404) throw describe(server, 'delete the access key', deleted.status, deleted.body)
  },

  // GET /metrics/transfer: the bytes each access key has carried (Outline gives no addresses nor times).
  async usage(server, providerRefs) {
    const answer = await callApi(new URL('metrics/transfer', apiBase(server)), { method: 'GET', certSha256: server.credentials?.certSha256 })
    if (answer.status !== 200) throw describe(server, 'tell its keys’ transfer', answer.status, answer.body)
    const byId = (answer.body as { bytesTransferredByUserId?: Record<string, unknown> } | null)?.bytesTransferredByUserId ?? {}
    const use = new Map<string, KeyUse>()
    for (const ref of providerRefs) {
      const bytes = byId[ref]
      // A key that has carried nothing yet is not listed: zero.
      use.set(ref, { bytes: typeof bytes === 'number' && Number.isFinite(bytes) ? bytes : 0, lastOnlineAt: null, addresses: [] })
    }
    return use
  },
}
