import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

import { buildWireguardConfig, generateWireguardKeyPair, parseShareLink } from '@/lib/keys'
import { matchesEtag, subscriptionEtag, subscriptionResponse } from '@/lib/feeds/respond'
import { DEFAULT_RULE_LISTS, directRouting } from '@/lib/feeds/routing'

import { readFeedBody } from '../../helpers/feedBody'
import { VIP_META } from '../../helpers/subscriptionMeta'

const REALITY = 'vless://6f1c2b3a-1c3e-4f6e-9d5e-1a2b3c4d5e6f@de1.example.net:443?encryption=none&flow=xtls-rprx-vision&security=reality&sni=www.microsoft.com&fp=chrome&pbk=O5ZQ2vRk6rBQ0fS0V3fQm6c8R1y1gq3Zl0v8m2gQx1E&sid=6ba85179e30d4fc2&type=tcp#DE%20VLESS'
const WS_TLS = 'vless://7f1c2b3a-1c3e-4f6e-9d5e-1a2b3c4d5e6f@nl1.example.net:443?encryption=none&security=tls&sni=nl1.example.net&type=ws&path=%2Fvpn&host=cdn.example.net#NL%20VLESS'
const GRPC = 'vless://8f1c2b3a-1c3e-4f6e-9d5e-1a2b3c4d5e6f@fi1.example.net:443?encryption=none&security=tls&sni=fi1.example.net&type=grpc&serviceName=tun#FI%20VLESS'
const TROJAN = 'trojan://s3cret@se1.example.net:8443?security=tls&sni=se1.example.net&type=tcp#SE%20Trojan'
const SS = 'ss://Y2hhY2hhMjAtaWV0Zi1wb2x5MTMwNTpwYXNzd29yZDEyMw@198.51.100.5:8388#NL%20Outline'
const KCP = 'vless://9f1c2b3a-1c3e-4f6e-9d5e-1a2b3c4d5e6f@pl1.example.net:443?encryption=none&security=none&type=kcp#PL'
const LINKS = [REALITY, WS_TLS, GRPC, TROJAN, SS, KCP]

const meta = VIP_META

describe('the subscription responder', () => {
  it('answers v2ray apps with base64 share links, each one readable by the key module, and the headers apps read', () => {
    const response = subscriptionResponse({ links: [...LINKS, null as unknown as string, 'wireguard-config-text'], format: 'base64', meta })
    const { links } = readFeedBody(response.body)
    expect(links).toEqual(LINKS)
    for (const link of links) expect(parseShareLink(link).ok, link).toBe(true)
    expect(response.headers).toMatchObject({
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Disposition': 'attachment; filename="vpn-keys-vip.txt"',
      'Subscription-Userinfo': `upload=0; download=0; total=0; expire=${Math.floor(Date.parse('2026-12-03T12:34:56Z') / 1000)}`,
      'Profile-Title': `base64:${Buffer.from('VPN Keys VIP').toString('base64')}`,
      'Profile-Update-Interval': '24',
      'Support-Url': 'https://free.vpnkeys.example/support',
      'Profile-Web-Page-Url': 'https://free.vpnkeys.example/profile/servers',
    })
    expect(response.headers.Announce).toBeUndefined()
    expect(subscriptionResponse({ links: [], format: 'base64', meta: { ...meta, expiresAt: null } }).headers['Subscription-Userinfo']).toBe('upload=0; download=0; total=0; expire=0')
  })

  it('repeats the headers’ keys as lines at the top of the base64 body, where Happ, Hiddify and INCY read them behind proxies that strip headers', () => {
    const announce = 'Подписка закончится через 2 дня'
    const routing = directRouting({ mode: 'russia' }, '2026-11-20T10:00:00Z')
    const response = subscriptionResponse({
      links: [WS_TLS, TROJAN],
      format: 'base64',
      meta: { ...meta, announce, announceUrl: 'https://free.vpnkeys.example/profile/subscription', providerId: 'Ab12Cd34', routing, autoroutingUrl: 'https://free.vpnkeys.example/api/routing' },
    })
    const body = readFeedBody(response.body)
    // The lines first, then the keys: each line is the header of the same name, lower-cased, with the same value.
    expect(body.lines.slice(-2)).toEqual([WS_TLS, TROJAN])
    for (const name of ['Profile-Title', 'Profile-Update-Interval', 'Subscription-Userinfo', 'Support-Url', 'Profile-Web-Page-Url', 'Announce', 'Announce-Url']) {
      expect(body.lines, name).toContain(`#${name.toLowerCase()}: ${response.headers[name]}`)
    }
    expect(response.headers['Announce-Url']).toBe('https://free.vpnkeys.example/profile/subscription')
    // Happ's provider id as its documentation writes it (no colon), INCY's autorouting as its own link.
    expect(response.headers.Providerid).toBe('Ab12Cd34')
    expect(body.lines).toContain('#providerid Ab12Cd34')
    expect(response.headers.Autorouting).toBe('incy://autorouting/onadd/https://free.vpnkeys.example/api/routing')
    expect(body.lines).toContain(response.headers.Autorouting)
    // None of the lines reads as a key, so apps that read only share links skip them.
    for (const line of body.lines.slice(0, -2)) expect(parseShareLink(line).ok, line).toBe(false)
  })

  it('says nothing it was not given: no announcement URL without an announcement, no provider id that is not one, no autorouting with routing off', () => {
    const response = subscriptionResponse({
      links: [WS_TLS],
      format: 'base64',
      meta: { ...meta, announceUrl: 'https://free.vpnkeys.example/profile/subscription', providerId: 'x\r\nSet-Cookie: a=b', autoroutingUrl: 'https://free.vpnkeys.example/api/routing' },
    })
    expect(response.headers['Announce-Url']).toBeUndefined()
    expect(response.headers.Providerid).toBeUndefined()
    expect(response.headers.Autorouting).toBeUndefined()
    expect(readFeedBody(response.body).lines.filter((line) => /^#(announce|providerid)|^incy:/.test(line))).toEqual([])
  })

  it('serves WireGuard apps one key’s .conf: the first WireGuard key among the keys, else a 404 that says why', () => {
    const wireguard = (address: string) =>
      buildWireguardConfig({ privateKey: generateWireguardKeyPair().privateKey, addresses: [`${address}/32`], peer: { publicKey: generateWireguardKeyPair().publicKey, endpointHost: '198.51.100.9', endpointPort: 51820 } })
    const first = wireguard('10.66.0.2')
    const response = subscriptionResponse({ links: [WS_TLS, first, wireguard('10.66.0.3')], format: 'wireguard', meta })
    expect(response.status).toBe(200)
    expect(response.body).toBe(first)
    expect(response.headers).toMatchObject({ 'Content-Type': 'text/plain; charset=utf-8', 'Content-Disposition': 'attachment; filename="vpn-keys-vip.conf"' })
    const none = subscriptionResponse({ links: [WS_TLS, 'not a config'], format: 'wireguard', meta: { ...meta, unservedNotice: 'Нет ключа WireGuard' } })
    expect(none.status).toBe(404)
    expect(JSON.parse(none.body)).toEqual({ error: 'no_wireguard_key', message: 'Нет ключа WireGuard' })
  })

  it('gives Outline its dynamic key’s error when there is no key it reads and a notice to say, else a 404', () => {
    const notice = 'Подписка закончилась: продлите на free.vpnkeys.example'
    const told = subscriptionResponse({ links: [WS_TLS], format: 'outline', meta: { ...meta, unservedNotice: notice } })
    expect(told.status).toBe(200)
    expect(JSON.parse(told.body)).toEqual({ error: { message: notice } })
    expect(subscriptionResponse({ links: [WS_TLS], format: 'outline', meta }).status).toBe(404)
    // A key it reads is served as before, the notice aside.
    expect(JSON.parse(subscriptionResponse({ links: [SS], format: 'outline', meta: { ...meta, unservedNotice: notice } }).body)).toMatchObject({ server: '198.51.100.5' })
  })

  it('answers the original Clash core (Clash for Windows, ClashX) with YAML it reads: no VLESS, none of Mihomo’s fields, Russia direct by GeoIP', () => {
    const routing = directRouting({ mode: 'russia' }, '2026-11-20T10:00:00Z')
    const response = subscriptionResponse({ links: LINKS, format: 'clash-legacy', meta: { ...meta, routing } })
    expect(response.headers['Content-Type']).toBe('text/yaml; charset=utf-8')
    expect(response.headers['Content-Disposition']).toBe('attachment; filename="vpn-keys-vip.yaml"')
    const config = parse(response.body) as { proxies: Record<string, unknown>[]; 'proxy-groups': { proxies: string[] }[]; rules: string[]; 'rule-providers'?: unknown }
    expect(config.proxies.map((proxy) => [proxy.name, proxy.type])).toEqual([['SE Trojan', 'trojan'], ['NL Outline', 'ss']])
    for (const proxy of config.proxies) for (const field of ['client-fingerprint', 'reality-opts', 'packet-encoding', 'flow']) expect(proxy, field).not.toHaveProperty(field)
    expect(config['rule-providers']).toBeUndefined()
    expect(config.rules).toContain('GEOIP,RU,DIRECT')
    expect(config.rules.some((rule) => rule.startsWith('RULE-SET,') || rule.startsWith('GEOSITE,'))).toBe(false)
    expect(config['proxy-groups'][0]!.proxies).toEqual(expect.arrayContaining(['SE Trojan', 'NL Outline']))
  })

  it('answers Stash with its dialect: Mihomo’s proxies with its own delay test on each, no rule sets it cannot read', () => {
    const routing = directRouting({ mode: 'russia' }, '2026-11-20T10:00:00Z')
    const config = parse(subscriptionResponse({ links: LINKS, format: 'stash', meta: { ...meta, routing } }).body) as { proxies: Record<string, unknown>[]; 'proxy-groups': Record<string, unknown>[]; rules: string[]; 'rule-providers'?: unknown }
    expect(config.proxies.map((proxy) => proxy.name)).toEqual(['DE VLESS', 'NL VLESS', 'FI VLESS', 'SE Trojan', 'NL Outline'])
    for (const proxy of config.proxies) expect(proxy).toMatchObject({ 'benchmark-url': 'http://www.gstatic.com/generate_204', 'benchmark-timeout': 5 })
    expect(config['proxy-groups'][1]).not.toHaveProperty('url')
    expect(config['rule-providers']).toBeUndefined()
    expect(config.rules).toContain('GEOIP,RU,DIRECT')
  })

  it('announces in base64 when there is something to say', () => {
    const announce = 'Подписка закончится через 2 дня'
    expect(subscriptionResponse({ links: [], format: 'base64', meta: { ...meta, announce } }).headers.Announce).toBe(`base64:${Buffer.from(announce).toString('base64')}`)
  })

  it('answers Clash Meta apps with Mihomo YAML: every key it can express, with the fields each proxy type requires, and groups over them', () => {
    const response = subscriptionResponse({ links: LINKS, format: 'clash', meta })
    expect(response.headers['Content-Type']).toBe('text/yaml; charset=utf-8')
    const config = parse(response.body) as { proxies: Record<string, unknown>[]; 'proxy-groups': Record<string, unknown>[]; rules: string[] }
    // The kcp key has no Mihomo form: left out.
    expect(config.proxies.map((proxy) => proxy.name)).toEqual(['DE VLESS', 'NL VLESS', 'FI VLESS', 'SE Trojan', 'NL Outline'])
    const required: Record<string, string[]> = { vless: ['server', 'port', 'uuid'], trojan: ['server', 'port', 'password'], ss: ['server', 'port', 'cipher', 'password'] }
    for (const proxy of config.proxies) for (const field of required[String(proxy.type)]!) expect(proxy[field], `${String(proxy.name)}.${field}`).toBeDefined()
    expect(config.proxies[0]).toEqual({
      name: 'DE VLESS', server: 'de1.example.net', port: 443, udp: true, type: 'vless', uuid: '6f1c2b3a-1c3e-4f6e-9d5e-1a2b3c4d5e6f', flow: 'xtls-rprx-vision',
      'packet-encoding': 'xudp', network: 'tcp', tls: true, servername: 'www.microsoft.com', 'client-fingerprint': 'chrome',
      'reality-opts': { 'public-key': 'O5ZQ2vRk6rBQ0fS0V3fQm6c8R1y1gq3Zl0v8m2gQx1E', 'short-id': '6ba85179e30d4fc2' },
    })
    expect(config.proxies[1]).toMatchObject({ network: 'ws', tls: true, 'ws-opts': { path: '/vpn', headers: { Host: 'cdn.example.net' } } })
    expect(config.proxies[2]).toMatchObject({ network: 'grpc', 'grpc-opts': { 'grpc-service-name': 'tun' } })
    expect(config.proxies[3]).toMatchObject({ type: 'trojan', password: 's3cret', sni: 'se1.example.net' })
    expect(config.proxies[4]).toEqual({ name: 'NL Outline', server: '198.51.100.5', port: 8388, udp: true, type: 'ss', cipher: 'chacha20-ietf-poly1305', password: 'password123' })
    const names = config.proxies.map((proxy) => proxy.name)
    expect(config['proxy-groups']).toEqual([
      { name: 'Выбор сервера', type: 'select', proxies: ['Самый быстрый', ...names] },
      { name: 'Самый быстрый', type: 'url-test', proxies: names, url: 'https://www.gstatic.com/generate_204', interval: 300 },
    ])
    // Private networks direct, the rest through the selection (Russian sites only with routing on: below).
    expect(config.rules.at(-1)).toBe('MATCH,Выбор сервера')
    expect(config.rules.slice(0, -1).every((rule) => /^IP-CIDR6?,[^,]+,DIRECT,no-resolve$/.test(rule))).toBe(true)
    // No keys: still a profile Mihomo loads (a group needs members).
    expect((parse(subscriptionResponse({ links: [], format: 'clash', meta }).body) as { 'proxy-groups': unknown[] })['proxy-groups']).toEqual([{ name: 'Выбор сервера', type: 'select', proxies: ['DIRECT'] }])
  })

  it('answers sing-box apps with a profile whose outbounds carry the fields sing-box requires', () => {
    const response = subscriptionResponse({ links: LINKS, format: 'singbox', meta })
    expect(response.headers['Content-Type']).toBe('application/json; charset=utf-8')
    const config = JSON.parse(response.body) as {
      outbounds: Record<string, unknown>[]
      inbounds: Record<string, unknown>[]
      route: Record<string, unknown>
      dns: { servers: Record<string, unknown>[]; final: string }
    }
    const byTag = new Map(config.outbounds.map((outbound) => [outbound.tag, outbound]))
    expect([...byTag.keys()]).toEqual(['Выбор сервера', 'Самый быстрый', 'DE VLESS', 'NL VLESS', 'FI VLESS', 'SE Trojan', 'NL Outline', 'direct'])
    expect(byTag.get('DE VLESS')).toEqual({
      type: 'vless', tag: 'DE VLESS', server: 'de1.example.net', server_port: 443, uuid: '6f1c2b3a-1c3e-4f6e-9d5e-1a2b3c4d5e6f', flow: 'xtls-rprx-vision',
      tls: { enabled: true, server_name: 'www.microsoft.com', utls: { enabled: true, fingerprint: 'chrome' }, reality: { enabled: true, public_key: 'O5ZQ2vRk6rBQ0fS0V3fQm6c8R1y1gq3Zl0v8m2gQx1E', short_id: '6ba85179e30d4fc2' } },
    })
    expect(byTag.get('NL VLESS')).toMatchObject({ transport: { type: 'ws', path: '/vpn', headers: { Host: 'cdn.example.net' } }, tls: { enabled: true, server_name: 'nl1.example.net' } })
    expect(byTag.get('FI VLESS')).toMatchObject({ transport: { type: 'grpc', service_name: 'tun' } })
    expect(byTag.get('SE Trojan')).toMatchObject({ type: 'trojan', password: 's3cret', tls: { enabled: true, server_name: 'se1.example.net' } })
    expect(byTag.get('NL Outline')).toEqual({ type: 'shadowsocks', tag: 'NL Outline', server: '198.51.100.5', server_port: 8388, method: 'chacha20-ietf-poly1305', password: 'password123' })
    // Every outbound a group names exists.
    for (const group of config.outbounds.filter((outbound) => Array.isArray(outbound.outbounds))) {
      for (const tag of group.outbounds as string[]) expect(byTag.has(tag), tag).toBe(true)
    }
    expect(config.inbounds[0]).toMatchObject({ type: 'tun', auto_route: true })
    expect(config.route.final).toBe('Выбор сервера')
    // sing-box 1.12's typed DNS servers (the untyped `address` form is removed in 1.14), each named where used.
    const dnsTags = config.dns.servers.map((server) => server.tag)
    for (const server of config.dns.servers) {
      expect(server.type, String(server.tag)).toMatch(/^(local|tcp|udp|tls|https|quic|h3)$/)
      expect(server.address).toBeUndefined()
      if (server.detour) expect(byTag.has(server.detour), String(server.detour)).toBe(true)
    }
    expect(dnsTags).toContain(config.dns.final)
    expect(dnsTags).toContain(config.route.default_domain_resolver)
  })

  it('serves Xray JSON by its suffix: a complete client configuration per key it can express, named by remarks', () => {
    const response = subscriptionResponse({ links: LINKS, format: 'json', meta })
    expect(response.headers['Content-Type']).toBe('application/json; charset=utf-8')
    expect(response.headers['Content-Disposition']).toBe('attachment; filename="vpn-keys-vip.json"')
    const configs = JSON.parse(response.body) as { remarks: string; inbounds: { protocol: string; listen: string }[]; outbounds: Record<string, unknown>[] }[]
    // The kcp key's parameters are not all in its link: left out rather than guessed.
    expect(configs.map((config) => config.remarks)).toEqual(['DE VLESS', 'NL VLESS', 'FI VLESS', 'SE Trojan', 'NL Outline'])
    for (const config of configs) {
      expect(config.inbounds.map((inbound) => `${inbound.protocol}@${inbound.listen}`)).toEqual(['socks@127.0.0.1', 'http@127.0.0.1'])
      expect(config.outbounds.map((outbound) => outbound.tag)).toEqual(['proxy', 'direct', 'block'])
    }
    expect(configs[0]!.outbounds[0]).toEqual({
      tag: 'proxy',
      protocol: 'vless',
      settings: { vnext: [{ address: 'de1.example.net', port: 443, users: [{ id: '6f1c2b3a-1c3e-4f6e-9d5e-1a2b3c4d5e6f', encryption: 'none', flow: 'xtls-rprx-vision' }] }] },
      streamSettings: {
        network: 'tcp',
        security: 'reality',
        realitySettings: { serverName: 'www.microsoft.com', fingerprint: 'chrome', publicKey: 'O5ZQ2vRk6rBQ0fS0V3fQm6c8R1y1gq3Zl0v8m2gQx1E', shortId: '6ba85179e30d4fc2' },
      },
    })
    expect(configs[1]!.outbounds[0]).toMatchObject({ streamSettings: { network: 'ws', security: 'tls', tlsSettings: { serverName: 'nl1.example.net' }, wsSettings: { path: '/vpn', headers: { Host: 'cdn.example.net' } } } })
    expect(configs[2]!.outbounds[0]).toMatchObject({ streamSettings: { network: 'grpc', grpcSettings: { serviceName: 'tun' } } })
    expect(configs[3]!.outbounds[0]).toMatchObject({ protocol: 'trojan', settings: { servers: [{ address: 'se1.example.net', port: 8443, password: 's3cret' }] } })
    expect(configs[4]!.outbounds[0]).toEqual({ tag: 'proxy', protocol: 'shadowsocks', settings: { servers: [{ address: '198.51.100.5', port: 8388, method: 'chacha20-ietf-poly1305', password: 'password123' }] } })
  })

  it('answers Outline with a dynamic access key for the Shadowsocks key, or 404 without one', () => {
    const response = subscriptionResponse({ links: LINKS, format: 'outline', meta })
    expect(JSON.parse(response.body)).toEqual({ server: '198.51.100.5', server_port: 8388, password: 'password123', method: 'chacha20-ietf-poly1305' })
    expect(subscriptionResponse({ links: [REALITY], format: 'outline', meta }).status).toBe(404)
  })
})

// XHTTP keys as 3x-ui and Remnawave write them (Xray's share-link standard: `type=xhttp`, `mode`, and `extra` as URL-encoded
// JSON of the transport's further settings); the old name SplitHTTP still met in links.
const PBK = 'O5ZQ2vRk6rBQ0fS0V3fQm6c8R1y1gq3Zl0v8m2gQx1E'
const XHTTP_EXTRA = { xPaddingBytes: '100-1000', noGRPCHeader: true, xmux: { maxConcurrency: '16-32' } }
const XHTTP = `vless://a1c2b3a4-1c3e-4f6e-9d5e-1a2b3c4d5e6f@us1.example.net:443?encryption=none&security=reality&sni=www.apple.com&fp=chrome&pbk=${PBK}&sid=6ba8&type=xhttp&path=%2Fxh&host=us1.example.net&mode=stream-one&extra=${encodeURIComponent(JSON.stringify(XHTTP_EXTRA))}#US%20XHTTP`
const XHTTP_SPLIT_DOWNLOAD = `vless://b1c2b3a4-1c3e-4f6e-9d5e-1a2b3c4d5e6f@us2.example.net:443?encryption=none&security=tls&sni=us2.example.net&type=xhttp&path=%2Fup&mode=packet-up&extra=${encodeURIComponent(JSON.stringify({ downloadSettings: { address: 'cdn.example.net', port: 443, network: 'xhttp', xhttpSettings: { path: '/down' } } }))}#US%20XHTTP%20CDN`
const SPLITHTTP = 'vless://c1c2b3a4-1c3e-4f6e-9d5e-1a2b3c4d5e6f@us3.example.net:443?encryption=none&security=tls&sni=us3.example.net&type=splithttp&path=%2Fs#US%20SplitHTTP'
const TROJAN_XHTTP = 'trojan://s3cret@us4.example.net:443?security=tls&sni=us4.example.net&type=xhttp&path=%2Ft#US%20Trojan%20XHTTP'
const XHTTP_UNKNOWN_MODE = 'vless://d1c2b3a4-1c3e-4f6e-9d5e-1a2b3c4d5e6f@us5.example.net:443?encryption=none&security=tls&type=xhttp&mode=turbo#US%20Turbo'
const XHTTP_LINKS = [XHTTP, XHTTP_SPLIT_DOWNLOAD, SPLITHTTP, TROJAN_XHTTP, XHTTP_UNKNOWN_MODE, SS]

describe('XHTTP keys (issue 51: transports that survive filtering)', () => {
  it('keep their whole link in base64, `extra` included, for apps on Xray (v2rayNG, Happ, v2RayTun, Streisand)', () => {
    const { links } = readFeedBody(subscriptionResponse({ links: XHTTP_LINKS, format: 'base64', meta }).body)
    expect(links).toEqual(XHTTP_LINKS)
    const parsed = parseShareLink(XHTTP)
    expect(parsed.ok && parsed.value.protocol === 'vless' && parsed.value.params).toMatchObject({ type: 'xhttp', mode: 'stream-one', extra: { extra: JSON.stringify(XHTTP_EXTRA) } })
  })

  it('become Xray JSON with xhttpSettings as Xray’s transport reference names them; an unknown mode is left out, not guessed', () => {
    const configs = JSON.parse(subscriptionResponse({ links: XHTTP_LINKS, format: 'json', meta }).body) as { remarks: string; outbounds: { streamSettings?: Record<string, unknown> }[] }[]
    expect(configs.map((config) => config.remarks)).toEqual(['US XHTTP', 'US XHTTP CDN', 'US SplitHTTP', 'US Trojan XHTTP', 'NL Outline'])
    const streams = configs.map((config) => config.outbounds[0]!.streamSettings)
    expect(streams[0]).toEqual({
      network: 'xhttp',
      xhttpSettings: { path: '/xh', host: 'us1.example.net', mode: 'stream-one', extra: XHTTP_EXTRA },
      security: 'reality',
      realitySettings: { serverName: 'www.apple.com', fingerprint: 'chrome', publicKey: PBK, shortId: '6ba8' },
    })
    // A download through another address is Xray's own: carried whole.
    expect(streams[1]).toMatchObject({ network: 'xhttp', xhttpSettings: { path: '/up', mode: 'packet-up', extra: { downloadSettings: { address: 'cdn.example.net' } } }, security: 'tls' })
    // SplitHTTP is XHTTP's old name: Xray reads it as XHTTP, mode auto.
    expect(streams[2]).toMatchObject({ network: 'xhttp', xhttpSettings: { path: '/s', mode: 'auto' } })
    expect(streams[3]).toMatchObject({ network: 'xhttp', xhttpSettings: { path: '/t', mode: 'auto' } })
    // Xray's documented names only: network and modes from its reference, nothing else in xhttpSettings.
    for (const stream of streams.slice(0, 4)) {
      const settings = stream!.xhttpSettings as Record<string, unknown>
      expect(Object.keys(settings).every((field) => ['path', 'host', 'mode', 'extra'].includes(field)), JSON.stringify(settings)).toBe(true)
      expect(['auto', 'packet-up', 'stream-up', 'stream-one']).toContain(settings.mode)
    }
  })

  it('become Mihomo proxies with xhttp-opts for VLESS (padding and headers from `extra`); Mihomo’s missing pieces are left out', () => {
    const config = parse(subscriptionResponse({ links: XHTTP_LINKS, format: 'clash', meta }).body) as { proxies: Record<string, unknown>[] }
    // Not in Mihomo: a download through another address, XHTTP for Trojan, an unknown mode.
    expect(config.proxies.map((proxy) => proxy.name)).toEqual(['US XHTTP', 'US SplitHTTP', 'NL Outline'])
    expect(config.proxies[0]).toEqual({
      name: 'US XHTTP', server: 'us1.example.net', port: 443, udp: true, type: 'vless', uuid: 'a1c2b3a4-1c3e-4f6e-9d5e-1a2b3c4d5e6f', 'packet-encoding': 'xudp',
      network: 'xhttp', tls: true, servername: 'www.apple.com', 'client-fingerprint': 'chrome', 'reality-opts': { 'public-key': PBK, 'short-id': '6ba8' },
      'xhttp-opts': { path: '/xh', host: 'us1.example.net', mode: 'stream-one', 'x-padding-bytes': '100-1000', 'no-grpc-header': true },
    })
    expect(config.proxies[1]).toMatchObject({ network: 'xhttp', 'xhttp-opts': { path: '/s' } })
    expect(config.proxies[1]!['xhttp-opts']).not.toHaveProperty('mode')
  })

  it('are left out of sing-box, Stash and the original Clash core, which have no XHTTP, and the profile stays whole', () => {
    const singbox = JSON.parse(subscriptionResponse({ links: XHTTP_LINKS, format: 'singbox', meta }).body) as { outbounds: { tag: string; type: string }[] }
    expect(singbox.outbounds.filter((outbound) => ['vless', 'trojan', 'shadowsocks'].includes(outbound.type)).map((outbound) => outbound.tag)).toEqual(['NL Outline'])
    for (const format of ['stash', 'clash-legacy'] as const) {
      const config = parse(subscriptionResponse({ links: XHTTP_LINKS, format, meta }).body) as { proxies: { name: string }[] }
      expect(config.proxies.map((proxy) => proxy.name), format).toEqual(['NL Outline'])
    }
  })
})

// Hysteria 2 keys as the URI scheme writes them: one with Salamander, a pinned self-signed certificate and port hopping,
// one plain.
const HY2_PIN = 'BA:88:45:17:A1:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67'
const HY2 = `hysteria2://pa%40ss@fi2.example.net:443,20000-30000/?obfs=salamander&obfs-password=gawr&sni=fi2.example.net&insecure=1&pinSHA256=${HY2_PIN}#FI%20Hysteria2`
const HY2_PLAIN = 'hy2://k3y@ee1.example.net:8443/?sni=ee1.example.net#EE%20Hysteria2'
const HY2_LINKS = [HY2, HY2_PLAIN, SS]

describe('Hysteria 2 keys (issue 51: transports that survive filtering)', () => {
  it('keep their link in base64, for the apps that read hysteria2:// (Happ, v2rayNG, Hiddify, Karing, v2RayTun)', () => {
    expect(readFeedBody(subscriptionResponse({ links: HY2_LINKS, format: 'base64', meta }).body).links).toEqual(HY2_LINKS)
  })

  it('become Mihomo’s hysteria2 proxies with its documented fields: port hopping, Salamander, the pinned certificate', () => {
    const config = parse(subscriptionResponse({ links: HY2_LINKS, format: 'clash', meta }).body) as { proxies: Record<string, unknown>[] }
    expect(config.proxies.map((proxy) => proxy.name)).toEqual(['FI Hysteria2', 'EE Hysteria2', 'NL Outline'])
    expect(config.proxies[0]).toEqual({
      name: 'FI Hysteria2', server: 'fi2.example.net', port: 443, udp: true, type: 'hysteria2', password: 'pa@ss', ports: '443,20000-30000',
      obfs: 'salamander', 'obfs-password': 'gawr', sni: 'fi2.example.net', 'skip-cert-verify': true, fingerprint: HY2_PIN.replaceAll(':', '').toLowerCase(),
    })
    expect(config.proxies[1]).toEqual({ name: 'EE Hysteria2', server: 'ee1.example.net', port: 8443, udp: true, type: 'hysteria2', password: 'k3y', sni: 'ee1.example.net' })
  })

  it('become sing-box’s hysteria2 outbounds (TLS always on, Salamander as its obfs object)', () => {
    const config = JSON.parse(subscriptionResponse({ links: HY2_LINKS, format: 'singbox', meta }).body) as { outbounds: Record<string, unknown>[] }
    const byTag = new Map(config.outbounds.map((outbound) => [outbound.tag, outbound]))
    expect(byTag.get('FI Hysteria2')).toEqual({
      type: 'hysteria2', tag: 'FI Hysteria2', server: 'fi2.example.net', server_port: 443, password: 'pa@ss',
      obfs: { type: 'salamander', password: 'gawr' }, tls: { enabled: true, server_name: 'fi2.example.net', insecure: true },
    })
    expect(byTag.get('EE Hysteria2')).toEqual({ type: 'hysteria2', tag: 'EE Hysteria2', server: 'ee1.example.net', server_port: 8443, password: 'k3y', tls: { enabled: true, server_name: 'ee1.example.net' } })
    // The groups name them.
    expect(config.outbounds.find((outbound) => outbound.type === 'urltest')).toMatchObject({ outbounds: ['FI Hysteria2', 'EE Hysteria2', 'NL Outline'] })
  })

  it('are left out of Xray JSON, Stash, the original Clash core and Outline, whose fields for it are not checked here', () => {
    const xray = JSON.parse(subscriptionResponse({ links: HY2_LINKS, format: 'json', meta }).body) as { remarks: string }[]
    expect(xray.map((config) => config.remarks)).toEqual(['NL Outline'])
    for (const format of ['stash', 'clash-legacy'] as const) {
      expect((parse(subscriptionResponse({ links: HY2_LINKS, format, meta }).body) as { proxies: { name: string }[] }).proxies.map((proxy) => proxy.name), format).toEqual(['NL Outline'])
    }
    expect(subscriptionResponse({ links: [HY2], format: 'outline', meta }).status).toBe(404)
  })
})

const RUSSIA = directRouting({ mode: 'russia' }, '2026-11-26T10:00:00Z')!

describe('Russian sites direct', () => {
  const routed = { ...meta, routing: RUSSIA }

  it('Mihomo: .ru/.su/.рф and the Russian rule sets (fetched by URL) go direct after private networks, the rest to the selection', () => {
    const config = parse(subscriptionResponse({ links: LINKS, format: 'clash', meta: routed }).body) as { rules: string[]; 'rule-providers': Record<string, Record<string, unknown>> }
    expect(config['rule-providers']).toEqual({
      'ru-domains': { type: 'http', behavior: 'domain', format: 'mrs', url: DEFAULT_RULE_LISTS.mihomoDomains, path: './ruleset/ru-domains.mrs', interval: 86400 },
      'ru-ip': { type: 'http', behavior: 'ipcidr', format: 'mrs', url: DEFAULT_RULE_LISTS.mihomoIp, path: './ruleset/ru-ip.mrs', interval: 86400 },
    })
    expect(config.rules).toContain('IP-CIDR,192.168.0.0/16,DIRECT,no-resolve')
    expect(config.rules.slice(-6)).toEqual(['DOMAIN-SUFFIX,ru,DIRECT', 'DOMAIN-SUFFIX,su,DIRECT', 'DOMAIN-SUFFIX,xn--p1ai,DIRECT', 'RULE-SET,ru-domains,DIRECT', 'RULE-SET,ru-ip,DIRECT', 'MATCH,Выбор сервера'])
    // Every rule set a rule names is defined.
    for (const rule of config.rules.filter((line) => line.startsWith('RULE-SET,'))) expect(config['rule-providers'][rule.split(',')[1]!]).toBeDefined()
  })

  it('sing-box: the same by route rules and remote rule sets, Russian names resolved by the device', () => {
    type Rule = Record<string, unknown>
    const config = JSON.parse(subscriptionResponse({ links: LINKS, format: 'singbox', meta: routed }).body) as { route: { rules: Rule[]; rule_set: Rule[]; final: string }; dns: { rules: Rule[]; servers: Rule[] } }
    expect(config.route.rule_set).toEqual([
      { type: 'remote', tag: 'ru-domains', format: 'binary', url: DEFAULT_RULE_LISTS.singboxDomains, update_interval: '1d' },
      { type: 'remote', tag: 'ru-ip', format: 'binary', url: DEFAULT_RULE_LISTS.singboxIp, update_interval: '1d' },
    ])
    expect(config.route.rules).toContainEqual({ ip_is_private: true, outbound: 'direct' })
    expect(config.route.rules).toContainEqual({ domain_suffix: ['.ru', '.su', '.xn--p1ai'], outbound: 'direct' })
    expect(config.route.rules).toContainEqual({ rule_set: ['ru-domains', 'ru-ip'], outbound: 'direct' })
    expect(config.dns.rules).toEqual([
      { domain_suffix: ['.ru', '.su', '.xn--p1ai'], server: 'local' },
      { rule_set: ['ru-domains'], server: 'local' },
    ])
    const tags = new Set(config.route.rule_set.map((set) => set.tag))
    for (const rule of [...config.route.rules, ...config.dns.rules]) for (const tag of (rule.rule_set as string[] | undefined) ?? []) expect(tags.has(tag), tag).toBe(true)
    const servers = new Set(config.dns.servers.map((server) => server.tag))
    for (const rule of config.dns.rules) expect(servers.has(rule.server)).toBe(true)
  })

  it('Xray JSON: geosite/geoip categories of the apps’ geo files and the Russian domains go direct', () => {
    const [config] = JSON.parse(subscriptionResponse({ links: LINKS, format: 'json', meta: routed }).body) as { routing: { domainStrategy: string; rules: Record<string, unknown>[] } }[]
    expect(config!.routing.domainStrategy).toBe('IPIfNonMatch')
    expect(config!.routing.rules).toEqual([
      { type: 'field', ip: expect.arrayContaining(['10.0.0.0/8', 'fc00::/7']), outboundTag: 'direct' },
      { type: 'field', domain: ['geosite:category-ru', 'domain:ru', 'domain:su', 'domain:xn--p1ai'], outboundTag: 'direct' },
      { type: 'field', ip: ['geoip:ru'], outboundTag: 'direct' },
    ])
  })

  it('Happ: one routing profile in its header, turned on at once, replaced only when the editors change it', () => {
    const header = subscriptionResponse({ links: LINKS, format: 'base64', meta: routed }).headers.Routing!
    expect(header).toMatch(/^happ:\/\/routing\/onadd\/[A-Za-z0-9+/]+=*$/)
    expect(header.length).toBeLessThanOrEqual(8192)
    const profile = JSON.parse(Buffer.from(header.replace('happ://routing/onadd/', ''), 'base64').toString('utf8')) as Record<string, unknown>
    expect(profile).toMatchObject({
      Name: 'VPN Keys VIP',
      GlobalProxy: 'true',
      DirectSites: ['geosite:category-ru', 'domain:ru', 'domain:su', 'domain:xn--p1ai'],
      DirectIp: ['geoip:private', 'geoip:ru'],
      Geoipurl: DEFAULT_RULE_LISTS.geoipDat,
      Geositeurl: DEFAULT_RULE_LISTS.geositeDat,
      LastUpdated: String(Date.parse('2026-11-26T10:00:00Z') / 1000),
    })
  })

  it('sends nothing direct but private networks when editors turn it off, and takes their own https lists in custom mode', () => {
    expect(directRouting({ mode: 'off' }, null)).toBeNull()
    const off = subscriptionResponse({ links: LINKS, format: 'clash', meta: { ...meta, routing: null } })
    expect(off.headers.Routing).toBeUndefined()
    expect(off.body).not.toContain('ru-domains')
    // No settings yet (a fresh install): Russia direct.
    expect(directRouting(null, null)?.lists).toEqual(DEFAULT_RULE_LISTS)
    const own = directRouting({ mode: 'custom', mihomoIp: 'https://lists.example.org/ru.mrs', singboxIp: 'http://lists.example.org/ru.srs', geoipDat: 'javascript:alert(1)' }, null)!
    expect(own.lists).toEqual({ ...DEFAULT_RULE_LISTS, mihomoIp: 'https://lists.example.org/ru.mrs' })
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (url) => {
        const lists = directRouting({ mode: 'custom', mihomoDomains: url }, null)!.lists
        expect(lists.mihomoDomains === url ? url.startsWith('https://') : lists.mihomoDomains === DEFAULT_RULE_LISTS.mihomoDomains).toBe(true)
      }),
    )
  })
})

describe('entity tags of subscription answers', () => {
  it('change with anything the answer shows, and only then', () => {
    const tag = subscriptionEtag({ links: LINKS, format: 'base64', meta })
    expect(subscriptionEtag({ links: [...LINKS], format: 'base64', meta: { ...meta } })).toBe(tag)
    const changes = [
      { links: LINKS.slice(1), format: 'base64' as const, meta },
      { links: LINKS, format: 'clash' as const, meta },
      { links: LINKS, format: 'base64' as const, meta: { ...meta, announce: 'Ends soon' } },
      { links: LINKS, format: 'base64' as const, meta: { ...meta, expiresAt: new Date('2026-12-04T12:34:56Z') } },
      { links: LINKS, format: 'base64' as const, meta: { ...meta, title: 'Other VIP' } },
      { links: LINKS, format: 'base64' as const, meta: { ...meta, pageUrl: 'https://mirror.example/profile/servers' } },
      { links: LINKS, format: 'clash' as const, meta: { ...meta, groups: { select: 'Select', auto: 'Fastest' } } },
      { links: LINKS, format: 'base64' as const, meta: { ...meta, routing: RUSSIA } },
      { links: LINKS, format: 'base64' as const, meta: { ...meta, routing: { ...RUSSIA, updatedAt: RUSSIA.updatedAt + 1 } } },
    ]
    const tags = changes.map((input) => subscriptionEtag(input))
    expect(new Set([tag, ...tags]).size).toBe(changes.length + 1)
  })

  it('match If-None-Match as HTTP lists them, and nothing a stranger makes up', () => {
    const tag = subscriptionEtag({ links: LINKS, format: 'base64', meta })
    for (const header of [tag, `W/${tag}`, `"a", ${tag}`, ` ${tag} ,"b"`, '*']) expect(matchesEtag(header, tag), header).toBe(true)
    for (const header of [null, '', tag.slice(1, -1), `"${tag}"`, `${tag}x`, '"a", "b"', `${' '.repeat(5000)}${tag}`]) expect(matchesEtag(header, tag), String(header)).toBe(false)
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (header) => {
        // Only a header naming the tag (or `*`) matches.
        if (matchesEtag(header, tag)) expect(header.includes(tag) || header.split(',').some((part) => part.trim() === '*')).toBe(true)
      }),
    )
  })
})
