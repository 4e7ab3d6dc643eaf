// Every key format proven by its real client (Debian's packages): a real server is started, a key for it goes into
// the site through the editor's bulk import, and the key exactly as the site hands it to a visitor (the link the
// Copy button copies, the file the download button serves) is given to the real client, which must fetch a page
// through the tunnel. A wrong key must not. Where a package or a kernel feature is missing, the test says why and
// skips; `npm test` installs the packages when it runs as root.
import { randomBytes } from 'node:crypto'
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Protocol } from '@/lib/keys/types'
import type { Server } from '@/payload-types'

import type { NetnsPair } from '../helpers/netns'
import { netnsPair, netnsUnavailable } from '../helpers/netns'
import { curl, freePort, hasCommands, run, start, stopAll, stopped, waitForOutput, waitForPort } from '../helpers/processes'
import { makeTestPki, TEST_SERVER_NAME } from '../helpers/testPki'
import { startV2rayVless } from '../helpers/v2ray'
import type { TestPki } from '../helpers/testPki'
import { testPayload } from '../helpers/payload'

const INSTALL = 'npm test installs it when run as root'
const namespaces = netnsUnavailable()
const SKIPPED: Record<'trojan' | 'vless' | 'wireguard' | 'openvpn', string | null> = {
  trojan: hasCommands('trojan') ? null : `Debian's trojan is not installed (${INSTALL})`,
  vless: hasCommands('v2ray') ? null : `Debian's v2ray is not installed (${INSTALL})`,
  wireguard: namespaces ?? (hasCommands('wg', 'wg-quick', 'wireguard-go', 'nft') ? null : `wireguard-tools, wireguard-go or nftables is not installed (${INSTALL})`),
  openvpn: namespaces ?? (hasCommands('openvpn') ? null : `Debian's openvpn is not installed (${INSTALL})`),
}
for (const [protocol, reason] of Object.entries(SKIPPED)) {
  if (reason) console.warn(`Skipping the ${protocol} real-client test: ${reason}.`)
}

const PAGE = 'hello through the tunnel'
let payload: Payload
let pki: TestPki
let work: string
let http: HttpServer
let httpPort = 0
let serial = 0
const createdServers: number[] = []

/** A manual server as an editor adds it, offering one protocol on one port. */
async function manualServer(host: string, protocol: Protocol, port: number): Promise<Server> {
  const country = (await payload.find({ collection: 'countries', where: { code: { equals: 'fi' } }, limit: 1, depth: 0 })).docs[0]!
  serial += 1
  const server = await payload.create({
    collection: 'servers',
    data: {
      name: `FI-${protocol}-real-${process.pid}-${serial}`,
      country: country.id,
      hosting: 'Test machine',
      host,
      privateNetwork: true,
      tier: 'free',
      enabled: true,
      adapter: 'manual',
      protocols: [{ protocol, port, freeKeys: 0 }],
    },
  })
  createdServers.push(server.id)
  return server
}

/** The editor's bulk import of one link or file, then the key as a visitor gets it: the copied link or the download. */
async function importAndTake(server: Server, input: { text?: string; file?: { name: string; content: string } }): Promise<string> {
  const { importKeys } = await import('@/lib/provisioning/manualImport')
  const { adminTranslator } = await import('@/lib/admin/adminMessages')
  const report = await importKeys(
    payload,
    { serverId: server.id, text: input.text, files: input.file ? [input.file] : [], expiresAt: null, acceptOtherHost: false },
    adminTranslator('en'),
  )
  expect(report).toEqual({ created: 1, rejected: [] })
  const { docs } = await payload.find({ collection: 'keys', where: { server: { equals: server.id } }, limit: 1, depth: 0 })
  const id = docs[0]!.id
  const { readKeyDetails, readKeyFile } = await import('@/lib/data/keys')
  if (input.file) {
    const file = await readKeyFile(id)
    expect(file?.filename).toMatch(input.file.name.endsWith('.ovpn') ? /\.ovpn$/ : /\.conf$/)
    return file!.content
  }
  const details = await readKeyDetails(id, 'ru')
  return details!.copyText!
}

beforeAll(async () => {
  if (Object.values(SKIPPED).every(Boolean)) return
  payload = await testPayload()
  pki = await makeTestPki(['127.0.0.1', '10.71.0.1', '10.72.0.1'])
  work = await mkdtemp(path.join(tmpdir(), 'vpnkeys-clients-'))
  http = createServer((_request, response) => response.end(PAGE))
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  httpPort = (http.address() as AddressInfo).port
})

afterAll(async () => {
  stopAll()
  // Their servers are gone: later test files must not find them enabled (rotation, health checks, connection checks).
  if (createdServers.length > 0) await payload.update({ collection: 'servers', where: { id: { in: createdServers } }, data: { enabled: false }, depth: 0 })
  if (http) await new Promise((resolve) => http.close(resolve))
  await pki?.remove()
  if (work) await rm(work, { recursive: true, force: true })
})

describe.skipIf(SKIPPED.trojan !== null)('trojan: Debian’s trojan as server and client', () => {
  /** trojan-gfw's client settings from a share link: the server, password and TLS name come from the link alone. */
  async function trojanClient(link: string, socksPort: number) {
    const { parseShareLink } = await import('@/lib/keys/parse')
    const parsed = parseShareLink(link)
    if (!parsed.ok || parsed.value.protocol !== 'trojan') throw new Error(`Not a trojan link: ${link}`)
    const { host, port, password, sni, allowInsecure, alpn } = parsed.value.params
    const config = {
      run_type: 'client',
      local_addr: '127.0.0.1',
      local_port: socksPort,
      remote_addr: host,
      remote_port: port,
      password: [password],
      log_level: 1,
      // The test's own CA stands in for a public one; the name checked is the link's.
      ssl: { verify: !allowInsecure, verify_hostname: !allowInsecure, cert: pki.files.ca, ...(sni ? { sni } : {}), ...(alpn ? { alpn: alpn.split(',') } : {}) },
    }
    const file = path.join(work, `trojan-client-${socksPort}.json`)
    await writeFile(file, JSON.stringify(config))
    const client = start('trojan', ['-c', file])
    await waitForPort(socksPort)
    return client
  }

  it('a trojan:// key imported by an editor and copied by a visitor fetches a page; a wrong password does not', async () => {
    const port = await freePort()
    const fallback = createServer((_request, response) => response.end('not through trojan'))
    await new Promise<void>((resolve) => fallback.listen(0, '127.0.0.1', resolve))
    const serverConfig = path.join(work, 'trojan-server.json')
    await writeFile(
      serverConfig,
      JSON.stringify({
        run_type: 'server',
        local_addr: '127.0.0.1',
        local_port: port,
        // What a wrong password reaches instead: trojan hands unknown traffic to this address.
        remote_addr: '127.0.0.1',
        remote_port: (fallback.address() as AddressInfo).port,
        password: ['s3cret pass/word'],
        log_level: 1,
        ssl: { cert: pki.files.serverCert, key: pki.files.serverKey },
      }),
    )
    const server = start('trojan', ['-c', serverConfig])
    try {
      await waitForPort(port)
      const site = await manualServer('127.0.0.1', 'trojan', port)
      const link = await importAndTake(site, { text: `trojan://${encodeURIComponent('s3cret pass/word')}@127.0.0.1:${port}?security=tls&sni=${TEST_SERVER_NAME}&type=tcp#FI` })
      expect(link).toMatch(/^trojan:\/\//)

      const socks = await freePort()
      const client = await trojanClient(link, socks)
      expect(await curl(['--socks5-hostname', `127.0.0.1:${socks}`, `http://127.0.0.1:${httpPort}/`])).toBe(PAGE)
      await stopped(client.child)

      const wrongSocks = await freePort()
      const wrong = await trojanClient(link.replace(/^trojan:\/\/[^@]+@/, 'trojan://wrong@'), wrongSocks)
      expect(await curl(['--socks5-hostname', `127.0.0.1:${wrongSocks}`, `http://127.0.0.1:${httpPort}/`])).not.toBe(PAGE)
      await stopped(wrong.child)
    } finally {
      await stopped(server.child)
      await new Promise((resolve) => fallback.close(resolve))
    }
  })
})

describe.skipIf(SKIPPED.vless !== null)('vless over TLS: Debian’s v2ray (4.34) as server and client', () => {
  // The page is asked for by a name only the server resolves (see tests/helpers/v2ray.ts), and so is a Russian one:
  // fetched only if it went through the tunnel, which the site's routing must not send it through.
  const TARGET = 'target.vpnkeys.test'
  const RUSSIAN = 'bank.vpnkeys.ru'
  // Russian by the apps' geosite category rather than by its domain.
  const LISTED = 'vpnkeys-bank.example'
  const UUID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b'
  let assets = ''

  beforeAll(async () => {
    // Debian's v2ray ships no geo files: the categories the site's routing names, with test contents.
    const { writeGeoFiles } = await import('../helpers/geoFiles')
    assets = await mkdtemp(path.join(work, 'geo-'))
    await writeGeoFiles(assets, { ip: { ru: ['198.18.0.0/15'], private: ['10.0.0.0/8'] }, sites: { 'category-ru': ['gosuslugi.ru', LISTED] } })
  })

  const v2rayServer = (port: number, stream: Record<string, unknown>) => startV2rayVless({ port, ids: [UUID], pki, onlyHere: [TARGET, RUSSIAN, LISTED], stream })

  /**
   * `host`'s page fetched through v2ray running the site's own client configuration for the link (its Xray JSON,
   * with the default routing: Russian sites direct).
   */
  async function fetchThrough(link: string, host = TARGET): Promise<string | null> {
    const { proxiesOf } = await import('@/lib/feeds/proxies')
    const { directRouting } = await import('@/lib/feeds/routing')
    const { xrayClientConfig } = await import('@/lib/feeds/xray')
    const config = xrayClientConfig(proxiesOf([link], 'key')[0]!, directRouting({ mode: 'russia' }, null)) as { inbounds: { port: number }[] }
    const [socks, httpProxy] = [await freePort(), await freePort()]
    config.inbounds[0]!.port = socks
    config.inbounds[1]!.port = httpProxy
    // The test's CA is trusted the way Go programs read one: the configuration stays exactly the site's.
    const client = start('v2ray', ['-config', 'stdin:'], { input: JSON.stringify(config), env: { ...process.env, SSL_CERT_FILE: pki.files.ca, V2RAY_LOCATION_ASSET: assets } })
    try {
      await waitForPort(socks)
      return await curl(['--socks5-hostname', `127.0.0.1:${socks}`, `http://${host}:${httpPort}/`])
    } finally {
      await stopped(client.child)
    }
  }

  it('a vless:// key (TCP + TLS) imported by an editor and copied by a visitor fetches a page; a wrong id does not', async () => {
    const port = await freePort()
    const server = await v2rayServer(port, { network: 'tcp' })
    try {
      const site = await manualServer('127.0.0.1', 'vless', port)
      const link = await importAndTake(site, { text: `vless://${UUID}@127.0.0.1:${port}?encryption=none&security=tls&sni=${TEST_SERVER_NAME}&type=tcp#FI` })
      expect(link).toMatch(/^vless:\/\//)
      expect(await fetchThrough(link)).toBe(PAGE)
      expect(await fetchThrough(link.replace(UUID, '00000000-0000-4000-8000-000000000000'))).toBeNull()
      // A Russian site is not sent through the tunnel: the device opens it itself (here it cannot resolve the name).
      expect(await fetchThrough(link, RUSSIAN)).toBeNull()
      expect(await fetchThrough(link, LISTED)).toBeNull()
    } finally {
      await stopped(server.child)
    }
  })

  it('a vless:// key over WebSocket + TLS fetches a page too', async () => {
    const port = await freePort()
    const server = await v2rayServer(port, { network: 'ws', wsSettings: { path: '/vl' } })
    try {
      const site = await manualServer('127.0.0.1', 'vless', port)
      const link = await importAndTake(site, { text: `vless://${UUID}@127.0.0.1:${port}?encryption=none&security=tls&sni=${TEST_SERVER_NAME}&type=ws&path=%2Fvl&host=${TEST_SERVER_NAME}#FI-ws` })
      expect(await fetchThrough(link)).toBe(PAGE)
    } finally {
      await stopped(server.child)
    }
  })
})

/**
 * A page server inside the server's namespace (the test process cannot listen there itself). It names the address
 * the request came from: the client's tunnel address proves the page came through the tunnel, not the plain link.
 */
/** A page server in the server's namespace, resolved once it listens (started beside a busy run, it may take a while). */
async function pageServerInside(pair: NetnsPair, port: number) {
  const script = `require('http').createServer((q, s) => s.end(${JSON.stringify(PAGE)} + ' from ' + q.socket.remoteAddress)).listen(${port}, '0.0.0.0', () => console.log('listening'))`
  const server = start(pair.inside(pair.server)[0]!, [...pair.inside(pair.server).slice(1), process.execPath, '-e', script])
  await waitForOutput(server, /^listening$/m, { timeoutMs: 30_000 })
  return server
}

describe.skipIf(SKIPPED.wireguard !== null)('WireGuard: the downloaded .conf used as is by wg-quick (wireguard-go) against a wg server', () => {
  let pair: NetnsPair
  // Interface names follow the pair's (unique per run); wg-quick names the client's after its file.
  const serverInterface = () => `${pair.id}w`
  const clientFile = () => path.join(work, `${pair.id}c.conf`)

  beforeAll(async () => {
    pair = await netnsPair('vkw', 71)
  })

  afterAll(async () => {
    if (!pair) return
    // Userspace WireGuard outlives a deleted namespace: its interfaces go first.
    await run('ip', ['-n', pair.client, 'link', 'del', path.basename(clientFile(), '.conf')]).catch(() => undefined)
    await run('ip', ['-n', pair.server, 'link', 'del', serverInterface()]).catch(() => undefined)
    await pair.teardown()
  })

  it('the key an editor imported as a .conf file, downloaded by a visitor, connects and fetches a page; a wrong key does not', async () => {
    const { buildWireguardConfig, generatePresharedKey, generateWireguardKeyPair } = await import('@/lib/keys')
    const serverKeys = generateWireguardKeyPair()
    const clientKeys = generateWireguardKeyPair()
    const presharedKey = generatePresharedKey()
    const port = 51820
    const inServer = pair.inside(pair.server)
    // The server: wireguard-go (the kernel here may have no WireGuard module) configured with wg.
    await run(inServer[0]!, [...inServer.slice(1), 'wireguard-go', serverInterface()])
    const serverKeyFile = path.join(work, 'wg-server.key')
    const pskFile = path.join(work, 'wg.psk')
    await writeFile(serverKeyFile, serverKeys.privateKey, { mode: 0o600 })
    await writeFile(pskFile, presharedKey, { mode: 0o600 })
    await run(inServer[0]!, [...inServer.slice(1), 'wg', 'set', serverInterface(), 'listen-port', String(port), 'private-key', serverKeyFile, 'peer', clientKeys.publicKey, 'preshared-key', pskFile, 'allowed-ips', '10.66.0.2/32'])
    await run('ip', ['-n', pair.server, 'addr', 'add', '10.66.0.1/24', 'dev', serverInterface()])
    await run('ip', ['-n', pair.server, 'link', 'set', serverInterface(), 'up'])
    const pagePort = 8080
    await pageServerInside(pair, pagePort)

    // What the server's operator exports for a client, imported as a file by the editor.
    const exported = buildWireguardConfig({
      privateKey: clientKeys.privateKey,
      addresses: ['10.66.0.2/32'],
      dns: ['10.66.0.1'],
      peer: { publicKey: serverKeys.publicKey, presharedKey, endpointHost: pair.serverAddress, endpointPort: port },
    })
    const site = await manualServer(pair.serverAddress, 'wireguard', port)
    const downloaded = await importAndTake(site, { file: { name: 'fi.conf', content: exported } })
    expect(downloaded).toBe(exported)

    // wg-quick hands the DNS line to resolvconf: a stand-in writes the client namespace's own resolv.conf.
    const shim = path.join(work, 'shim')
    await mkdir(shim, { recursive: true })
    await writeFile(path.join(shim, 'resolvconf'), '#!/bin/sh\n[ "$1" = -a ] && cat > /etc/resolv.conf\nexit 0\n')
    await chmod(path.join(shim, 'resolvconf'), 0o755)
    await mkdir(`/etc/netns/${pair.client}`, { recursive: true })
    await writeFile(`/etc/netns/${pair.client}/resolv.conf`, 'nameserver 127.0.0.1\n')
    const inClient = pair.inside(pair.client)
    const wgQuick = (action: 'up' | 'down', file: string) =>
      run(inClient[0]!, [...inClient.slice(1), 'env', `PATH=${shim}:${process.env.PATH}`, 'wg-quick', action, file])

    await writeFile(clientFile(), downloaded, { mode: 0o600 })
    await wgQuick('up', clientFile())
    try {
      expect(await curl([`http://10.66.0.1:${pagePort}/`], inClient)).toBe(`${PAGE} from 10.66.0.2`)
    } finally {
      await wgQuick('down', clientFile()).catch(() => undefined)
    }

    // The same file with another client key: the handshake never completes.
    const wrong = downloaded.replace(clientKeys.privateKey, generateWireguardKeyPair().privateKey)
    await writeFile(clientFile(), wrong, { mode: 0o600 })
    await wgQuick('up', clientFile())
    try {
      expect(await curl(['--max-time', '3', `http://10.66.0.1:${pagePort}/`], inClient)).toBeNull()
    } finally {
      await wgQuick('down', clientFile()).catch(() => undefined)
    }
  })
})

describe.skipIf(SKIPPED.openvpn !== null)('OpenVPN: the downloaded .ovpn used as is by openvpn against an openvpn server with its own CA', () => {
  let pair: NetnsPair
  let tlsCrypt = ''
  /** What a probe in the client's network finds of a profile (src/probe/openvpn.ts): the server's answer to its reset. */
  const probeCheck = async (profile: string) => {
    const inClient = pair.inside(pair.client)
    const { stdout } = await run(inClient[0]!, [...inClient.slice(1), process.execPath, '--conditions=development', '--import', 'tsx', 'tests/helpers/openvpnReset.ts', profile, '3000'])
    return JSON.parse(stdout.trim().split('\n').at(-1)!) as { ok: boolean; stage: string | null }
  }
  /** The same profile with another static key: a server that checks its key drops the reset. */
  const withStrangerKey = (profile: string) =>
    profile.replace(/(-----BEGIN OpenVPN Static key V1-----\n)[0-9a-f\n]+(-----END)/, (_, head: string, tail: string) => `${head}${randomBytes(256).toString('hex').replace(/(.{32})/g, '$1\n')}${tail}`)

  beforeAll(async () => {
    pair = await netnsPair('vko', 72)
    const key = path.join(work, 'tls-crypt.key')
    await run('openvpn', ['--genkey', 'tls-crypt', key])
    tlsCrypt = await readFile(key, 'utf8')
    await pageServerInside(pair, 8080)
  })

  afterAll(async () => {
    // Set up half way (or not at all): nothing of it is left either way.
    if (pair) await pair.teardown()
  })

  for (const transport of ['udp', 'tcp'] as const) {
    it(`over ${transport.toUpperCase()}: the key an editor imported as an .ovpn file, downloaded by a visitor, connects and fetches a page; a profile of another CA does not`, async () => {
      const port = transport === 'udp' ? 1194 : 443
      const net = transport === 'udp' ? '10.8.0' : '10.9.0'
      const serverConfig = [
        `dev tun-${transport}`,
        `proto ${transport === 'udp' ? 'udp' : 'tcp-server'}`,
        `local ${pair.serverAddress}`,
        `port ${port}`,
        'topology subnet',
        `server ${net}.0 255.255.255.0`,
        `ca ${pki.files.ca}`,
        `cert ${pki.files.serverCert}`,
        `key ${pki.files.serverKey}`,
        'dh none',
        `tls-crypt ${path.join(work, 'tls-crypt.key')}`,
        'data-ciphers AES-256-GCM:AES-128-GCM:CHACHA20-POLY1305',
        'auth SHA256',
        'keepalive 10 60',
        'push "redirect-gateway def1"',
        'verb 3',
      ].join('\n')
      const serverFile = path.join(work, `openvpn-server-${transport}.conf`)
      await writeFile(serverFile, serverConfig)
      const inServer = pair.inside(pair.server)
      const server = start(inServer[0]!, [...inServer.slice(1), 'openvpn', '--config', serverFile])
      await waitForOutput(server, /Initialization Sequence Completed/)

      const { buildOpenVpnProfile } = await import('@/lib/keys')
      const exported = buildOpenVpnProfile({ host: pair.serverAddress, port, transport, ca: pki.pem.ca, cert: pki.pem.clientCert, key: pki.pem.clientKey, tlsCrypt })
      const site = await manualServer(pair.serverAddress, 'openvpn', port)
      const downloaded = await importAndTake(site, { file: { name: `fi-${transport}.ovpn`, content: exported } })
      expect(downloaded).toBe(exported)

      const inClient = pair.inside(pair.client)
      const profile = path.join(work, `client-${transport}.ovpn`)
      await writeFile(profile, downloaded, { mode: 0o600 })
      const client = start(inClient[0]!, [...inClient.slice(1), 'openvpn', '--config', profile])
      try {
        await waitForOutput(client, /Initialization Sequence Completed/, { failure: /AUTH_FAILED|VERIFY ERROR|Exiting due to fatal error/ })
        // Both ends' logs with a failure: the page once did not come through a tunnel both said was up (clone 97).
        const logs = () => `client:\n${client.output().slice(-3000)}\nserver:\n${server.output().slice(-3000)}`
        expect(await curl([`http://${net}.1:8080/`], inClient), logs()).toBe(`${PAGE} from ${net}.2`)
      } finally {
        await stopped(client.child)
      }
      // A probe in the same network finds the server answering the key's reset; sealed with another key, it does not.
      expect(await probeCheck(profile)).toMatchObject({ ok: true, stage: null })
      const sealedElsewhere = path.join(work, `sealed-elsewhere-${transport}.ovpn`)
      await writeFile(sealedElsewhere, withStrangerKey(downloaded), { mode: 0o600 })
      expect(await probeCheck(sealedElsewhere)).toMatchObject({ ok: false, stage: 'handshake' })

      // A profile from another CA: the server's certificate is refused and no tunnel comes up.
      const stranger = await makeTestPki()
      await stranger.remove()
      const foreign = path.join(work, `foreign-${transport}.ovpn`)
      await writeFile(foreign, downloaded.replace(pki.pem.ca.trim(), stranger.pem.ca.trim()), { mode: 0o600 })
      const refused = start(inClient[0]!, [...inClient.slice(1), 'openvpn', '--config', foreign])
      try {
        await expect(waitForOutput(refused, /Initialization Sequence Completed/, { failure: /VERIFY ERROR/, timeoutMs: 8000 })).rejects.toThrow(/VERIFY ERROR|Timed out/)
      } finally {
        await stopped(refused.child)
        await stopped(server.child)
      }
    })
  }

  it('with tls-auth instead of tls-crypt (older servers): the profile connects, and a probe’s reset signed with its key is answered; signed with another, it is not', async () => {
    const key = path.join(work, 'tls-auth.key')
    await run('openvpn', ['--genkey', 'secret', key])
    const serverFile = path.join(work, 'openvpn-server-auth.conf')
    await writeFile(
      serverFile,
      [
        'dev tun-auth',
        'proto udp',
        `local ${pair.serverAddress}`,
        'port 1195',
        'topology subnet',
        'server 10.10.0.0 255.255.255.0',
        `ca ${pki.files.ca}`,
        `cert ${pki.files.serverCert}`,
        `key ${pki.files.serverKey}`,
        'dh none',
        `tls-auth ${key} 0`,
        'auth SHA256',
        'verb 3',
      ].join('\n'),
    )
    const inServer = pair.inside(pair.server)
    const server = start(inServer[0]!, [...inServer.slice(1), 'openvpn', '--config', serverFile])
    try {
      await waitForOutput(server, /Initialization Sequence Completed/)
      const { buildOpenVpnProfile } = await import('@/lib/keys')
      const crypt = buildOpenVpnProfile({ host: pair.serverAddress, port: 1195, transport: 'udp', ca: pki.pem.ca, cert: pki.pem.clientCert, key: pki.pem.clientKey, tlsCrypt: await readFile(key, 'utf8') })
      // What such a server's operator exports: the same static key as tls-auth, the client sending with direction 1.
      const authProfile = crypt.replace('<tls-crypt>', 'key-direction 1\n<tls-auth>').replace('</tls-crypt>', '</tls-auth>')
      const profile = path.join(work, 'client-auth.ovpn')
      await writeFile(profile, authProfile, { mode: 0o600 })
      const inClient = pair.inside(pair.client)
      const client = start(inClient[0]!, [...inClient.slice(1), 'openvpn', '--config', profile])
      try {
        await waitForOutput(client, /Initialization Sequence Completed/, { failure: /AUTH_FAILED|VERIFY ERROR|Exiting due to fatal error/ })
      } finally {
        await stopped(client.child)
      }
      expect(await probeCheck(profile)).toMatchObject({ ok: true, stage: null })
      const signedElsewhere = path.join(work, 'signed-elsewhere.ovpn')
      await writeFile(signedElsewhere, withStrangerKey(authProfile), { mode: 0o600 })
      expect(await probeCheck(signedElsewhere)).toMatchObject({ ok: false, stage: 'handshake' })
    } finally {
      await stopped(server.child)
    }
  })
})
