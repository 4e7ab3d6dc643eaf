// SoftEther VPN Server (what VPN Gate's volunteers run) for OpenVPN and SSTP keys, through its JSON-RPC API
// (`POST https://host:5555/api/`, JSON-RPC 2.0, the admin password in X-VPNADMIN-PASSWORD; built to
// SoftEtherVPN's src/Cedar/Admin.c and the JSON-RPC clients' README). One hub user per key, with a password of its
// own and, for a free key, SoftEther's own expiry; the user deleted to revoke. An OpenVPN key is the server's own
// profile (MakeOpenVpnConfigFile: a ZIP in Buffer_bin) with its `remote` line naming the server and the key's port;
// an SSTP key is the server, port and the user's login (`user@HUB` when the hub is not SoftEther's DEFAULT).
import { randomBytes } from 'node:crypto'
import { isIP } from 'node:net'

import { unzipSync, strFromU8 } from 'fflate'

import { buildSstpPhonebook, generatePassword, keyDownloadFile } from '@/lib/keys'
import type { Server } from '@/payload-types'

import { callApi, ManagementApiError, managementBase } from '../../http'
import type { IssueRequest, KeyUse, ProvisioningAdapter } from '../../adapter'

/** SoftEther's hub when none is named (a fresh server has it). */
export const DEFAULT_HUB = 'DEFAULT'
/** ERR_OBJECT_NOT_FOUND in SoftEther's error codes: the user is already gone. */
const OBJECT_NOT_FOUND = 29
const ACCESS_DENIED = 9

type RpcError = { code?: unknown; message?: unknown }

function hubOf(server: Server): string {
  return server.credentials?.hub?.trim() || DEFAULT_HUB
}

async function rpc<T>(server: Server, method: string, params: Record<string, unknown>): Promise<T> {
  const base = managementBase(server.credentials?.apiUrl, server.name, 'SoftEther address must look like https://vpn.example.com:5555')
  const password = server.credentials?.adminPassword
  if (!password) throw new ManagementApiError(`${server.name}: set the SoftEther server's administrator password`, null)
  const answer = await callApi(new URL('api/', base), {
    method: 'POST',
    body: { jsonrpc: '2.0', id: randomBytes(4).toString('hex'), method, params },
    // The server's administrator: no X-VPNADMIN-HUBNAME at all (an empty one makes Debian's 5.01 build drop the
    // connection without an answer).
    headers: { 'x-vpnadmin-password': password },
    certSha256: server.credentials?.certSha256,
  })
  // A wrong password is HTTP 401 (with no JSON-RPC error); a hub's wrong password is error 9.
  if (answer.status === 401) throw new ManagementApiError(`${server.name}: SoftEther refused the administrator password (${method})`, 401)
  const body = answer.body as { result?: T; error?: RpcError } | null
  if (body?.error) {
    const code = typeof body.error.code === 'number' ? body.error.code : null
    const message = typeof body.error.message === 'string' ? body.error.message.slice(0, 160) : 'no message'
    if (code === ACCESS_DENIED) throw new ManagementApiError(`${server.name}: SoftEther refused the administrator password (${method})`, 401)
    throw new ManagementApiError(`${server.name}: SoftEther refused ${method} (error ${code ?? '?'}: ${message})`, code)
  }
  if (answer.status !== 200 || !body || body.result === undefined) {
    throw new ManagementApiError(`${server.name}: the address does not answer as SoftEther's JSON-RPC (HTTP ${answer.status} for ${method})`, answer.status)
  }
  return body.result
}

/**
 * What an OpenVPN 2.6 client needs to talk to SoftEther 5.01, which negotiates no cipher (it predates NCP) and speaks
 * the profile's `cipher` alone: that cipher added to the ones the client offers, and as the fallback. Clients that do
 * not know these options (OpenVPN 2.4) skip them and use `cipher` as they always did.
 */
const CIPHER_LINES = (cipher: string) => [
  'ignore-unknown-option data-ciphers data-ciphers-fallback',
  `data-ciphers AES-256-GCM:AES-128-GCM:CHACHA20-POLY1305:${cipher}`,
  `data-ciphers-fallback ${cipher}`,
]

/**
 * The server's remote-access profile as a key: its `remote` line naming the key's host and port (SoftEther writes a
 * placeholder), and its cipher offered to current clients (CIPHER_LINES).
 */
export function openVpnProfileFrom(zip: Uint8Array, host: string, port: number): string {
  const files = unzipSync(zip, { filter: (file) => file.name.endsWith('_openvpn_remote_access_l3.ovpn') })
  const [content] = Object.values(files)
  if (!content) throw new ManagementApiError('SoftEther gave no remote-access OpenVPN profile', null)
  const lines = strFromU8(content).replace(/\r\n/g, '\n').split('\n')
  let found = false
  const rewritten = lines.flatMap((line) => {
    const cipher = /^\s*cipher\s+(\S+)/.exec(line)?.[1]
    if (cipher) return [line, ...CIPHER_LINES(cipher)]
    if (!/^\s*remote\s/.test(line)) return [line]
    found = true
    return [`remote ${host} ${port}`]
  })
  if (!found) throw new ManagementApiError('SoftEther gave an OpenVPN profile without a remote line', null)
  return `${rewritten.join('\n').trim()}\n`
}

export const softEtherAdapter: ProvisioningAdapter = {
  async issue({ server, protocol, countryCode, port, lifetimeHours, label }: IssueRequest) {
    if (protocol !== 'openvpn' && protocol !== 'sstp') throw new ManagementApiError(`${server.name}: SoftEther issues OpenVPN and SSTP keys only`, null)
    const hub = hubOf(server)
    const name = `vk_${randomBytes(6).toString('hex')}`
    const password = generatePassword(12)
    const expiresAt = lifetimeHours === null ? null : new Date(Date.now() + lifetimeHours * 60 * 60 * 1000)
    await rpc(server, 'CreateUser', {
      HubName_str: hub,
      Name_str: name,
      Note_utf: label,
      AuthType_u32: 1,
      Auth_Password_str: password,
      // SoftEther refuses the user itself once this passes, whatever the site does.
      ...(expiresAt ? { ExpireTime_dt: expiresAt.toISOString() } : {}),
    })
    const providerRef = `${hub}:${name}`
    // SoftEther takes `user@HUB`; a user of its DEFAULT hub may also sign in with the bare name, as clients expect.
    const login = hub === DEFAULT_HUB ? name : `${name}@${hub}`
    const connection = { host: server.host, port, login, password }
    const filename = keyDownloadFile({ protocol, countryCode, id: name.slice(3, 11) }).filename
    if (protocol === 'sstp') {
      return { keyString: null, configFile: { filename, content: buildSstpPhonebook({ name: label, host: server.host, port }) }, connection, expiresAt, providerRef }
    }
    try {
      const { Buffer_bin: zip } = await rpc<{ Buffer_bin?: unknown }>(server, 'MakeOpenVpnConfigFile', {})
      if (typeof zip !== 'string') throw new ManagementApiError(`${server.name}: SoftEther gave no OpenVPN profiles`, null)
      const content = openVpnProfileFrom(Buffer.from(zip, 'base64'), server.host, port)
      return { keyString: null, configFile: { filename, content }, connection, expiresAt, providerRef }
    } catch (error) {
      await softEtherAdapter.revoke(server, providerRef).catch(() => undefined)
      throw error instanceof ManagementApiError ? new ManagementApiError(`${server.name}: ${error.message.replace(`${server.name}: `, '')}`, error.status) : error
    }
  },

  async revoke(server, providerRef) {
    const [, hub, name] = /^([^:]+):(vk_[0-9a-f]+)$/.exec(providerRef) ?? []
    if (!hub || !name) throw new ManagementApiError(`${server.name}: not a SoftEther key reference: ${providerRef}`, null)
    try {
      await rpc(server, 'DeleteUser', { HubName_str: hub, Name_str: name })
    } catch (error) {
      // Deleted already (by hand, or by an earlier attempt): revoked is what was asked.
      if (error instanceof ManagementApiError && error.status === OBJECT_NOT_FOUND) return
      throw error
    }
  },

  // EnumSession on each key's hub: a session of the key's user is a client connected now, with the address it came
  // from. A user with no session tells nothing (SoftEther keeps no last-online time per user).
  async usage(server, providerRefs) {
    const refs = providerRefs.flatMap((providerRef) => {
      const [, hub, name] = /^([^:]+):(vk_[0-9a-f]+)$/.exec(providerRef) ?? []
      return hub && name ? [{ providerRef, hub, name }] : []
    })
    type Session = Record<string, unknown>
    const sessions = new Map<string, Session[]>()
    for (const hub of new Set(refs.map((ref) => ref.hub))) {
      const result = await rpc<{ SessionList?: unknown }>(server, 'EnumSession', { HubName_str: hub })
      sessions.set(hub, Array.isArray(result.SessionList) ? (result.SessionList as Session[]) : [])
    }
    const now = new Date()
    const use = new Map<string, KeyUse>()
    for (const { providerRef, hub, name } of refs) {
      const own = (sessions.get(hub) ?? []).filter((session) => String(session.Username_str ?? '').toLowerCase() === name.toLowerCase())
      const addresses = own.flatMap((session) => {
        // Debian's 5.01 names the client's address Ip_ip (proven against it in tests/int/softether.test.ts); ClientIP_ip
        // is read too, as SoftEther's JSON-RPC documentation spells it.
        const address = String(session.ClientIP_ip ?? session.Ip_ip ?? '').trim()
        return isIP(address) ? [address] : []
      })
      use.set(providerRef, { bytes: null, lastOnlineAt: own.length > 0 ? now : null, addresses: [...new Set(addresses)] })
    }
    return use
  },
}
