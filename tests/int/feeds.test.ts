// Free feeds against real PostgreSQL: a public list's current free keys, following the rotation.
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { setFreeServersAside, testPayload } from '../helpers/payload'

let payload: Payload

beforeAll(async () => {
  payload = await testPayload()
})

describe('free feeds', () => {
  it('carry the share links a visitor sees on the list, longest-lasting first; a key that leaves the list leaves the feed, a fresh one joins', async () => {
    const { readFreeFeedLinks } = await import('@/lib/feeds/freeFeed')
    const { rotateFreeKeys } = await import('@/lib/provisioning/rotation')
    const country = (await payload.find({ collection: 'countries', where: { code: { equals: 'no' } }, limit: 1, depth: 0 })).docs[0]!
    // Only this test's server rotates (the run past its keys' end re-issued every seeded server's keys too).
    const restoreServers = await setFreeServersAside()
    const server = await payload.create({
      collection: 'servers',
      data: { name: `feed-${Date.now()}`, country: country.id, hosting: 'Test', host: 'feed.test.example', tier: 'free', enabled: true, adapter: 'demo', protocols: [{ protocol: 'vless', port: 443, freeKeys: 2 }, { protocol: 'wireguard', port: 51820, freeKeys: 1 }] },
    })
    const live = async () =>
      (await payload.find({ collection: 'keys', where: { server: { equals: server.id }, revokedAt: { exists: false } }, sort: '-expiresAt', pagination: false, depth: 0 })).docs
    try {
      // Issued now, they last into the future; a later run past their end replaces them.
      await rotateFreeKeys(payload, new Date())
      const before = await live()
      const feed = await readFreeFeedLinks(payload, { protocol: 'vless', country: 'no' })
      for (const key of before.filter((entry) => entry.protocol === 'vless')) expect(feed).toContain(key.keyString)
      // A WireGuard key is a file: never in a feed.
      expect((await readFreeFeedLinks(payload, { protocol: null, country: 'no' })).some((link) => link.startsWith('[Interface]'))).toBe(false)
      const expiries = (await payload.find({ collection: 'keys', where: { keyString: { in: feed } }, pagination: false, depth: 0 })).docs
      const order = feed.map((link) => expiries.find((key) => key.keyString === link)?.expiresAt ?? null)
      expect(order).toEqual([...order].sort((a, b) => (b === null ? 1 : a === null ? -1 : Date.parse(b) - Date.parse(a))))

      const afterEnd = new Date(Math.max(...before.map((key) => Date.parse(key.expiresAt!))) + 60_000)
      await rotateFreeKeys(payload, afterEnd)
      const after = await readFreeFeedLinks(payload, { protocol: 'vless', country: 'no' })
      for (const key of before.filter((entry) => entry.protocol === 'vless')) expect(after).not.toContain(key.keyString)
      const fresh = (await live()).filter((key) => key.protocol === 'vless')
      expect(fresh).toHaveLength(2)
      for (const key of fresh) expect(after).toContain(key.keyString)
    } finally {
      await payload.update({ collection: 'servers', id: server.id, data: { enabled: false }, depth: 0 })
      await restoreServers()
    }
  })
})
