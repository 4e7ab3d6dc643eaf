// Server health checks against real sockets on loopback: reachability and latency are recorded, and the
// free keys of a server that fails three checks in a row are hidden until it answers again.
import { createServer } from 'node:net'
import type { AddressInfo, Server as NetServer } from 'node:net'

import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Server } from '@/payload-types'

import { testPayload } from '../helpers/payload'

let payload: Payload
let listener: NetServer
let port = 0
let server: Server

async function listen(onPort = 0): Promise<void> {
  listener = createServer((socket) => socket.end())
  await new Promise<void>((resolve) => listener.listen(onPort, '127.0.0.1', resolve))
  port = (listener.address() as AddressInfo).port
}

async function visibleKeys(): Promise<number> {
  const found = await payload.find({ collection: 'keys', where: { server: { equals: server.id } }, overrideAccess: false, depth: 0 })
  return found.totalDocs
}

beforeAll(async () => {
  payload = await testPayload()
  await listen()
  const country = (await payload.find({ collection: 'countries', where: { code: { equals: 'se' } }, limit: 1, depth: 0 })).docs[0]!
  server = await payload.create({
    collection: 'servers',
    data: {
      name: `SE-health-${port}`,
      country: country.id,
      hosting: 'Loopback',
      host: '127.0.0.1',
      privateNetwork: true,
      tier: 'free',
      enabled: true,
      adapter: 'manual',
      protocols: [{ protocol: 'vless', port, freeKeys: 0 }],
    },
  })
  for (const ordinal of [1, 2]) {
    await payload.create({
      collection: 'keys',
      data: { server: server.id, protocol: 'vless', tier: 'free', keyString: `vless://00000000-0000-4000-8000-00000000000${ordinal}@127.0.0.1:${port}?type=tcp#SE`, expiresAt: null },
    })
  }
})

afterAll(async () => {
  await payload.update({ collection: 'servers', id: server.id, data: { enabled: false }, depth: 0 })
  listener.close()
})

describe('server health', () => {
  it('records a reachable server as working with its latency', async () => {
    const { checkAllServers } = await import('@/lib/provisioning/health')
    await checkAllServers(payload)
    const checked = await payload.findByID({ collection: 'servers', id: server.id, depth: 0 })
    expect(checked.health).toMatchObject({ status: 'up', failures: 0 })
    expect(checked.health?.latencyMs).toBeGreaterThanOrEqual(0)
    // Read in the editor's language (Russian without one).
    expect(checked.health?.detail).toMatch(new RegExp(`^vless:${port} — \\d+ мс$`))
    expect(Date.now() - Date.parse(checked.health!.lastCheckedAt!)).toBeLessThan(60_000)
  })

  it('hides the keys of a server after three failed checks in a row, and shows them again when it answers', async () => {
    const { checkAllServers } = await import('@/lib/provisioning/health')
    const { HIDE_SERVER_AFTER_FAILED_CHECKS } = await import('@/lib/keys/visibility')
    await new Promise((resolve) => listener.close(resolve))
    for (let check = 1; check <= HIDE_SERVER_AFTER_FAILED_CHECKS; check += 1) {
      const report = await checkAllServers(payload)
      expect(report.down).toContain(server.name)
      expect(await visibleKeys(), `after ${check} failed checks`).toBe(check < HIDE_SERVER_AFTER_FAILED_CHECKS ? 2 : 0)
    }
    const failing = await payload.findByID({ collection: 'servers', id: server.id, depth: 0 })
    expect(failing.health).toMatchObject({ status: 'down', failures: 3 })
    expect(failing.health?.detail).toBe(`vless:${port} — нет ответа`)

    await listen(port)
    await checkAllServers(payload)
    expect(await visibleKeys()).toBe(2)
    expect((await payload.findByID({ collection: 'servers', id: server.id, depth: 0 })).health).toMatchObject({ status: 'up', failures: 0 })
  })

  it('does not probe demo servers or UDP-only ports, and says so', async () => {
    const { checkServer } = await import('@/lib/provisioning/health')
    expect(await checkServer({ ...server, adapter: 'demo' })).toMatchObject({ status: 'up', detail: { kind: 'demo' } })
    expect(await checkServer({ ...server, protocols: [{ protocol: 'wireguard', port: 51820 }] })).toMatchObject({ status: 'unknown' })
  })
})
