// The wg-easy adapter against an in-test panel built to wg-easy's published API (wg-easy/wg-easy: src/server/api in
// 15.x, src/lib/Server.js in 14): 15 with HTTP Basic auth, numeric client ids and the id in the create answer (15.2+);
// 14 with the password as the Authorization header, uuid ids, no id in the create answer and a bare 500 for a wrong
// password. The .conf each version serves becomes the key's file, read by the site's own WireGuard parser.
import { beforeEach, describe, expect, it } from 'vitest'

import { parseWireguardConfig } from '@/lib/keys'
import { wgEasyAdapter } from '@/lib/provisioning/adapters/wg-easy/wgEasy'
import type { Server } from '@/payload-types'

import { httpDouble } from '../helpers/httpDouble'
import { wgEasyPanel } from '@/lib/provisioning/adapters/wg-easy/double'

const panel = wgEasyPanel({ username: 'admin', password: 'wg-easy-password' })
const SERVER_KEYS = { publicKey: panel.serverPublicKey }
const double = httpDouble(panel.handle)

let serverId = 40
let panelVersion: 14 | 15 = 15
function server(credentials: Partial<NonNullable<Server['credentials']>> = {}): Server {
  serverId += 1
  return { id: serverId, name: 'FI-wg-01', host: 'wg.vpn.example', adapter: 'wg-easy', credentials: { apiUrl: `${double.url()}/v${panelVersion}`, username: 'admin', password: 'wg-easy-password', ...credentials } } as Server
}

const request = { countryCode: 'fi', port: 51820, lifetimeHours: null, inUse: [], label: 'FI wireguard' }

beforeEach(() => {
  panel.clients = []
  panel.calls.length = 0
})

describe.each([15, 14] as const)('wg-easy adapter, wg-easy %s', (version) => {
  beforeEach(() => {
    panelVersion = version
  })

  it('creates a panel client per key and keeps its .conf as the key’s file; revoking deletes the client', async () => {
    const target = server()
    const issued = await wgEasyAdapter.issue({ ...request, protocol: 'wireguard', server: target })
    expect(panel.clients).toHaveLength(1)
    expect(panel.clients[0]!.name).toMatch(/^vk_[0-9a-f]{12}$/)
    expect(issued.providerRef).toBe(`${version}:${panel.clients[0]!.id}`)
    expect(issued.keyString).toBeNull()
    expect(issued.configFile?.filename).toBe('fi-wireguard.conf')
    const parsed = parseWireguardConfig(issued.configFile!.content)
    expect(parsed.ok && parsed.value).toMatchObject({ privateKey: panel.clients[0]!.privateKey, peer: { publicKey: SERVER_KEYS.publicKey, endpointHost: 'wg.vpn.example', endpointPort: 51820 } })
    // 15.2+ names the new client; 14 does not, so the adapter finds it by its unique name.
    expect(panel.calls.filter((call) => call.endsWith('/client') || call.endsWith('/api/client'))).toEqual(version === 15 ? ['POST /api/client'] : ['POST /api/wireguard/client', 'GET /api/wireguard/client'])

    await wgEasyAdapter.revoke(target, issued.providerRef)
    expect(panel.clients).toEqual([])
    await expect(wgEasyAdapter.revoke(target, issued.providerRef)).resolves.toBeUndefined()
  })

  it('tells each key’s latest handshake, traffic and (15) the address it came from; a client gone from the panel is left out', async () => {
    const target = server()
    const issued = await wgEasyAdapter.issue({ ...request, protocol: 'wireguard', server: target })
    const gone = `${version}:${version === 15 ? 999 : '00000000-0000-4000-8000-000000000000'}`
    expect(await wgEasyAdapter.usage!(target, [issued.providerRef, gone])).toEqual(new Map([[issued.providerRef, { bytes: 0, lastOnlineAt: null, addresses: [] }]]))
    panel.clients[0]!.use = { latestHandshakeAt: '2026-11-29T14:03:00.000Z', transferRx: 7_000, transferTx: 3_000, endpoint: '[2001:db8::5]:43511' }
    expect((await wgEasyAdapter.usage!(target, [issued.providerRef])).get(issued.providerRef)).toEqual({
      bytes: 10_000,
      lastOnlineAt: new Date('2026-11-29T14:03:00.000Z'),
      addresses: version === 15 ? ['2001:db8::5'] : [],
    })
  })

  it('says what is wrong: a refused password, a protocol it does not issue', async () => {
    await expect(wgEasyAdapter.issue({ ...request, protocol: 'wireguard', server: server({ password: 'wrong' }) })).rejects.toThrow(
      version === 15 ? 'FI-wg-01: wg-easy refused the username or password (HTTP 401)' : /FI-wg-01: wg-easy 14 answered HTTP 500: a wrong password/,
    )
    await expect(wgEasyAdapter.issue({ ...request, protocol: 'vless', server: server() })).rejects.toThrow(/WireGuard keys only/)
    expect(panel.clients).toEqual([])
  })
})

describe('wg-easy adapter, addresses and upgrades', () => {
  it('refuses an address that does not answer as wg-easy, and a key issued by 14 once the panel is 15', async () => {
    await expect(wgEasyAdapter.issue({ ...request, protocol: 'wireguard', server: server({ apiUrl: `${double.url()}/nowhere` }) })).rejects.toThrow(
      'FI-wg-01: the address does not answer as wg-easy (HTTP 404 for /api/session)',
    )
    panelVersion = 15
    await expect(wgEasyAdapter.revoke(server(), '14:6f0d2b5e-2c1a-4b39-9a55-0c6a4f1e9d21')).rejects.toThrow(/issued by wg-easy 14, the panel is now wg-easy 15/)
  })
})
