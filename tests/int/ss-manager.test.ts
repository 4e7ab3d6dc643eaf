// The ss-manager adapter against real shadowsocks-libev on loopback: the rotation job issues a key through
// ss-manager, a real ss-local started from the key string the site shows fetches a page through it, and
// after rotation the old key stops connecting while the new one works.
import { createServer } from 'node:http'
import type { Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Server } from '@/payload-types'

import { setFreeServersAside, testPayload } from '../helpers/payload'
import { freePort, freePortRange, hasCommands, run, start, stop, stopAll, waitForPort } from '../helpers/processes'

const hasShadowsocks = hasCommands('ss-manager', 'ss-server', 'ss-local')
if (!hasShadowsocks) console.warn('Skipping the ss-manager test: shadowsocks-libev is not installed (npm test installs it when run as root).')

const METHOD = 'chacha20-ietf-poly1305'
let payload: Payload
let http: HttpServer
let httpPort = 0
let server: Server
let countryCode = ''
let restoreServers: () => Promise<void> = async () => {}

/** Fetches the test page through a fresh ss-local made from the key string; returns the body or null. */
async function fetchThrough(keyString: string): Promise<string | null> {
  const { parseShareLink } = await import('@/lib/keys/parse')
  const parsed = parseShareLink(keyString)
  if (!parsed.ok || parsed.value.protocol !== 'outline') throw new Error(`Not a shadowsocks key: ${keyString}`)
  const { host, port, method, password } = parsed.value.params
  const socksPort = await freePort()
  const local = start('ss-local', ['-s', host, '-p', String(port), '-k', password, '-m', method, '-b', '127.0.0.1', '-l', String(socksPort)])
  try {
    await waitForPort(socksPort)
    // Not execFileSync: the page is served by this very process, which must stay free to answer.
    const { stdout } = await run('curl', ['-sS', '--max-time', '3', '--socks5-hostname', `127.0.0.1:${socksPort}`, `http://127.0.0.1:${httpPort}/`], {
      encoding: 'utf8',
    })
    return stdout
  } catch {
    return null
  } finally {
    stop(local.child)
  }
}

/**
 * ss-manager answers "ok" and then starts (or stops) the port's ss-server: a key's state is what it settles to within
 * a few seconds, asked again until it gets there (a loaded machine starts a process slowly).
 */
async function settlesTo(keyString: string, expected: string | null, timeoutMs = 10_000): Promise<string | null> {
  const deadline = Date.now() + timeoutMs
  let body = await fetchThrough(keyString)
  while (body !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 300))
    body = await fetchThrough(keyString)
  }
  return body
}

const PAGE = 'hello through shadowsocks'

/** What an Outline app gets from the list's ssconf:// key (the feed in Outline's format): one key's settings. */
async function dynamicKey(): Promise<string> {
  const { readFreeFeedLinks } = await import('@/lib/feeds/freeFeed')
  const { subscriptionResponse } = await import('@/lib/feeds/respond')
  const links = await readFreeFeedLinks(payload, { protocol: 'outline', country: countryCode })
  const meta = { title: 'VPN keys', filename: 'feed', expiresAt: null, updateIntervalHours: 1, supportUrl: '', pageUrl: '', announce: null, groups: { select: 's', auto: 'a' }, routing: null }
  const answer = subscriptionResponse({ links, format: 'outline', meta })
  expect(answer.status).toBe(200)
  const key = JSON.parse(answer.body) as { server: string; server_port: number; password: string; method: string }
  // The same settings as a share link, for the same ss-local an Outline client runs.
  return `ss://${Buffer.from(`${key.method}:${key.password}`).toString('base64url')}@${key.server}:${key.server_port}#dynamic`
}

async function liveKeys(): Promise<{ id: number; keyString: string; providerRef: string }[]> {
  const { docs } = await payload.find({ collection: 'keys', where: { server: { equals: server.id }, revokedAt: { exists: false } }, sort: 'createdAt', depth: 0 })
  return docs.map((key) => ({ id: key.id, keyString: key.keyString ?? '', providerRef: key.providerRef ?? '' }))
}

beforeAll(async () => {
  if (!hasShadowsocks) return
  payload = await testPayload()
  // Only this file's server rotates: its three rotations went through all 36 seeded servers too (about 288 keys each),
  // which took most of the test's minute on a slow machine, and a test timed out while its rotation went on holding
  // the rotation's lock for the next file.
  restoreServers = await setFreeServersAside()
  http = createServer((_request, response) => response.end('hello through shadowsocks'))
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  httpPort = (http.address() as AddressInfo).port
  const managerPort = await freePort()
  start('ss-manager', ['--manager-address', `127.0.0.1:${managerPort}`, '-s', '127.0.0.1', '-m', METHOD, '-u'])
  await new Promise((resolve) => setTimeout(resolve, 300))
  const base = await freePortRange(10)
  // A country with no keys yet, so its Outline list (and its ssconf:// key) holds only this server's keys.
  const { docs: countries } = await payload.find({ collection: 'countries', pagination: false, depth: 0, sort: 'code' })
  const used = new Set((await payload.findDistinct({ collection: 'keys', field: 'country', depth: 0, limit: 1000 })).values.map((row) => Number(row.country)))
  const country = countries.find((candidate) => !used.has(candidate.id))!
  countryCode = country.code
  server = await payload.create({
    collection: 'servers',
    data: {
      name: `FI-ss-${base}`,
      country: country.id,
      hosting: 'Loopback',
      host: '127.0.0.1',
      privateNetwork: true,
      tier: 'free',
      enabled: true,
      adapter: 'ss-manager',
      credentials: { apiUrl: `udp://127.0.0.1:${managerPort}`, method: METHOD, portRange: `${base}-${base + 9}` },
      protocols: [{ protocol: 'outline', port: base, freeKeys: 1 }],
    },
  })
})

afterAll(async () => {
  if (!hasShadowsocks) return
  // First, so a set-up that failed after setting them aside leaves the worker's next files their servers.
  await restoreServers()
  // Disabled, so later rotations in this suite do not call a manager that is gone.
  await payload.update({ collection: 'servers', id: server.id, data: { enabled: false }, depth: 0 })
  stopAll()
  await new Promise((resolve) => http.close(resolve))
})

describe.skipIf(!hasShadowsocks)('ss-manager adapter with real shadowsocks-libev', () => {
  it('issues a key that connects, and after rotation the old key no longer does while the new one does', async () => {
    const { rotateFreeKeys } = await import('@/lib/provisioning/rotation')
    const { nextRotation } = await import('@/lib/provisioning/rotationPlan')
    const { rotationTime } = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
    const rotation = nextRotation(new Date(Date.now() + 2 * 3600_000), rotationTime)

    const first = await rotateFreeKeys(payload, new Date(rotation.getTime() - 3 * 3600_000))
    expect(first.failures.filter((failure) => failure.server === server.name)).toEqual([])
    const [oldKey] = await liveKeys()
    expect(oldKey?.keyString).toMatch(/^ss:\/\//)
    expect(await settlesTo(oldKey!.keyString, PAGE)).toBe(PAGE)
    // The list's ssconf:// key resolves to that key, and connects.
    expect(await dynamicKey()).toContain(`:${oldKey!.providerRef}#`)
    expect(await settlesTo(await dynamicKey(), PAGE)).toBe(PAGE)

    // Rotation time: a fresh key on another port, the old one still works for the overlap hour.
    await rotateFreeKeys(payload, new Date(rotation.getTime() + 5 * 60_000))
    const both = await liveKeys()
    expect(both).toHaveLength(2)
    const newKey = both.find((key) => key.id !== oldKey!.id)!
    expect(newKey.providerRef).not.toBe(oldKey!.providerRef)
    expect(await settlesTo(oldKey!.keyString, PAGE)).toBe(PAGE)
    expect(await settlesTo(newKey.keyString, PAGE)).toBe(PAGE)

    // After the overlap the old key is revoked on the server: its port is gone.
    await rotateFreeKeys(payload, new Date(rotation.getTime() + 70 * 60_000))
    expect((await liveKeys()).map((key) => key.id)).toEqual([newKey.id])
    expect(await settlesTo(oldKey!.keyString, null)).toBeNull()
    expect(await settlesTo(newKey.keyString, PAGE)).toBe(PAGE)
    // The same ssconf:// key an app saved yesterday now resolves to today's key, and still connects.
    expect(await dynamicKey()).toContain(`:${newKey.providerRef}#`)
    expect(await settlesTo(await dynamicKey(), PAGE)).toBe(PAGE)
  })

  it('counts the server as working while its manager answers ping', async () => {
    const { checkServer } = await import('@/lib/provisioning/health')
    expect(await checkServer(server)).toMatchObject({ status: 'up', detail: { kind: 'ssManager', latencyMs: expect.any(Number) } })
    const silent = { ...server, credentials: { ...server.credentials, apiUrl: `udp://127.0.0.1:${await freePort()}` } }
    expect(await checkServer(silent)).toMatchObject({ status: 'down' })
  })

  it('reports a manager that does not answer within its timeout', async () => {
    const { ssManagerAdapter } = await import('@/lib/provisioning/adapters/ss-manager/ssManager')
    const silent = { ...server, credentials: { ...server.credentials, apiUrl: `udp://127.0.0.1:${await freePort()}` } }
    await expect(
      ssManagerAdapter.issue({ server: silent, countryCode: 'fi', protocol: 'outline', port: 0, lifetimeHours: null, inUse: [], label: 'FI outline' }),
    ).rejects.toThrow(/did not answer/)
  })
})
