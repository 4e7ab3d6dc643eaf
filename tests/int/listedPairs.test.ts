// The country–protocol pairs the sitemap and the country choices list, computed by the database.
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Key } from '@/payload-types'

import { testPayload } from '../helpers/payload'

let payload: Payload

beforeAll(async () => {
  payload = await testPayload()
})

describe('listed pairs', () => {
  it('are the countries and protocols with a key a visitor sees: never one whose keys are revoked, expired, VIP or on a server that is down', async () => {
    const { readListedPairs } = await import('@/lib/data/keys')
    const country = (await payload.find({ collection: 'countries', where: { code: { equals: 'is' } }, limit: 1, depth: 0 })).docs[0]!
    const server = await payload.create({
      collection: 'servers',
      data: { name: `pairs-${Date.now()}`, country: country.id, hosting: 'Test', host: 'pairs.test.example', tier: 'free', enabled: true, adapter: 'manual' },
    })
    const key = (data: Partial<Key>) => payload.create({ collection: 'keys', data: { server: server.id, protocol: 'vless', tier: 'free', keyString: `vless://pairs-${Math.random()}`, ...data } })
    const past = new Date(Date.now() - 60_000).toISOString()
    const created = await Promise.all([
      key({ protocol: 'vless' }),
      key({ protocol: 'vless' }),
      key({ protocol: 'trojan', revokedAt: past }),
      key({ protocol: 'outline', expiresAt: past }),
      key({ protocol: 'wireguard', tier: 'vip' }),
      key({ protocol: 'openvpn', serverDown: true }),
    ])
    try {
      const icelandic = (await readListedPairs('en')).filter((pair) => pair.code === 'is')
      expect(icelandic).toEqual([{ code: 'is', name: 'Iceland', protocol: 'vless' }])
      expect((await readListedPairs('ru')).filter((pair) => pair.code === 'is')).toEqual([{ code: 'is', name: 'Исландия', protocol: 'vless' }])
      // In the page's language's alphabetical order, protocols within a country in a fixed order.
      const all = await readListedPairs('ru')
      const sorted = [...all].sort((a, b) => a.name.localeCompare(b.name, 'ru') || a.protocol.localeCompare(b.protocol))
      expect(all).toEqual(sorted)
    } finally {
      await Promise.all(created.map((doc) => payload.delete({ collection: 'keys', id: doc.id })))
      await payload.delete({ collection: 'servers', id: server.id })
    }
  })
})
