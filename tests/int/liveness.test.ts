// The connection check against real servers and clients: Debian's v2ray serves vless keys, the job starts a client
// from each key as the site lists it and fetches a check page through it. A key that works is recorded with its
// latency and exit country; one that fails twice in a row leaves the lists and the feeds, and comes back when it
// passes; a server whose keys all fail is flagged; keys no client here speaks keep the port check.
import { createServer } from 'node:http'
import type { Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import type { Payload, Where } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { LivenessOptions } from '@/lib/liveness/checkKeys'
import type { Key, Server } from '@/payload-types'

import { testPayload } from '../helpers/payload'
import { freePort, hasCommands, stopAll, stopped } from '../helpers/processes'
import type { Started } from '../helpers/processes'
import { makeTestPki, TEST_SERVER_NAME } from '../helpers/testPki'
import { startV2rayVless } from '../helpers/v2ray'
import type { TestPki } from '../helpers/testPki'

const hasV2ray = hasCommands('v2ray')
if (!hasV2ray) console.warn("Skipping the connection-check test: Debian's v2ray is not installed (npm test installs it when run as root).")

const CHECK_HOST = 'check.vpnkeys.test'
const GOOD = '11111111-2222-4333-8444-555555555555'
const BAD = '99999999-8888-4777-8666-555555555555'
let payload: Payload
let pki: TestPki
let check: HttpServer
let options: LivenessOptions
let port = 0
let vpn: Started
let mixed: Server
let broken: Server

/** The VPN server accepting these ids; the check page's name resolves only there, so it comes through the key. */
const vpnServer = (ids: string[]) => startV2rayVless({ port, ids, pki, onlyHere: [CHECK_HOST] })

const link = (id: string, name: string) => `vless://${id}@127.0.0.1:${port}?encryption=none&security=tls&sni=${TEST_SERVER_NAME}&type=tcp#${name}`

async function manualServer(name: string, keys: string[]): Promise<Server> {
  const country = (await payload.find({ collection: 'countries', where: { code: { equals: 'ee' } }, limit: 1, depth: 0 })).docs[0]!
  const server = await payload.create({
    collection: 'servers',
    data: { name, country: country.id, hosting: 'Test machine', host: '127.0.0.1', privateNetwork: true, tier: 'free', enabled: true, adapter: 'manual', protocols: [{ protocol: 'vless', port, freeKeys: 0 }] },
  })
  for (const keyString of keys) await payload.create({ collection: 'keys', data: { server: server.id, protocol: 'vless', tier: 'free', keyString }, depth: 0 })
  return server
}

async function keyOf(server: Server, id: string): Promise<Key> {
  const { docs } = await payload.find({ collection: 'keys', where: { and: [{ server: { equals: server.id } }, { keyString: { like: id } }] }, limit: 1, depth: 0 })
  return docs[0]!
}

/** The key ids a visitor sees on the Estonia list. */
async function listed(): Promise<string[]> {
  const { docs } = await payload.find({ collection: 'keys', overrideAccess: false, where: { server: { in: [mixed.id, broken.id] } }, pagination: false, depth: 0 })
  return docs.map((key) => (key.keyString ?? '').slice(8, 44)).sort()
}

beforeAll(async () => {
  if (!hasV2ray) return
  payload = await testPayload()
  pki = await makeTestPki()
  // The client trusts the test's CA the way Go programs read one; the configuration stays the site's.
  process.env.SSL_CERT_FILE = pki.files.ca
  check = createServer((request, response) => {
    if (request.url === '/cdn-cgi/trace') response.end('fl=1\nh=check\nloc=EE\n')
    // A page that starts answering and never ends.
    else if (request.url === '/slow') response.writeHead(200).write('a')
    else response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => check.listen(0, '127.0.0.1', resolve))
  port = await freePort()
  vpn = await vpnServer([GOOD])
  // Servers other test files left enabled are not this test's business: only these two are checked.
  await payload.update({ collection: 'servers', where: { adapter: { not_equals: 'demo' } }, data: { enabled: false }, depth: 0 })
  mixed = await manualServer(`EE-live-${process.pid}`, [link(GOOD, 'good'), link(BAD, 'bad')])
  broken = await manualServer(`EE-dead-${process.pid}`, [link(BAD, 'dead')])
  const { findLivenessClient } = await import('@/lib/liveness/connect')
  const checkUrl = `http://${CHECK_HOST}:${(check.address() as AddressInfo).port}/cdn-cgi/trace`
  options = { client: findLivenessClient('v2ray'), checkUrl, timeoutMs: 5000, concurrency: 2, maxKeys: 50, budgetMs: 60_000 }
})

afterAll(async () => {
  if (!hasV2ray) return
  delete process.env.SSL_CERT_FILE
  await payload.update({ collection: 'servers', where: { id: { in: [mixed.id, broken.id] } }, data: { enabled: false }, depth: 0 })
  stopAll()
  await new Promise((resolve) => check.close(resolve))
  await pki.remove()
})

describe.skipIf(!hasV2ray)('connection check through each key', () => {
  it('records a working key with its latency and exit country; hides a key that fails twice until it passes; flags a server whose keys all fail', async () => {
    const { checkFreeKeys } = await import('@/lib/liveness/checkKeys')
    expect(options.client?.command).toBe('v2ray')
    expect(await listed()).toEqual([BAD, BAD, GOOD].sort())

    const first = await checkFreeKeys(payload, new Date(), options)
    expect(first).toMatchObject({ checked: 3, failed: 2, flagged: [] })
    const good = await keyOf(mixed, GOOD)
    expect(good.liveness).toMatchObject({ ok: true, failures: 0, exitCountry: 'ee' })
    expect(good.liveness?.latencyMs).toBeGreaterThan(0)
    expect(Date.now() - Date.parse(good.liveness!.checkedAt!)).toBeLessThan(60_000)
    expect((await keyOf(mixed, BAD)).liveness).toMatchObject({ ok: false, failures: 1 })
    // One failure may be the network's: the key stays listed, after the key that passed whatever its expiry.
    expect(await listed()).toEqual([BAD, BAD, GOOD].sort())
    expect((await keyOf(mixed, BAD)).listRank).toBeGreaterThan(good.listRank!)

    const second = await checkFreeKeys(payload, new Date(), options)
    expect(second).toMatchObject({ checked: 3, failed: 2, flagged: [broken.name] })
    expect((await keyOf(mixed, BAD)).liveness).toMatchObject({ ok: false, failures: 2 })
    expect(await listed()).toEqual([GOOD])
    expect((await payload.findByID({ collection: 'servers', id: broken.id, depth: 0 })).health?.keysFailing).toBe(true)
    expect((await payload.findByID({ collection: 'servers', id: mixed.id, depth: 0 })).health?.keysFailing).toBe(false)
    // The feed of the list follows: the failing keys are not in it.
    const { readFreeFeedLinks } = await import('@/lib/feeds/freeFeed')
    const feed = (await readFreeFeedLinks(payload, { protocol: 'vless', country: 'ee' })).join('\n')
    expect(feed).toContain(GOOD)
    expect(feed).not.toContain(BAD)

    // The server's operator fixes the key: it passes, comes back and the flag goes.
    await stopped(vpn.child)
    vpn = await vpnServer([GOOD, BAD])
    const third = await checkFreeKeys(payload, new Date(), options)
    expect(third).toMatchObject({ checked: 3, failed: 0, flagged: [] })
    expect(await listed()).toEqual([BAD, BAD, GOOD].sort())
    expect((await keyOf(mixed, BAD)).listRank).toBe((await keyOf(mixed, GOOD)).listRank)
    expect((await payload.findByID({ collection: 'servers', id: broken.id, depth: 0 })).health?.keysFailing).toBe(false)
  })

  it('never lets keys no client here can check crowd out the rest: each run starts with the keys that waited longest', async () => {
    const { checkFreeKeys } = await import('@/lib/liveness/checkKeys')
    // REALITY keys, which V2Ray cannot speak, newer than the rest and never taken up.
    for (const name of ['r1', 'r2', 'r3']) {
      const reality = `vless://22222222-3333-4444-8555-666666666666@127.0.0.1:${port}?encryption=none&security=reality&sni=example.com&pbk=${'A'.repeat(43)}&sid=ab&type=tcp#${name}`
      await payload.create({ collection: 'keys', data: { server: mixed.id, protocol: 'vless', tier: 'free', keyString: reality }, depth: 0 })
    }
    const realityKeys: Where = { and: [{ server: { equals: mixed.id } }, { keyString: { like: 'security=reality' } }] }
    try {
      const checkedBefore = (await keyOf(mixed, GOOD)).liveness?.checkedAt
      expect(checkedBefore).toBeTruthy()
      const small = { ...options, maxKeys: 2 }
      for (let run = 0; run < 3; run += 1) await checkFreeKeys(payload, new Date(), small)
      expect((await keyOf(mixed, GOOD)).liveness?.checkedAt).not.toBe(checkedBefore)
      // The REALITY keys keep the port check: no result through a connection is claimed for them.
      const { docs } = await payload.find({ collection: 'keys', where: realityKeys, depth: 0 })
      expect(docs.map((key) => key.liveness?.checkedAt ?? null)).toEqual([null, null, null])
    } finally {
      await payload.delete({ collection: 'keys', where: realityKeys })
    }
  })

  it('says which check a key had: a real connection, or only the server port for keys no client here speaks', async () => {
    const { readKeyDetails } = await import('@/lib/data/keys')
    const good = await keyOf(mixed, GOOD)
    expect((await readKeyDetails(good.id, 'ru'))?.health).toMatchObject({ status: 'up', through: 'connection' })
    const { checkableProxy } = await import('@/lib/liveness/connect')
    // V2Ray 4.34 speaks no REALITY: such a key is not connected to (it would fail for the client's reason, not the key's).
    const reality = 'vless://11111111-2222-4333-8444-555555555555@203.0.113.5:443?encryption=none&security=reality&sni=example.com&pbk=' + 'A'.repeat(43) + '&sid=ab&type=tcp#r'
    expect(checkableProxy(options.client!, reality)).toBeNull()
    expect(checkableProxy({ command: 'xray', kind: 'xray' }, reality)).not.toBeNull()
    expect(checkableProxy(options.client!, link(GOOD, 'g'))).not.toBeNull()
  })
  it('counts nothing when every key fails (this machine’s trouble), never probes a private address for a public server, and gives up on a page that never ends', async () => {
    const { checkFreeKeys } = await import('@/lib/liveness/checkKeys')
    const { checkConnection } = await import('@/lib/liveness/connect')
    const { proxiesOf } = await import('@/lib/feeds/proxies')
    // The VPN server is down for a moment: all three keys fail, which says more about here than about them.
    await stopped(vpn.child)
    const outage = await checkFreeKeys(payload, new Date(), options)
    expect(outage).toMatchObject({ checked: 3, failed: 3, notCounted: true })
    // Nothing written: the keys that worked an hour ago still count as working, none is hidden.
    expect((await keyOf(mixed, GOOD)).liveness).toMatchObject({ ok: true, failures: 0 })
    expect((await keyOf(broken, BAD)).liveness).toMatchObject({ ok: true, failures: 0 })
    expect(await listed()).toEqual([BAD, BAD, GOOD].sort())
    vpn = await vpnServer([GOOD, BAD])

    // A server not marked as on a private network: its key at 127.0.0.1 is never connected to.
    const country = (await payload.find({ collection: 'countries', where: { code: { equals: 'ee' } }, limit: 1, depth: 0 })).docs[0]!
    const outside = await payload.create({
      collection: 'servers',
      data: { name: `EE-public-${process.pid}`, country: country.id, hosting: 'Test', host: 'ee.vpn.example', tier: 'free', enabled: true, adapter: 'manual', protocols: [{ protocol: 'vless', port, freeKeys: 0 }] },
    })
    await payload.create({ collection: 'keys', data: { server: outside.id, protocol: 'vless', tier: 'free', keyString: link(GOOD, 'inside') }, depth: 0 })
    const guarded = await checkFreeKeys(payload, new Date(), options)
    expect(guarded).toMatchObject({ checked: 3, notCheckable: 1 })
    await payload.update({ collection: 'servers', id: outside.id, data: { enabled: false }, depth: 0 })

    // A check page that trickles forever: the check ends at its deadline and its client is gone.
    const slowUrl = options.checkUrl.replace('/cdn-cgi/trace', '/slow')
    const started = Date.now()
    const slow = await checkConnection(options.client!, proxiesOf([link(GOOD, 'g')], 'k')[0]!, { checkUrl: slowUrl, timeoutMs: 2000 })
    expect(slow).toMatchObject({ ok: false, clientFailed: false })
    expect(Date.now() - started).toBeLessThan(4000)
    await new Promise((resolve) => setTimeout(resolve, 200))
    const { run } = await import('../helpers/processes')
    // This process's children only: a client another test file's process left behind is not this check's.
    const clients = await run('pgrep', ['-P', String(process.pid), '-fc', 'v2ray -config stdin:']).then(({ stdout }) => Number(stdout.trim()), () => 0)
    // Only the test's own VPN server is left.
    expect(clients).toBe(1)
  })
})
