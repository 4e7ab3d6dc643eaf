// The Xray-panel adapter against a double of Marzban's REST API contract (its folder's double.ts): form login for
// a bearer token, users with proxies and limits, share links in the answer, deletes, errors and time-outs.
import { beforeEach, describe, expect, it } from 'vitest'

import { marzbanPanel } from '@/lib/provisioning/adapters/marzban/double'
import { marzbanAdapter } from '@/lib/provisioning/adapters/marzban/marzban'
import type { Server } from '@/payload-types'

import { httpDouble } from '../helpers/httpDouble'

const marzban = marzbanPanel({ username: 'admin', password: 'panel-pass' })
const double = httpDouble(marzban.handle)

function panel(credentials: Partial<NonNullable<Server['credentials']>> = {}): Server {
  return { id: 7, name: 'DE-xray-01', host: '198.51.100.4', adapter: 'xray-panel', credentials: { apiUrl: double.url(), username: 'admin', password: 'panel-pass', keyDataLimitGb: 20, ...credentials } } as Server
}

const request = { countryCode: 'de', port: 443, lifetimeHours: null, inUse: [], label: 'DE vless' }

beforeEach(() => {
  marzban.users.clear()
  marzban.issuedTokens.clear()
  marzban.hang = false
  marzban.calls.length = 0
})

describe('Marzban adapter', () => {
  it('logs in, creates a user per key with the data limit, and returns the panel’s share link; revoking deletes the user', async () => {
    const issued = await marzbanAdapter.issue({ ...request, protocol: 'vless', server: panel() })
    expect(issued.keyString).toMatch(/^vless:\/\/[0-9a-f-]{36}@198\.51\.100\.4:443\?security=reality/)
    const user = marzban.users.get(issued.providerRef)
    expect(user).toMatchObject({ proxies: { vless: {} }, data_limit: 20_000_000_000, note: 'DE vless' })
    expect(marzban.calls).toEqual(['POST /api/admin/token', 'POST /api/user'])

    const trojan = await marzbanAdapter.issue({ ...request, protocol: 'trojan', label: 'DE trojan', server: panel() })
    expect(trojan.keyString).toMatch(/^trojan:\/\//)
    await marzbanAdapter.revoke(panel(), issued.providerRef)
    expect(marzban.users.has(issued.providerRef)).toBe(false)
    await expect(marzbanAdapter.revoke(panel(), issued.providerRef)).resolves.toBeUndefined()
  })

  it('tells each user’s traffic and when it was last online (no addresses); a user gone from the panel is left out', async () => {
    const issued = await marzbanAdapter.issue({ ...request, protocol: 'vless', server: panel() })
    expect(await marzbanAdapter.usage!(panel(), [issued.providerRef, 'vk_gone'])).toEqual(new Map([[issued.providerRef, { bytes: 0, lastOnlineAt: null, addresses: [] }]]))
    Object.assign(marzban.users.get(issued.providerRef)!, { used_traffic: 123_456, online_at: '2026-11-29T14:03:00' })
    expect((await marzbanAdapter.usage!(panel(), [issued.providerRef])).get(issued.providerRef)).toEqual({ bytes: 123_456, lastOnlineAt: new Date('2026-11-29T14:03:00Z'), addresses: [] })
  })

  it('logs in again when the token has expired', async () => {
    await marzbanAdapter.issue({ ...request, protocol: 'vless', server: panel() })
    marzban.issuedTokens.clear()
    marzban.calls.length = 0
    await marzbanAdapter.issue({ ...request, protocol: 'vless', server: panel() })
    expect(marzban.calls).toEqual(['POST /api/user', 'POST /api/admin/token', 'POST /api/user'])
  })

  it('reports wrong admin credentials, refused protocols and a panel that does not answer', async () => {
    await expect(marzbanAdapter.issue({ ...request, protocol: 'vless', server: { ...panel({ password: 'wrong' }), id: 8 } })).rejects.toThrow(
      /DE-xray-01: Marzban refused the admin login \(HTTP 401: Incorrect username or password\)/,
    )
    await expect(marzbanAdapter.issue({ ...request, protocol: 'wireguard', server: panel() })).rejects.toThrow(/vless and trojan keys only/)
    marzban.hang = true
    await expect(marzbanAdapter.issue({ ...request, protocol: 'vless', server: { ...panel(), id: 9 } })).rejects.toThrow(/did not answer within 8000 ms/)
  }, 15_000)
})
