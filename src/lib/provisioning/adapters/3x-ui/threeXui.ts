// 3x-ui (an Xray panel) for vless and trojan keys, built to its published API: one client per key on the inbound
// that serves the protocol on the server's port (found in GET panel/api/inbounds/list), the share link built from
// that inbound's stream settings as the panel itself builds it, and the client deleted to revoke.
// Both API generations are spoken: 3.x with an API token (Authorization: Bearer; clients added with
// POST panel/api/clients/add and deleted by e-mail), and 2.x with the panel's login (a session cookie; clients added
// with POST panel/api/inbounds/addClient and deleted with …/delClient/{uuid or password}). Which one is told by the
// inbound list itself: 3.1+ returns settings as objects, earlier versions as JSON strings.
import { randomBytes, randomUUID } from 'node:crypto'
import { isIP } from 'node:net'

import { buildHysteria2Uri, isUuid, parseShareLink } from '@/lib/keys'
import type { Server } from '@/payload-types'

import { callApi, ManagementApiError, managementBase } from '../../http'
import type { ApiResponse } from '../../http'
import { bytesOf } from '../../adapter'
import type { IssueRequest, KeyUse, ProvisioningAdapter } from '../../adapter'

type Json = Record<string, unknown>
type Envelope = { success?: unknown; msg?: unknown; obj?: unknown }
type Inbound = { id: number; port: number; protocol: string; remark: string; settings: Json; streamSettings: Json; settingsAsText: boolean }

const cookies = new Map<number, string>()

function base(server: Server): URL {
  return managementBase(server.credentials?.apiUrl, server.name, '3x-ui panel URL must look like https://panel.example.com:2053/secret-path/')
}

const message = (body: unknown) => String((body as Envelope | null)?.msg ?? '').trim().slice(0, 200)

/** 2.x: the panel's login form; the session cookie it sets is kept per server. */
async function login(server: Server): Promise<string> {
  const { username, password, certSha256 } = server.credentials ?? {}
  if (!username || !password) throw new ManagementApiError(`${server.name}: set the 3x-ui API token (3.x) or the panel's username and password (2.x)`, null)
  const answer = await callApi(new URL('login', base(server)), {
    method: 'POST',
    body: new URLSearchParams({ username, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
    certSha256,
  })
  const setCookie = answer.headers['set-cookie']
  const cookie = (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []).map((line) => line.split(';')[0]!).join('; ')
  if ((answer.body as Envelope | null)?.success !== true || !cookie) {
    throw new ManagementApiError(`${server.name}: 3x-ui refused the login${message(answer.body) ? ` (${message(answer.body)})` : ` (HTTP ${answer.status})`}`, answer.status)
  }
  cookies.set(server.id, cookie)
  return cookie
}

/** A panel call: with the API token, or with the session (logging in again once when it has expired). */
async function panel(server: Server, path: string, method: 'GET' | 'POST', body?: unknown): Promise<ApiResponse> {
  const token = server.credentials?.apiToken?.trim()
  const call = (auth: Record<string, string>) =>
    callApi(new URL(path, base(server)), { method, body, headers: { 'x-requested-with': 'XMLHttpRequest', ...auth }, certSha256: server.credentials?.certSha256 })
  if (token) return call({ authorization: `Bearer ${token}` })
  const first = await call({ cookie: cookies.get(server.id) ?? (await login(server)) })
  // An expired session: 401 (with the header above), 404 (2.8.4–2.9.x) or a redirect to the login page (older 2.x).
  return [401, 404, 302, 307].includes(first.status) ? call({ cookie: await login(server) }) : first
}

function succeeded(server: Server, answer: ApiResponse, what: string): Envelope {
  const body = answer.body as Envelope | null
  if (answer.status === 200 && body?.success === true) return body
  const reason = message(body) || `HTTP ${answer.status}${answer.status === 404 ? ': wrong panel URL or API token' : ''}`
  throw new ManagementApiError(`${server.name}: 3x-ui refused to ${what} (${reason})`, answer.status)
}

const asObject = (value: unknown): Json => {
  if (typeof value === 'string') {
    try {
      return (JSON.parse(value) as Json | null) ?? {}
    } catch {
      return {}
    }
  }
  return value && typeof value === 'object' ? (value as Json) : {}
}

type IssuedProtocol = 'vless' | 'trojan' | 'hysteria2'

/** The panel's name for each protocol: Xray's Hysteria inbound (3x-ui 2.9.1 and later, on Xray 26.3) at its version 2. */
const PANEL_PROTOCOL: Record<IssuedProtocol, string> = { vless: 'vless', trojan: 'trojan', hysteria2: 'hysteria' }

const isPanelInbound = (inbound: Json, protocol: IssuedProtocol) =>
  inbound.protocol === PANEL_PROTOCOL[protocol] && (protocol !== 'hysteria2' || Number(asObject(inbound.settings).version ?? 2) === 2)

async function inboundFor(server: Server, protocol: IssuedProtocol, port: number): Promise<Inbound> {
  const list = succeeded(server, await panel(server, 'panel/api/inbounds/list', 'GET'), 'list its inbounds')
  const inbounds = Array.isArray(list.obj) ? (list.obj as Json[]) : []
  const found = inbounds.find((inbound) => isPanelInbound(inbound, protocol) && Number(inbound.port) === port && inbound.enable !== false)
  if (!found) throw new ManagementApiError(`${server.name}: 3x-ui has no enabled ${protocol} inbound on port ${port} (add one, or change the port in the server's protocols)`, null)
  return {
    id: Number(found.id),
    port,
    protocol,
    remark: typeof found.remark === 'string' ? found.remark : '',
    settings: asObject(found.settings),
    streamSettings: asObject(found.streamSettings),
    settingsAsText: typeof found.settings === 'string',
  }
}

const pick = (values: unknown): string | undefined => (Array.isArray(values) ? values.find((value): value is string => typeof value === 'string') : undefined)

/** Transports whose every parameter a share link carries; others (kcp, quic, TCP with an HTTP header) are refused. */
const LINKABLE_NETWORKS = new Set(['tcp', 'ws', 'grpc', 'httpupgrade', 'xhttp'])

/** XHTTP's `extra` settings as 3x-ui's links carry them: the inbound's `xhttpSettings.extra` without its empty values. */
function xhttpExtra(xhttp: Record<string, unknown>): string | undefined {
  const kept = Object.entries(asObject(xhttp.extra)).filter(([, value]) => {
    if (value === null || value === undefined || value === '' || value === false || value === 0) return false
    if (Array.isArray(value)) return value.length > 0
    return typeof value !== 'object' || Object.keys(value).length > 0
  })
  return kept.length > 0 ? JSON.stringify(Object.fromEntries(kept)) : undefined
}

/**
 * A Hysteria 2 client's link, as 3x-ui's own links carry it: the inbound's TLS name and whether clients accept any
 * certificate, and Salamander's password when the inbound's `finalmask` turns it on.
 */
export function threeXuiHysteriaLink(inbound: Pick<Inbound, 'port' | 'streamSettings'>, host: string, auth: string, name: string): string {
  const stream = inbound.streamSettings
  const tls = asObject(stream.tlsSettings)
  const masks = asObject(stream.finalmask).udp
  const salamander = (Array.isArray(masks) ? masks : []).map(asObject).find((mask) => mask.type === 'salamander')
  const obfsPassword = asObject(salamander?.settings).password
  return buildHysteria2Uri({
    auth,
    host,
    port: inbound.port,
    ...(typeof tls.serverName === 'string' && tls.serverName ? { sni: tls.serverName } : {}),
    ...(asObject(tls.settings).allowInsecure === true ? { insecure: true } : {}),
    ...(typeof obfsPassword === 'string' && obfsPassword ? { obfsPassword } : {}),
    name,
  })
}

/** The share link of a client on this inbound, with the parameters 3x-ui's own links carry (sub/subService.go). */
export function threeXuiShareLink(inbound: Pick<Inbound, 'protocol' | 'port' | 'settings' | 'streamSettings'>, host: string, secret: string, flow: string, name: string): string {
  const stream = inbound.streamSettings
  const network = String(stream.network ?? 'tcp')
  const tcpHeader = String(asObject(asObject(stream.tcpSettings).header).type ?? 'none')
  if (!LINKABLE_NETWORKS.has(network) || (network === 'tcp' && tcpHeader !== 'none')) {
    throw new ManagementApiError(`3x-ui inbound ${inbound.protocol}:${inbound.port} uses ${network === 'tcp' ? 'TCP with an HTTP header' : network}, which the site cannot hand out as a link yet (use TCP, WebSocket, gRPC, HTTPUpgrade or XHTTP)`, null)
  }
  const security = String(stream.security ?? 'none')
  const tls = asObject(stream.tlsSettings)
  const reality = asObject(stream.realitySettings)
  const realityClient = asObject(reality.settings)
  const ws = asObject(stream.wsSettings)
  const grpc = asObject(stream.grpcSettings)
  const upgrade = asObject(stream.httpupgradeSettings)
  const xhttp = asObject(stream.xhttpSettings)
  const headers = asObject(ws.headers)
  const params: Record<string, string | undefined> = {
    type: network,
    security,
    path: network === 'ws' ? String(ws.path ?? '/') : network === 'httpupgrade' ? String(upgrade.path ?? '/') : network === 'xhttp' ? String(xhttp.path ?? '/') : undefined,
    host:
      network === 'ws'
        ? ((ws.host as string | undefined) ?? (headers.Host as string | undefined))
        : network === 'httpupgrade'
          ? (upgrade.host as string | undefined)
          : network === 'xhttp'
            ? ((xhttp.host as string | undefined) ?? (asObject(xhttp.headers).Host as string | undefined))
            : undefined,
    serviceName: network === 'grpc' ? String(grpc.serviceName ?? '') : undefined,
    // XHTTP's upload mode and further settings (padding, multiplexing, a download elsewhere), as 3x-ui's links carry them.
    mode: network === 'xhttp' ? (xhttp.mode as string | undefined) : undefined,
    extra: network === 'xhttp' ? xhttpExtra(xhttp) : undefined,
  }
  if (security === 'tls') {
    params.sni = (tls.serverName as string | undefined) || undefined
    params.alpn = Array.isArray(tls.alpn) && tls.alpn.length > 0 ? tls.alpn.join(',') : undefined
    params.fp = (asObject(tls.settings).fingerprint as string | undefined) || undefined
    // 2.x panels may tell clients to accept any certificate; their own links say so too.
    if (asObject(tls.settings).allowInsecure === true) params.allowInsecure = '1'
  }
  if (security === 'reality') {
    params.sni = pick(reality.serverNames)
    params.pbk = realityClient.publicKey as string | undefined
    params.sid = pick(reality.shortIds) ?? ''
    params.fp = (realityClient.fingerprint as string | undefined) || 'chrome'
  }
  if (flow && network === 'tcp' && (security === 'tls' || security === 'reality')) params.flow = flow
  const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''))
  if (inbound.protocol === 'vless') query.set('encryption', typeof inbound.settings.encryption === 'string' && inbound.settings.encryption ? inbound.settings.encryption : 'none')
  const link = `${inbound.protocol}://${encodeURIComponent(secret)}@${host.includes(':') ? `[${host}]` : host}:${inbound.port}?${query.toString()}#${encodeURIComponent(name)}`
  // Checked by the site's own parser: a link it cannot read would be a key no visitor could use.
  const parsed = parseShareLink(link)
  if (!parsed.ok) throw new ManagementApiError(`3x-ui inbound ${inbound.protocol}:${inbound.port} gives a link the site cannot read (${parsed.error})`, null)
  return link
}

/**
 * The addresses in POST panel/api/inbounds/clientIps/{email}'s answer, newest versions first: a list of
 * "203.0.113.5 (2026-11-29 14:03:00)" (the time in the panel's zone), a JSON text of addresses (2.x), or
 * "No IP Record". Only what parses as an address is kept.
 */
export function threeXuiClientAddresses(obj: unknown): string[] {
  let entries: unknown = obj
  if (typeof obj === 'string') {
    try {
      entries = JSON.parse(obj) as unknown
    } catch {
      entries = obj.split(/[\s,]+/)
    }
  }
  if (!Array.isArray(entries)) return []
  const addresses = entries.flatMap((entry) => {
    const text = typeof entry === 'string' ? entry : entry && typeof entry === 'object' && typeof (entry as { ip?: unknown }).ip === 'string' ? (entry as { ip: string }).ip : ''
    const address = text.trim().split(/\s+/, 1)[0] ?? ''
    return isIP(address) ? [address] : []
  })
  return [...new Set(addresses)]
}

type Ref = { inboundId: number; email: string; secret: string }

function parseRef(providerRef: string): Ref | null {
  const [inboundId, email, ...secret] = providerRef.split(':')
  return inboundId && email && secret.length > 0 ? { inboundId: Number(inboundId), email, secret: secret.join(':') } : null
}

export const threeXuiAdapter: ProvisioningAdapter = {
  async issue({ server, protocol, port, label }: IssueRequest) {
    if (protocol !== 'vless' && protocol !== 'trojan' && protocol !== 'hysteria2') throw new ManagementApiError(`${server.name}: 3x-ui issues vless, trojan and Hysteria2 keys only`, null)
    const inbound = await inboundFor(server, protocol, port)
    const email = `vk_${randomBytes(6).toString('hex')}`
    const secret = protocol === 'vless' ? randomUUID() : randomBytes(16).toString('hex')
    const stream = inbound.streamSettings
    // Vision where the inbound can carry it, as 3x-ui's own form suggests (TCP with TLS or REALITY).
    const flow = protocol === 'vless' && stream.network === 'tcp' && (stream.security === 'reality' || stream.security === 'tls') ? 'xtls-rprx-vision' : ''
    const gigabytes = server.credentials?.keyDataLimitGb
    const client = {
      email,
      // Hysteria's clients authenticate by `auth`.
      ...(protocol === 'vless' ? { id: secret, flow } : protocol === 'hysteria2' ? { auth: secret } : { password: secret }),
      limitIp: 0,
      totalGB: gigabytes && gigabytes > 0 ? Math.round(gigabytes * 1024 ** 3) : 0,
      expiryTime: 0,
      enable: true,
      tgId: 0,
      subId: randomBytes(8).toString('hex'),
      comment: label,
      reset: 0,
    }
    // The link first: an inbound the site cannot hand out leaves no client behind on the panel.
    const keyString = protocol === 'hysteria2' ? threeXuiHysteriaLink(inbound, server.host, secret, label) : threeXuiShareLink(inbound, server.host, secret, flow, label)
    const added = inbound.settingsAsText
      ? await panel(server, 'panel/api/inbounds/addClient', 'POST', { id: inbound.id, settings: JSON.stringify({ clients: [client] }) })
      : await panel(server, 'panel/api/clients/add', 'POST', { client, inboundIds: [inbound.id] })
    succeeded(server, added, 'add a client')
    return { keyString, configFile: null, connection: null, expiresAt: null, providerRef: `${inbound.id}:${email}:${secret}` }
  },

  async revoke(server, providerRef) {
    const ref = parseRef(providerRef)
    if (!ref) throw new ManagementApiError(`${server.name}: not a 3x-ui key reference: ${providerRef}`, null)
    const token = server.credentials?.apiToken?.trim()
    // 3.1+ deletes by e-mail; earlier versions by the client's uuid (vless) or password (trojan) on its inbound.
    let answer = token ? await panel(server, `panel/api/clients/del/${encodeURIComponent(ref.email)}`, 'POST') : null
    if (!answer || answer.status === 404) answer = await panel(server, `panel/api/inbounds/${ref.inboundId}/delClient/${encodeURIComponent(ref.secret)}`, 'POST')
    const body = answer.body as Envelope | null
    // Already gone is what revoking wants.
    if (answer.status === 200 && body?.success !== true && /not found/i.test(message(body))) return
    // Before 3.1 the panel keeps an inbound's last client: it is switched off instead, so the key stops working.
    if (answer.status === 200 && body?.success !== true && /no client remained/i.test(message(body))) {
      const isVless = isUuid(ref.secret)
      // A trojan client's password or a Hysteria client's auth: the same secret, named as either inbound reads it.
      const client = { email: ref.email, ...(isVless ? { id: ref.secret, flow: '' } : { password: ref.secret, auth: ref.secret }), enable: false, limitIp: 0, totalGB: 0, expiryTime: 0, tgId: 0, subId: '', reset: 0 }
      const disabled = await panel(server, `panel/api/inbounds/updateClient/${encodeURIComponent(ref.secret)}`, 'POST', { id: ref.inboundId, settings: JSON.stringify({ clients: [client] }) })
      succeeded(server, disabled, `switch off ${ref.email} (the inbound's last client)`)
      return
    }
    succeeded(server, answer, `delete ${ref.email}`)
  },

  // Per client: GET panel/api/inbounds/getClientTraffics/{email} (up, down, and lastOnline in ms since 2.6) and
  // POST panel/api/inbounds/clientIps/{email} (the addresses Xray's access log saw, when the panel records them).
  async usage(server, providerRefs) {
    const use = new Map<string, KeyUse>()
    for (const providerRef of providerRefs) {
      const ref = parseRef(providerRef)
      if (!ref) continue
      const email = encodeURIComponent(ref.email)
      const traffic = await panel(server, `panel/api/inbounds/getClientTraffics/${email}`, 'GET')
      const stats = (traffic.body as Envelope | null)?.obj as { up?: unknown; down?: unknown; lastOnline?: unknown } | null | undefined
      // A client the panel does not know (deleted there): no object (newer versions) or "record not found" (older).
      const known = (traffic.body as Envelope | null)?.success === true ? Boolean(stats) : !/not found/i.test(message(traffic.body))
      if (traffic.status === 200 && !known) continue
      succeeded(server, traffic, `tell ${ref.email}'s traffic`)
      const ips = await panel(server, `panel/api/inbounds/clientIps/${email}`, 'POST')
      use.set(providerRef, {
        bytes: bytesOf(stats?.up) + bytesOf(stats?.down),
        lastOnlineAt: typeof stats?.lastOnline === 'number' && stats.lastOnline > 0 ? new Date(stats.lastOnline) : null,
        addresses: ips.status === 200 ? threeXuiClientAddresses((ips.body as Envelope | null)?.obj) : [],
      })
    }
    return use
  },
}
