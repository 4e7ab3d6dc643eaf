// A probe inside a censored network, as a volunteer runs it: the probe's one-file build (`npm run build:probe`, run
// with plain Node, no checkout) in a network namespace whose traffic
// passes a filter (nftables) that drops one server's address, every WireGuard handshake initiation by its first bytes
// and every OpenVPN client reset by its opcode, against two real vless servers (Debian's v2ray), a real WireGuard
// server (wireguard-go) and a real OpenVPN server with tls-crypt (Debian's openvpn), these two in a namespace of their
// own abroad, and the site's probe API over HTTP. The site's own check, from outside, finds the vless keys working;
// the probe's reports mark the blocked ones blocked where the visitors are, the lists and feeds drop them, and lifting
// the rules brings them back after the next round. A revoked probe is refused.
import { createServer } from 'node:http'
import type { Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Key, Server } from '@/payload-types'

import { netnsUnavailable } from '../helpers/netns'
import { testPayload } from '../helpers/payload'
import { freePort, hasCommands, run, start, stopAll, stopped, waitForOutput } from '../helpers/processes'
import type { Started } from '../helpers/processes'
import { makeTestPki, TEST_SERVER_NAME } from '../helpers/testPki'
import type { TestPki } from '../helpers/testPki'
import { startV2rayVless } from '../helpers/v2ray'

const skipped = netnsUnavailable() ?? (hasCommands('v2ray', 'nft', 'wireguard-go', 'wg', 'openvpn') ? null : "Debian's v2ray, nftables, wireguard-go, wireguard-tools and openvpn are not installed (npm test installs them when run as root)")
if (skipped) console.warn(`Skipping the censored-network probe test: ${skipped}.`)

const CHECK_HOST = 'check.vpnkeys.test'
// Abroad (this machine's own namespace): the site and server A on the first address, server B on the second.
const SITE_ADDRESS = '10.231.0.1'
const BLOCKED_ADDRESS = '10.231.0.3'
const PROBE_ADDRESS = '10.231.0.2'
// Abroad too, in a namespace of its own (userspace WireGuard makes a network interface): the WireGuard server.
const WIREGUARD_ADDRESS = '10.232.0.1'
const WIREGUARD_PORT = 51820
const OPENVPN_PORT = 1194
const ID = '11111111-2222-4333-8444-555555555555'

let payload: Payload
let pki: TestPki
let namespace = ''
let world = ''
let link = ''
let tag = ''
let site: HttpServer
let sitePort = 0
let check: HttpServer
let checkPort = 0
const servers: Server[] = []
const keys: Key[] = []
const vpn: Started[] = []
let openvpn: Started | undefined
let disabled: number[] = []
let token = ''
let probeId = 0

const ip = (...args: string[]) => run('ip', args)

/** The site's probe API over HTTP, answered by its route handlers: what the probe reaches from inside. */
async function startSite(): Promise<void> {
  const routes = { '/api/probe/assignments': await import('@/app/api/probe/assignments/route'), '/api/probe/reports': await import('@/app/api/probe/reports/route') }
  site = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = (request.url ?? '/').split('?')[0] as keyof typeof routes
      const route = routes[path]
      if (!route || request.method !== 'POST') return void response.writeHead(404).end()
      const headers = new Headers(Object.entries(request.headers).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])) as [string, string][])
      void route
        .POST(new Request(`http://${SITE_ADDRESS}${request.url}`, { method: 'POST', headers, body: chunks.length > 0 ? Buffer.concat(chunks) : undefined }))
        .then(async (answer) => response.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer())))
        .catch(() => response.writeHead(500).end())
    })
  })
  await new Promise<void>((resolve) => site.listen(0, SITE_ADDRESS, resolve))
  sitePort = (site.address() as AddressInfo).port
}

let probeBundle = ''

/** One probe round from inside the namespace, as a volunteer's cron job runs it: `node vpnkeys-probe.mjs --once`. */
async function probeRound(): Promise<{ code: number | null; output: string }> {
  const probe = start('ip', ['netns', 'exec', namespace, process.execPath, probeBundle, '--once', '--site', `http://${SITE_ADDRESS}:${sitePort}`, '--token', token, '--client', 'v2ray', '--timeout', '3000', '--check-url', `http://${CHECK_HOST}:${checkPort}/generate_204`], {
    cwd: tmpdir(),
    env: { ...process.env, SSL_CERT_FILE: pki.files.ca },
  })
  const code = await new Promise<number | null>((resolve) => probe.child.once('exit', (exitCode) => resolve(exitCode)))
  return { code, output: probe.output() }
}

/** The next round comes: the keys checked are due again (as CHECK_AGAIN_MS later). */
async function nextRound(): Promise<void> {
  const { sqlPool } = await import('@/lib/db/pool')
  await sqlPool(payload).query('UPDATE probe_checks SET due_at = now() - interval \'1 second\' WHERE key_id = ANY($1::int[])', [keys.map((key) => key.id)])
}

const reach = async (key: Key) => (await payload.findByID({ collection: 'keys', id: key.id, depth: 0 })).reach

async function listed(): Promise<number[]> {
  const { docs } = await payload.find({ collection: 'keys', overrideAccess: false, where: { server: { in: servers.map((server) => server.id) } }, pagination: false, depth: 0 })
  return docs.map((doc) => doc.id).sort()
}

beforeAll(async () => {
  if (skipped) return
  payload = await testPayload()
  pki = await makeTestPki()
  tag = `vkc${randomBytes(2).toString('hex')}`
  namespace = `${tag}p`
  world = `${tag}w`
  link = `${tag}a`
  await ip('netns', 'add', namespace)
  await ip('netns', 'add', world)
  await ip('link', 'add', `${tag}c`, 'type', 'veth', 'peer', 'name', `${tag}d`)
  await ip('link', 'set', `${tag}c`, 'netns', namespace)
  await ip('link', 'set', `${tag}d`, 'netns', world)
  await ip('-n', namespace, 'addr', 'add', '10.232.0.2/24', 'dev', `${tag}c`)
  await ip('-n', world, 'addr', 'add', `${WIREGUARD_ADDRESS}/24`, 'dev', `${tag}d`)
  await ip('-n', namespace, 'link', 'set', `${tag}c`, 'up')
  await ip('-n', world, 'link', 'set', `${tag}d`, 'up')
  await ip('link', 'add', link, 'type', 'veth', 'peer', 'name', `${tag}b`)
  await ip('link', 'set', `${tag}b`, 'netns', namespace)
  await ip('addr', 'add', `${SITE_ADDRESS}/24`, 'dev', link)
  await ip('addr', 'add', `${BLOCKED_ADDRESS}/24`, 'dev', link)
  await ip('link', 'set', link, 'up')
  await ip('-n', namespace, 'addr', 'add', `${PROBE_ADDRESS}/24`, 'dev', `${tag}b`)
  await ip('-n', namespace, 'link', 'set', `${tag}b`, 'up')
  await ip('-n', namespace, 'link', 'set', 'lo', 'up')
  check = createServer((_request, response) => response.writeHead(204).end())
  await new Promise<void>((resolve) => check.listen(0, '127.0.0.1', resolve))
  checkPort = (check.address() as AddressInfo).port
  await startSite()
  const country = (await payload.find({ collection: 'countries', where: { code: { equals: 'se' } }, limit: 1, depth: 0 })).docs[0]!
  // Servers other test files left enabled are not this test's business: only these two are checked.
  disabled = (await payload.find({ collection: 'servers', where: { and: [{ adapter: { not_equals: 'demo' } }, { enabled: { equals: true } }] }, pagination: false, depth: 0 })).docs.map((server) => server.id)
  await payload.update({ collection: 'servers', where: { id: { in: disabled } }, data: { enabled: false }, depth: 0 })
  for (const [name, address] of [['open', SITE_ADDRESS], ['blocked', BLOCKED_ADDRESS]] as const) {
    const port = await freePort()
    vpn.push(await startV2rayVless({ port, ids: [ID], pki, onlyHere: [CHECK_HOST], listen: address }))
    const server = await payload.create({
      collection: 'servers',
      data: { name: `censor-${name}-${process.pid}`, country: country.id, hosting: 'Test', host: address, privateNetwork: true, tier: 'free', enabled: true, adapter: 'manual', protocols: [{ protocol: 'vless', port, freeKeys: 0 }] },
    })
    servers.push(server)
    keys.push(await payload.create({ collection: 'keys', data: { server: server.id, protocol: 'vless', tier: 'free', keyString: `vless://${ID}@${address}:${port}?encryption=none&security=tls&sni=${TEST_SERVER_NAME}&type=tcp#${name}` }, depth: 0 }))
  }
  // The WireGuard server abroad: wireguard-go with one peer, the key's; the key as an operator's .conf file.
  const { buildWireguardConfig, generatePresharedKey, generateWireguardKeyPair } = await import('@/lib/keys')
  const [serverKeys, clientKeys, presharedKey] = [generateWireguardKeyPair(), generateWireguardKeyPair(), generatePresharedKey()]
  const work = await mkdtemp(path.join(tmpdir(), 'vk-censor-'))
  await writeFile(path.join(work, 'server.key'), serverKeys.privateKey, { mode: 0o600 })
  await writeFile(path.join(work, 'psk'), presharedKey, { mode: 0o600 })
  await run('ip', ['netns', 'exec', world, 'wireguard-go', `${tag}g`])
  await run('ip', ['netns', 'exec', world, 'wg', 'set', `${tag}g`, 'listen-port', String(WIREGUARD_PORT), 'private-key', path.join(work, 'server.key'), 'peer', clientKeys.publicKey, 'preshared-key', path.join(work, 'psk'), 'allowed-ips', '10.66.0.2/32'])
  await ip('-n', world, 'link', 'set', `${tag}g`, 'up')
  const wireguard = await payload.create({
    collection: 'servers',
    data: { name: `censor-wireguard-${process.pid}`, country: country.id, hosting: 'Test', host: WIREGUARD_ADDRESS, privateNetwork: true, tier: 'free', enabled: true, adapter: 'manual', protocols: [{ protocol: 'wireguard', port: WIREGUARD_PORT, freeKeys: 0 }] },
  })
  servers.push(wireguard)
  const conf = buildWireguardConfig({ privateKey: clientKeys.privateKey, addresses: ['10.66.0.2/32'], dns: ['10.66.0.1'], peer: { publicKey: serverKeys.publicKey, presharedKey, endpointHost: WIREGUARD_ADDRESS, endpointPort: WIREGUARD_PORT } })
  keys.push(await payload.create({ collection: 'keys', data: { server: wireguard.id, protocol: 'wireguard', tier: 'free', configFile: { filename: 'censor.conf', content: conf } }, depth: 0 }))
  // The OpenVPN server abroad, with tls-crypt as the project's profiles have; the key as the operator's .ovpn file.
  const tlsCryptFile = path.join(work, 'tls-crypt.key')
  await run('openvpn', ['--genkey', 'tls-crypt', tlsCryptFile])
  const serverConfig = path.join(work, 'openvpn.conf')
  await writeFile(
    serverConfig,
    [`dev ${tag}o`, 'dev-type tun', 'proto udp', `local ${WIREGUARD_ADDRESS}`, `port ${OPENVPN_PORT}`, 'topology subnet', 'server 10.67.0.0 255.255.255.0', `ca ${pki.files.ca}`, `cert ${pki.files.serverCert}`, `key ${pki.files.serverKey}`, 'dh none', `tls-crypt ${tlsCryptFile}`, 'verb 3'].join('\n'),
  )
  openvpn = start('ip', ['netns', 'exec', world, 'openvpn', '--config', serverConfig])
  await waitForOutput(openvpn, /Initialization Sequence Completed/)
  const openvpnServer = await payload.create({
    collection: 'servers',
    data: { name: `censor-openvpn-${process.pid}`, country: country.id, hosting: 'Test', host: WIREGUARD_ADDRESS, privateNetwork: true, tier: 'free', enabled: true, adapter: 'manual', protocols: [{ protocol: 'openvpn', port: OPENVPN_PORT, freeKeys: 0 }] },
  })
  servers.push(openvpnServer)
  const { buildOpenVpnProfile } = await import('@/lib/keys')
  const profile = buildOpenVpnProfile({ host: WIREGUARD_ADDRESS, port: OPENVPN_PORT, transport: 'udp', ca: pki.pem.ca, cert: pki.pem.clientCert, key: pki.pem.clientKey, tlsCrypt: await readFile(tlsCryptFile, 'utf8') })
  keys.push(await payload.create({ collection: 'keys', data: { server: openvpnServer.id, protocol: 'openvpn', tier: 'free', configFile: { filename: 'censor.ovpn', content: profile } }, depth: 0 }))
  const probe = await payload.create({ collection: 'probes', data: { name: `censored-${process.pid}`, country: 'ru', network: 'МТС (тест)' } })
  probeId = probe.id
  // Built as `npm run build:probe` builds it, into this test's folder, and run from /tmp: nothing of the checkout.
  const { buildProbeBundle } = await import('../../scripts/lib/probeBundle')
  probeBundle = (await buildProbeBundle(path.join(work, 'vpnkeys-probe.mjs'))).file
  const { issueProbeToken } = await import('../../collections/Probes/issueToken')
  const { createUser } = await import('../helpers/payload')
  const admin = await createUser('admin')
  token = ((await (await issueProbeToken({ user: admin, payload, routeParams: { id: String(probe.id) }, headers: new Headers(), i18n: { language: 'ru' } } as never)).json()) as { token: string }).token
}, 60_000)

afterAll(async () => {
  if (skipped) return
  stopAll()
  await Promise.all([...vpn, ...(openvpn ? [openvpn] : [])].map((server) => stopped(server.child)))
  await new Promise((resolve) => site?.close(resolve))
  await new Promise((resolve) => check?.close(resolve))
  // Userspace WireGuard outlives a deleted namespace: its interface goes first.
  await ip('-n', world, 'link', 'del', `${tag}g`).catch(() => undefined)
  for (const name of [namespace, world]) await ip('netns', 'del', name).catch(() => undefined)
  await ip('link', 'del', link).catch(() => undefined)
  if (keys.length > 0) await payload.delete({ collection: 'keys', where: { id: { in: keys.map((key) => key.id) } } })
  for (const server of servers) await payload.delete({ collection: 'servers', id: server.id })
  await payload.update({ collection: 'servers', where: { id: { in: disabled } }, data: { enabled: true }, depth: 0 })
})

describe.skipIf(skipped !== null)('a probe inside a censored network', () => {
  it('finds the key whose server address is dropped, and the WireGuard and OpenVPN keys whose handshakes are dropped, blocked where the site’s own check finds them working; lifting the rules brings them back', async () => {
    const [open, blocked, wireguard, openvpnKey] = keys as [Key, Key, Key, Key]
    // The site's own check, from outside the censored network: both keys work.
    process.env.SSL_CERT_FILE = pki.files.ca
    const { checkFreeKeys } = await import('@/lib/liveness/checkKeys')
    const { findLivenessClient } = await import('@/lib/liveness/connect')
    const own = await checkFreeKeys(payload, new Date(), { client: findLivenessClient('v2ray'), checkUrl: `http://${CHECK_HOST}:${checkPort}/generate_204`, timeoutMs: 5000, concurrency: 2, maxKeys: 10, budgetMs: 30_000 })
    // (WireGuard has no client on the site's side: its port check stands.)
    expect(own).toMatchObject({ checked: 2, failed: 0 })
    expect(await listed()).toEqual(keys.map((key) => key.id).sort())

    // The network's filter drops the second server's address.
    const nft = (...args: string[]) => run('ip', ['netns', 'exec', namespace, 'nft', ...args])
    await nft('add', 'table', 'inet', 'censor')
    await nft('add', 'chain', 'inet', 'censor', 'output', '{ type filter hook output priority 0; policy accept; }')
    await nft('add', 'rule', 'inet', 'censor', 'output', 'ip', 'daddr', BLOCKED_ADDRESS, 'drop')
    // WireGuard by its fingerprint: a UDP payload that starts 01 00 00 00 (a handshake initiation), whatever the port.
    await nft('add', 'rule', 'inet', 'censor', 'output', 'meta', 'l4proto', 'udp', '@th,64,32', '0x01000000', 'drop')
    // OpenVPN by its opcode: a UDP payload whose first five bits say P_CONTROL_HARD_RESET_CLIENT_V2 (7).
    await nft('add', 'rule', 'inet', 'censor', 'output', 'meta', 'l4proto', 'udp', '@th,64,5', '7', 'drop')

    const first = await probeRound()
    expect(first, first.output).toMatchObject({ code: 0 })
    expect(first.output).toContain('4 keys checked, 4 taken by the site')
    expect(await reach(open)).toMatchObject({ state: 'works', worksOn: 'МТС (тест)' })
    // One failure is not yet a verdict: still listed.
    expect(await reach(blocked)).toMatchObject({ state: 'untested' })
    const { sqlPool } = await import('@/lib/db/pool')
    const { rows } = await sqlPool(payload).query('SELECT stage FROM probe_results WHERE key_id = $1', [blocked.id])
    expect(rows).toEqual([{ stage: 'tcp' }])
    expect((await sqlPool(payload).query('SELECT stage FROM probe_results WHERE key_id = $1', [wireguard.id])).rows).toEqual([{ stage: 'handshake' }])
    expect((await sqlPool(payload).query('SELECT stage FROM probe_results WHERE key_id = $1', [openvpnKey.id])).rows).toEqual([{ stage: 'handshake' }])

    await nextRound()
    expect((await probeRound()).code).toBe(0)
    expect(await reach(blocked)).toMatchObject({ state: 'blocked', blockedOn: 'МТС (тест)', uptimeWeek: 0 })
    expect(await reach(open)).toMatchObject({ state: 'works', uptimeWeek: 100 })
    expect(await reach(wireguard)).toMatchObject({ state: 'blocked', blockedOn: 'МТС (тест)' })
    expect(await reach(openvpnKey)).toMatchObject({ state: 'blocked', blockedOn: 'МТС (тест)' })
    // Visitors no longer see them; the feed of the country's list drops it; the working key comes first.
    expect(await listed()).toEqual([open.id])
    const { readFreeFeedLinks } = await import('@/lib/feeds/freeFeed')
    const feed = await readFreeFeedLinks(payload, { protocol: 'vless', country: 'se' })
    expect(feed).toContain(open.keyString)
    expect(feed).not.toContain(blocked.keyString)
    // Staff are told once: an incident per blocked server on that network, all in one message per channel, and the
    // next watch says nothing more.
    const { alertChannels, watchIncidents } = await import('@/lib/alerts/watch')
    const blockedServers = [blocked, wireguard, openvpnKey].map((key) => key.server as number)
    const ours = (keys: string[]) => keys.filter((key) => blockedServers.some((id) => key.startsWith(`serverBlocked:${id}:`)) || key.startsWith(`serverBlocked:${open.server as number}:`)).sort()
    const incidentKeys = async (ids: number[]) => (await payload.find({ collection: 'incidents', where: { id: { in: ids } }, pagination: false, depth: 0 })).docs.map((incident) => incident.key)
    const watchedAt = new Date()
    const told = await watchIncidents(payload, watchedAt)
    expect(ours(await incidentKeys(told.started))).toEqual(blockedServers.map((id) => `serverBlocked:${id}:ru:МТС (тест)`).sort())
    const messages = async (field: 'started' | 'ended', ids: number[]) =>
      (await payload.find({ collection: 'payload-jobs', where: { taskSlug: { equals: 'notifyStaff' } }, pagination: false, depth: 0 })).docs.filter((job) => {
        const listed = ((job.input as Record<string, number[]> | null)?.[field] ?? []) as number[]
        return ids.some((id) => listed.includes(id))
      })
    expect(await messages('started', told.started)).toHaveLength(alertChannels().length)
    expect(ours(await incidentKeys((await watchIncidents(payload, new Date(watchedAt.getTime() + 60_000))).started))).toEqual([])

    // The rule lifted: the next round finds it working and it is listed again.
    await nft('delete', 'table', 'inet', 'censor')
    await nextRound()
    expect((await probeRound()).code).toBe(0)
    expect(await reach(blocked)).toMatchObject({ state: 'works', worksOn: 'МТС (тест)', uptimeWeek: 33 })
    expect(await reach(wireguard)).toMatchObject({ state: 'works', worksOn: 'МТС (тест)' })
    expect(await reach(openvpnKey)).toMatchObject({ state: 'works', worksOn: 'МТС (тест)' })
    expect(await listed()).toEqual(keys.map((key) => key.id).sort())
    // And staff are told that they work there again, once it has held.
    await watchIncidents(payload, new Date(watchedAt.getTime() + 2 * 60_000))
    const cleared = await watchIncidents(payload, new Date(watchedAt.getTime() + 40 * 60_000))
    expect(ours(await incidentKeys(cleared.ended))).toEqual(blockedServers.map((id) => `serverBlocked:${id}:ru:МТС (тест)`).sort())
    expect(await messages('ended', cleared.ended)).toHaveLength(alertChannels().length)

    // Revoked, the probe is refused and says why.
    await payload.update({ collection: 'probes', id: probeId, data: { revokedAt: new Date().toISOString() } })
    await nextRound()
    const refused = await probeRound()
    expect(refused.code).toBe(2)
    expect(refused.output).toContain('the site does not know this token')
  }, 120_000)
})
