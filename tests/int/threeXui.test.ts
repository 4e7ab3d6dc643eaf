// The 3x-ui adapter against a double of 3x-ui's published API in both generations (its folder's double.ts): 2.x with
// the login form and a session cookie, 3.x with an API token; REALITY, WebSocket, XHTTP and Hysteria inbounds.
import { beforeEach, describe, expect, it } from 'vitest'

import { parseShareLink } from '@/lib/keys'
import { threeXuiPanel } from '@/lib/provisioning/adapters/3x-ui/double'
import { threeXuiAdapter } from '@/lib/provisioning/adapters/3x-ui/threeXui'
import type { Server } from '@/payload-types'

import { httpDouble } from '../helpers/httpDouble'

const REALITY_STREAM = {
  network: 'tcp',
  security: 'reality',
  realitySettings: { serverNames: ['www.microsoft.com'], shortIds: ['6ba85179e30d4fc2'], privateKey: 'server-private', settings: { publicKey: 'Z84J2IelR9ch3k8VtlVhhs5ycBUlXA7wHBWcBrjqnAw', fingerprint: 'chrome', spiderX: '/' } },
}
// Xray's Hysteria inbound as 3x-ui 2.9.1+ keeps it: TLS, and Salamander in the stream's `finalmask`.
const HYSTERIA_STREAM = { security: 'tls', tlsSettings: { serverName: 'hy.vpn.example', alpn: ['h3'], settings: { allowInsecure: false } }, finalmask: { udp: [{ type: 'salamander', settings: { password: 'gawr-gura' } }] } }
const WS_TLS_STREAM = { network: 'ws', security: 'tls', tlsSettings: { serverName: 'cdn.example.com', alpn: ['h2', 'http/1.1'] }, wsSettings: { path: '/tr', host: 'cdn.example.com' } }
const TOKEN = 'api-token-0123456789abcdef'

const xui = threeXuiPanel({ token: TOKEN, username: 'admin', password: 'panel-pass' })
const double = httpDouble(xui.handle)

function server(credentials: Partial<NonNullable<Server['credentials']>> = {}, id = 21): Server {
  const auth = xui.generation === 3 ? { apiToken: TOKEN } : { username: 'admin', password: 'panel-pass' }
  return { id, name: 'NL-3xui-01', host: 'nl1.vpn.example', adapter: '3x-ui', credentials: { apiUrl: `${double.url()}/secret-path/`, keyDataLimitGb: 10, ...auth, ...credentials } } as Server
}

const request = { countryCode: 'nl', lifetimeHours: null, inUse: [], label: 'NL vless' }

beforeEach(() => {
  xui.inbounds = [
    // An operator's own client is already there (2.x refuses to delete an inbound's last client).
    { id: 1, port: 443, protocol: 'vless', remark: 'VLESS-443', enable: true, clients: [{ id: '0f6c3b2a-6c3e-4f6e-9d5e-1a2b3c4d5e6f', email: 'owner', totalGB: 0, enable: true }], stream: REALITY_STREAM },
    { id: 2, port: 8443, protocol: 'trojan', remark: 'TROJAN-WS', enable: true, clients: [{ password: 'owner-pass', email: 'owner-trojan', totalGB: 0, enable: true }], stream: WS_TLS_STREAM },
    { id: 3, port: 8444, protocol: 'hysteria', version: 2, remark: 'HY2', enable: true, clients: [{ auth: 'owner-auth', email: 'owner-hy', totalGB: 0, enable: true }], stream: HYSTERIA_STREAM },
  ]
  xui.sessions = new Set()
  xui.use = new Map()
  xui.calls.length = 0
})

describe.each([2, 3] as const)('3x-ui adapter, panel %s.x', (version) => {
  beforeEach(() => {
    xui.generation = version
  })

  it('adds a client per key on the inbound serving the protocol on the server’s port, and returns a link the site and its apps read; revoking deletes it', async () => {
    const issued = await threeXuiAdapter.issue({ ...request, protocol: 'vless', port: 443, server: server() })
    const vlessInbound = xui.inbounds[0]!
    expect(vlessInbound.clients).toHaveLength(2)
    const client = vlessInbound.clients[1]!
    expect(client).toMatchObject({ email: expect.stringMatching(/^vk_[0-9a-f]{12}$/), flow: 'xtls-rprx-vision', totalGB: 10 * 1024 ** 3, enable: true, comment: 'NL vless' })
    expect(issued.providerRef).toBe(`1:${client.email}:${client.id}`)
    // The link names the server's public host, the inbound's port and its REALITY parameters, as 3x-ui's own links do.
    const parsed = parseShareLink(issued.keyString!)
    expect(parsed.ok && parsed.value.protocol === 'vless' && parsed.value.params).toMatchObject({
      uuid: client.id,
      host: 'nl1.vpn.example',
      port: 443,
      security: 'reality',
      sni: 'www.microsoft.com',
      publicKey: 'Z84J2IelR9ch3k8VtlVhhs5ycBUlXA7wHBWcBrjqnAw',
      shortId: '6ba85179e30d4fc2',
      flow: 'xtls-rprx-vision',
    })
    const { proxiesOf } = await import('@/lib/feeds/proxies')
    const { xrayClientConfig } = await import('@/lib/feeds/xray')
    expect(xrayClientConfig(proxiesOf([issued.keyString!], 'k')[0]!)).not.toBeNull()

    const trojan = await threeXuiAdapter.issue({ ...request, protocol: 'trojan', port: 8443, label: 'NL trojan', server: server() })
    const trojanLink = parseShareLink(trojan.keyString!)
    expect(trojanLink.ok && trojanLink.value.protocol === 'trojan' && trojanLink.value.params).toMatchObject({ port: 8443, type: 'ws', path: '/tr', hostHeader: 'cdn.example.com', sni: 'cdn.example.com', security: 'tls' })
    expect(xui.inbounds[1]!.clients[1]!.password).toBe(trojanLink.ok && trojanLink.value.protocol === 'trojan' ? trojanLink.value.params.password : '')

    // An XHTTP inbound behind REALITY (the transport that survives filtering best): path, host, mode and `extra` as
    // 3x-ui's own links carry them, its empty values left out; no Vision flow (XHTTP takes none).
    xui.inbounds[0]!.stream = {
      ...REALITY_STREAM,
      network: 'xhttp',
      xhttpSettings: { path: '/xh', host: 'nl1.vpn.example', mode: 'packet-up', extra: { xPaddingBytes: '100-1000', noSSEHeader: false, xmux: {}, scMaxEachPostBytes: 1_000_000 } },
    }
    const xhttp = await threeXuiAdapter.issue({ ...request, protocol: 'vless', port: 443, label: 'NL xhttp', server: server() })
    const xhttpLink = parseShareLink(xhttp.keyString!)
    expect(xhttpLink.ok && xhttpLink.value.protocol === 'vless' && xhttpLink.value.params).toMatchObject({
      type: 'xhttp', security: 'reality', path: '/xh', hostHeader: 'nl1.vpn.example', mode: 'packet-up', publicKey: 'Z84J2IelR9ch3k8VtlVhhs5ycBUlXA7wHBWcBrjqnAw',
      extra: { extra: JSON.stringify({ xPaddingBytes: '100-1000', scMaxEachPostBytes: 1_000_000 }) },
    })
    expect(xhttpLink.ok && xhttpLink.value.protocol === 'vless' && xhttpLink.value.params.flow).toBeFalsy()
    expect((xrayClientConfig(proxiesOf([xhttp.keyString!], 'k')[0]!) as { outbounds: unknown[] }).outbounds[0]).toMatchObject({
      streamSettings: { network: 'xhttp', security: 'reality', xhttpSettings: { path: '/xh', host: 'nl1.vpn.example', mode: 'packet-up', extra: { xPaddingBytes: '100-1000', scMaxEachPostBytes: 1_000_000 } } },
    })
    await threeXuiAdapter.revoke(server(), xhttp.providerRef)

    await threeXuiAdapter.revoke(server(), issued.providerRef)
    await threeXuiAdapter.revoke(server(), trojan.providerRef)
    expect(xui.inbounds.map((inbound) => inbound.clients.map((one) => one.email))).toEqual([['owner'], ['owner-trojan'], ['owner-hy']])
    // Revoking again: the client is gone, which is what was asked.
    await expect(threeXuiAdapter.revoke(server(), issued.providerRef)).resolves.toBeUndefined()
    expect(xui.calls).toContain(version === 3 ? 'POST /panel/api/clients/add' : 'POST /panel/api/inbounds/addClient')
  })

  it('adds a Hysteria2 client (its auth) on the panel’s Hysteria inbound at version 2, with the link 3x-ui writes; the formats carry it; revoking deletes it', async () => {
    const issued = await threeXuiAdapter.issue({ ...request, protocol: 'hysteria2', port: 8444, label: 'NL hysteria2', server: server() })
    const hysteria = xui.inbounds[2]!
    const client = hysteria.clients[1]!
    expect(client).toMatchObject({ email: expect.stringMatching(/^vk_[0-9a-f]{12}$/), auth: expect.stringMatching(/^[0-9a-f]{32}$/), enable: true, comment: 'NL hysteria2' })
    expect(client).not.toHaveProperty('password')
    expect(issued.providerRef).toBe(`3:${client.email}:${client.auth}`)
    // The server's public host and the inbound's port; its TLS name and Salamander's password, as 3x-ui's link says.
    const parsed = parseShareLink(issued.keyString!)
    expect(parsed.ok && parsed.value.protocol === 'hysteria2' && parsed.value.params).toEqual({ auth: client.auth, host: 'nl1.vpn.example', port: 8444, sni: 'hy.vpn.example', obfsPassword: 'gawr-gura', name: 'NL hysteria2' })
    const { proxiesOf } = await import('@/lib/feeds/proxies')
    const { mihomoProxy } = await import('@/lib/feeds/mihomo')
    const { singboxOutbound } = await import('@/lib/feeds/singbox')
    const [proxy] = proxiesOf([issued.keyString!], 'k')
    expect(mihomoProxy(proxy!)).toMatchObject({ type: 'hysteria2', server: 'nl1.vpn.example', port: 8444, password: client.auth, obfs: 'salamander', 'obfs-password': 'gawr-gura', sni: 'hy.vpn.example' })
    expect(singboxOutbound(proxy!)).toMatchObject({ type: 'hysteria2', password: client.auth, obfs: { type: 'salamander', password: 'gawr-gura' }, tls: { enabled: true, server_name: 'hy.vpn.example' } })
    await threeXuiAdapter.revoke(server(), issued.providerRef)
    expect(hysteria.clients.map((one) => one.email)).toEqual(['owner-hy'])
    // Hysteria's first version is another protocol: no Hysteria2 inbound there.
    hysteria.version = 1
    await expect(threeXuiAdapter.issue({ ...request, protocol: 'hysteria2', port: 8444, server: server() })).rejects.toThrow(/no enabled hysteria2 inbound on port 8444/)
  })

  it('tells each key’s traffic, when it was last online and the addresses its clients came from; a client gone from the panel is left out', async () => {
    const issued = await threeXuiAdapter.issue({ ...request, protocol: 'vless', port: 443, server: server() })
    const email = issued.providerRef.split(':')[1]!
    const gone = '1:vk_000000000000:0f6c3b2a-6c3e-4f6e-9d5e-000000000000'
    expect(await threeXuiAdapter.usage!(server(), [issued.providerRef, gone])).toEqual(new Map([[issued.providerRef, { bytes: 0, lastOnlineAt: null, addresses: [] }]]))
    const lastOnline = Date.parse('2026-11-29T14:03:00Z')
    xui.use.set(email, { up: 1_000, down: 5_000, lastOnline, ips: ['192.0.2.7', '2001:db8::5', '192.0.2.7'] })
    expect(await threeXuiAdapter.usage!(server(), [issued.providerRef, gone])).toEqual(
      new Map([[issued.providerRef, { bytes: 6_000, lastOnlineAt: version === 3 ? new Date(lastOnline) : null, addresses: ['192.0.2.7', '2001:db8::5'] }]]),
    )
    expect(xui.calls).toContain(`POST /panel/api/inbounds/clientIps/${email}`)
  })

  it('says what is wrong: no inbound for the protocol on that port, a protocol it does not issue, refused credentials', async () => {
    await expect(threeXuiAdapter.issue({ ...request, protocol: 'vless', port: 2053, server: server() })).rejects.toThrow('NL-3xui-01: 3x-ui has no enabled vless inbound on port 2053')
    await expect(threeXuiAdapter.issue({ ...request, protocol: 'wireguard', port: 51820, server: server() })).rejects.toThrow(/vless, trojan and Hysteria2 keys only/)
    const wrong = version === 3 ? { apiToken: 'wrong-token' } : { password: 'wrong' }
    await expect(threeXuiAdapter.issue({ ...request, protocol: 'vless', port: 443, server: server(wrong, 22) })).rejects.toThrow(
      version === 3 ? /3x-ui refused to list its inbounds \(Your session has expired/ : /3x-ui refused the login \(Invalid username or password or secret\.\)/,
    )
  })
})

describe('3x-ui adapter, panel 2.x sessions', () => {
  beforeEach(() => {
    xui.generation = 2
  })

  it('logs in once, and again when the panel forgot the session', async () => {
    await threeXuiAdapter.issue({ ...request, protocol: 'vless', port: 443, server: server({}, 23) })
    xui.sessions.clear()
    xui.calls.length = 0
    await threeXuiAdapter.issue({ ...request, protocol: 'vless', port: 443, server: server({}, 23) })
    expect(xui.calls).toEqual(['GET /panel/api/inbounds/list', 'POST /login', 'GET /panel/api/inbounds/list', 'POST /panel/api/inbounds/addClient'])
  })
})

describe('3x-ui adapter, what a 2.x panel refuses', () => {
  beforeEach(() => {
    xui.generation = 2
  })

  it('switches off an inbound’s last client instead of deleting it, and adds no client to an inbound whose link it cannot hand out', async () => {
    xui.inbounds[0]!.clients = []
    const issued = await threeXuiAdapter.issue({ ...request, protocol: 'vless', port: 443, server: server({}, 24) })
    await threeXuiAdapter.revoke(server({}, 24), issued.providerRef)
    expect(xui.inbounds[0]!.clients).toEqual([expect.objectContaining({ email: issued.providerRef.split(':')[1], enable: false })])

    xui.inbounds[0]!.stream = { network: 'kcp', security: 'none', kcpSettings: { seed: 'x' } }
    const before = xui.inbounds[0]!.clients.length
    await expect(threeXuiAdapter.issue({ ...request, protocol: 'vless', port: 443, server: server({}, 24) })).rejects.toThrow(/uses kcp, which the site cannot hand out as a link yet/)
    expect(xui.inbounds[0]!.clients).toHaveLength(before)
  })
})
