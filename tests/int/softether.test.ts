// The SoftEther adapter against Debian's softether-vpnserver, configured by the test through its JSON-RPC API: keys
// issued and revoked as hub users, and the OpenVPN profile as the site hands it out, used by Debian's openvpn in a
// network namespace: it connects with the key's login, fetches a page only the tunnel reaches, and a wrong password
// does not connect.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { Server as HttpServer } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Server } from '@/payload-types'

import type { NetnsPair } from '../helpers/netns'
import { netnsPair, netnsUnavailable } from '../helpers/netns'
import { curl, hasCommands, start, stopped, waitForOutput } from '../helpers/processes'
import type { SoftEther } from '../helpers/softether'
import { softEtherUnavailable, startSoftEther } from '../helpers/softether'

const SKIPPED = netnsUnavailable() ?? softEtherUnavailable()
const PAGE = 'through SoftEther'

let work = ''
let pair: NetnsPair
let softEther: SoftEther
let page: HttpServer

function serverRecord(overrides: Partial<NonNullable<Server['credentials']>> = {}): Server {
  return {
    id: 1,
    name: 'SoftEther FI',
    host: softEther.vpnAddress,
    adapter: 'softether',
    credentials: { apiUrl: softEther.apiUrl, adminPassword: softEther.adminPassword, certSha256: softEther.certSha256, ...overrides },
  } as Server
}

async function rpc(method: string, params: Record<string, unknown>): Promise<{ result?: Record<string, unknown>; error?: { code: number } }> {
  const { callApi } = await import('@/lib/provisioning/http')
  const answer = await callApi(new URL('api/', softEther.apiUrl), {
    method: 'POST',
    body: { jsonrpc: '2.0', id: '1', method, params },
    headers: { 'x-vpnadmin-password': softEther.adminPassword },
    certSha256: softEther.certSha256,
  })
  return answer.body as { result?: Record<string, unknown>; error?: { code: number } }
}

async function issue(protocol: 'openvpn' | 'sstp', lifetimeHours: number | null = 24) {
  const { softEtherAdapter } = await import('@/lib/provisioning/softEther')
  const port = protocol === 'openvpn' ? 1194 : 443
  return softEtherAdapter.issue({ server: serverRecord(), countryCode: 'FI', protocol, port, lifetimeHours, inUse: [], label: `FI ${protocol}` })
}

describe.skipIf(SKIPPED !== null)('SoftEther VPN Server: OpenVPN and SSTP keys through its JSON-RPC API', () => {
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'vk-softether-'))
    pair = await netnsPair('vks', 74)
    softEther = await startSoftEther(pair, path.join(work, 'state'), 74)
    // The page only the tunnel reaches: on the host side, which the client namespace has no route to but through the
    // server's SecureNAT (the server namespace forwards nothing).
    page = createServer((request, response) => response.end(`${PAGE} from ${request.socket.remoteAddress}`))
    await new Promise<void>((resolve) => page.listen(8080, softEther.hostAddress, resolve))
    const nat = await rpc('EnableSecureNAT', { HubName_str: 'DEFAULT' })
    expect(nat.error).toBeUndefined()
  }, 60_000)

  afterAll(async () => {
    page?.close()
    await softEther?.stop()
    await pair?.teardown()
    if (work) await rm(work, { recursive: true, force: true })
  })

  it('issues an OpenVPN key as a hub user with an expiry, with the server’s profile naming the key’s host and port; revoking deletes the user, twice is fine', async () => {
    const key = await issue('openvpn', 24)
    const [hub, name] = key.providerRef.split(':')
    expect(hub).toBe('DEFAULT')
    const user = await rpc('GetUser', { HubName_str: 'DEFAULT', Name_str: name })
    expect(user.result).toMatchObject({ Name_str: name, AuthType_u32: 1, Note_utf: 'FI openvpn' })
    expect(Date.parse(String(user.result?.ExpireTime_dt)) - Date.now()).toBeGreaterThan(23 * 3_600_000)
    expect(key.connection).toMatchObject({ host: softEther.vpnAddress, port: 1194, login: name })
    expect(key.expiresAt!.getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000)
    const profile = key.configFile!.content
    expect(profile).toMatch(new RegExp(`^remote ${softEther.vpnAddress.replace(/\./g, '\\.')} 1194$`, 'm'))
    expect(profile).not.toMatch(/192\.0\.2\./)
    expect(profile).toMatch(/^auth-user-pass$/m)
    expect(profile).toContain('<ca>')
    expect(key.configFile!.filename).toMatch(/\.ovpn$/)

    const { softEtherAdapter } = await import('@/lib/provisioning/softEther')
    await softEtherAdapter.revoke(serverRecord(), key.providerRef)
    expect((await rpc('GetUser', { HubName_str: 'DEFAULT', Name_str: name })).error?.code).toBe(29)
    await softEtherAdapter.revoke(serverRecord(), key.providerRef)
  })

  it('issues an SSTP key: the server, port 443 and the user’s login, without an expiry for a VIP key', async () => {
    const key = await issue('sstp', null)
    const name = key.providerRef.split(':')[1]!
    expect(key.connection).toMatchObject({ host: softEther.vpnAddress, port: 443, login: name })
    expect(key.expiresAt).toBeNull()
    expect(key.configFile!.content).toContain(softEther.vpnAddress)
    const user = await rpc('GetUser', { HubName_str: 'DEFAULT', Name_str: name })
    expect(user.result?.Name_str).toBe(name)
  })

  it('says plainly what is wrong: the administrator password, the certificate, a hub that does not exist', async () => {
    const { softEtherAdapter } = await import('@/lib/provisioning/softEther')
    const request = { countryCode: 'FI', protocol: 'openvpn' as const, port: 1194, lifetimeHours: 24, inUse: [], label: 'FI openvpn' }
    await expect(softEtherAdapter.issue({ ...request, server: serverRecord({ adminPassword: 'wrong' }) })).rejects.toThrow(/SoftEther refused the administrator password/)
    await expect(softEtherAdapter.issue({ ...request, server: serverRecord({ certSha256: 'AA'.repeat(32) }) })).rejects.toThrow(/does not match the pinned SHA-256/)
    await expect(softEtherAdapter.issue({ ...request, server: serverRecord({ hub: 'NOSUCHHUB' }) })).rejects.toThrow(/SoftEther refused CreateUser \(error \d+/)
    await expect(softEtherAdapter.issue({ ...request, protocol: 'vless', server: serverRecord() })).rejects.toThrow(/OpenVPN and SSTP keys only/)
  })

  it.skipIf(!hasCommands('openvpn'))('the OpenVPN profile as downloaded, with the key’s login, connects with openvpn and fetches a page through the tunnel; a wrong password does not connect', async () => {
    const key = await issue('openvpn', 24)
    const inClient = pair.inside(pair.client)
    // The page is out of the client's reach without the tunnel.
    expect(await curl([`http://${softEther.hostAddress}:8080/`], inClient)).toBeNull()

    const connect = async (password: string) => {
      const profile = path.join(work, `client-${password.length}.ovpn`)
      const auth = path.join(work, `auth-${password.length}.txt`)
      await writeFile(profile, key.configFile!.content, { mode: 0o600 })
      await writeFile(auth, `${key.connection!.login}\n${password}\n`, { mode: 0o600 })
      return start(inClient[0]!, [...inClient.slice(1), 'openvpn', '--config', profile, '--auth-user-pass', auth, '--auth-nocache'])
    }
    const client = await connect(key.connection!.password)
    try {
      await waitForOutput(client, /Initialization Sequence Completed/, { failure: /AUTH_FAILED|VERIFY ERROR|Exiting due to fatal error/, timeoutMs: 30_000 })
      const body = await curl(['--interface', 'tun0', `http://${softEther.hostAddress}:8080/`], inClient)
      // From the server's side of the host link: SoftEther's SecureNAT made the connection for the tunnel.
      expect(body).toMatch(new RegExp(`^${PAGE} from (::ffff:)?${new URL(softEther.apiUrl).hostname.replace(/\./g, '\\.')}$`))
    } finally {
      await stopped(client.child)
    }

    const refused = await connect(`${key.connection!.password}-wrong`)
    try {
      await expect(waitForOutput(refused, /Initialization Sequence Completed/, { failure: /AUTH_FAILED/, timeoutMs: 30_000 })).rejects.toThrow(/AUTH_FAILED/)
    } finally {
      await stopped(refused.child)
    }
  }, 90_000)
})
