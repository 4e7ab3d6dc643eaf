// The Remnawave adapter against an in-test panel built to Remnawave's published contract (remnawave/backend,
// libs/contract and src/modules, tags 2.8.1 and 3.3.2): Bearer tokens; the proxy check that resets a connection
// without X-Forwarded-For and X-Forwarded-Proto: https; GET /api/system/metadata (from 2.5); users by uuid in 2.x and
// by numeric id in 3.x (DELETE answering 200 and 204); internal squads with their inbounds; the user's links from
// GET /api/subscriptions/by-uuid|by-id. Every link the adapter hands out is read by the site's own parser.
import { randomUUID } from 'node:crypto'

import { beforeEach, describe, expect, it } from 'vitest'

import { parseShareLink } from '@/lib/keys'
import { remnawaveAdapter } from '@/lib/provisioning/adapters/remnawave/remnawave'
import type { Server } from '@/payload-types'

import { httpDouble } from '../helpers/httpDouble'
import { remnawavePanel, remnawaveSquads } from '@/lib/provisioning/adapters/remnawave/double'

const TOKEN = 'rw-token-2026'
const NODE = 'de.vpn.example'
const SQUADS = remnawaveSquads()
const panels = { 3: remnawavePanel({ generation: 3, token: TOKEN, node: NODE, squads: SQUADS }), 2: remnawavePanel({ generation: 2, token: TOKEN, node: NODE, squads: SQUADS }), old: remnawavePanel({ generation: 'old', token: TOKEN, node: NODE, squads: SQUADS }) }
const v3 = httpDouble((request, response) => panels[3].handle(request, response))
const v2 = httpDouble((request, response) => panels[2].handle(request, response))
const old = httpDouble((request, response) => panels.old.handle(request, response))

function server(url: string, overrides: Partial<NonNullable<Server['credentials']>> = {}): Server {
  return { id: 7, name: 'Remnawave DE', host: NODE, adapter: 'remnawave', credentials: { apiUrl: `${url}/`, apiToken: TOKEN, ...overrides } } as Server
}

const request = (protocol: 'vless' | 'trojan' | 'outline', port: number, lifetimeHours: number | null = 24) => ({ countryCode: 'DE', protocol, port, lifetimeHours, inUse: [], label: `DE ${protocol}` })

beforeEach(() => {
  for (const panel of Object.values(panels)) {
    panel.users = []
    panel.seen = []
    panel.linksWithout = []
  }
})

for (const [name, double, generation, panel] of [['3.x', v3, 3, panels[3]], ['2.x', v2, 2, panels[2]], ['2.x before 2.5 (no metadata)', old, 2, panels.old]] as const) {
  describe(`Remnawave ${name}`, () => {
    it('makes one panel user per key in the squads that carry the protocol, for a day, and hands out its link on the server’s node, named by the site', async () => {
      for (const [protocol, port, scheme] of [['vless', 443, 'vless'], ['trojan', 8443, 'trojan'], ['outline', 8388, 'ss']] as const) {
        const key = await remnawaveAdapter.issue({ ...request(protocol, port), server: server(double.url(), { keyDataLimitGb: 50 }) })
        const parsed = parseShareLink(key.keyString!)
        expect(parsed.ok && parsed.value, protocol).toMatchObject({ protocol, host: NODE, port, name: `DE ${protocol}` })
        expect(key.keyString!.startsWith(`${scheme}://`)).toBe(true)
        expect(key.providerRef).toMatch(generation === 3 ? /^3:\d+$/ : /^2:[0-9a-f-]{36}$/)
        expect(key.expiresAt!.getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000)
      }
      const created = panel.seen.filter((call) => call.method === 'POST' && call.path === '/api/users').map((call) => call.body!)
      expect(created.map((body) => body.activeInternalSquads)).toEqual([[SQUADS[0]!.uuid], [SQUADS[0]!.uuid], [SQUADS[1]!.uuid]])
      expect(created[0]).toMatchObject({ username: expect.stringMatching(/^vk_[0-9a-f]{12}$/), status: 'ACTIVE', trafficLimitBytes: 50 * 1024 ** 3, trafficLimitStrategy: 'NO_RESET', description: 'DE vless' })
      // As the panel's own reverse proxy would pass them: without these it resets the connection.
      expect(panel.seen.every((call) => call.headers['x-forwarded-proto'] === 'https' && Boolean(call.headers['x-forwarded-for']))).toBe(true)
      expect(panel.users).toHaveLength(3)
    })

    it('keeps a VIP key until the site revokes it; revoking deletes the user, and a user already gone is revoked', async () => {
      const key = await remnawaveAdapter.issue({ ...request('vless', 443, null), server: server(double.url()) })
      expect(key.expiresAt).toBeNull()
      expect(panel.users[0]!.expireAt).toBe('2099-12-31T00:00:00.000Z')
      await remnawaveAdapter.revoke(server(double.url()), key.providerRef)
      expect(panel.users).toHaveLength(0)
      await remnawaveAdapter.revoke(server(double.url()), key.providerRef)
    })

    it('tells each user’s lifetime traffic and when it was last online (no addresses); a user gone from the panel is left out', async () => {
      const key = await remnawaveAdapter.issue({ ...request('vless', 443), server: server(double.url()) })
      const gone = generation === 3 ? '3:999' : '2:00000000-0000-4000-8000-000000000000'
      expect(await remnawaveAdapter.usage!(server(double.url()), [key.providerRef, gone])).toEqual(new Map([[key.providerRef, { bytes: 0, lastOnlineAt: null, addresses: [] }]]))
      panel.users[0]!.traffic = { lifetimeUsedTrafficBytes: 73_400_320, onlineAt: '2026-11-29T14:03:00.000Z' }
      expect((await remnawaveAdapter.usage!(server(double.url()), [key.providerRef])).get(key.providerRef)).toEqual({ bytes: 73_400_320, lastOnlineAt: new Date('2026-11-29T14:03:00.000Z'), addresses: [] })
      // Asked by the user's name in its generation: the uuid (2.x) or the numeric id (3.x).
      expect(panel.seen.filter((call) => call.method === 'GET' && call.path.startsWith('/api/users/')).map((call) => call.path)).toContain(`/api/users/${key.providerRef.slice(2)}`)
    })

    it('takes the user back when the panel gives no link for the protocol, and says why', async () => {
      panel.linksWithout = ['trojan']
      await expect(remnawaveAdapter.issue({ ...request('trojan', 8443), server: server(double.url()) })).rejects.toThrow(/Remnawave gave the user no trojan link the site can read/)
      expect(panel.users).toHaveLength(0)
    })
  })
}

describe('Remnawave: what an editor is told', () => {
  it('a wrong token, an address that is not the panel, a protocol it does not serve', async () => {
    await expect(remnawaveAdapter.issue({ ...request('vless', 443), server: server(`${v3.url()}/nested`, { apiToken: 'wrong' }) })).rejects.toThrow(/Remnawave refused the API token \(HTTP 401/)
    await expect(remnawaveAdapter.issue({ ...request('vless', 443), server: server(v3.url(), { apiToken: '' }) })).rejects.toThrow(/set the Remnawave API token/)
    await expect(remnawaveAdapter.issue({ countryCode: 'DE', protocol: 'wireguard', port: 51820, lifetimeHours: 24, inUse: [], label: 'x', server: server(v3.url()) })).rejects.toThrow(/vless, trojan and shadowsocks keys only/)
  })

  it('a key issued before the panel moved to 3.x is not deleted by a guess: the operator is told which user it was', async () => {
    await expect(remnawaveAdapter.revoke(server(v3.url()), `2:${randomUUID()}`)).rejects.toThrow(/issued by Remnawave 2\.x, the panel is now 3\.x: delete user [0-9a-f-]{36} by hand/)
  })
})
