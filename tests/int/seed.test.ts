// The demo seed: content a new user sees, in the key formats of each protocol, and no duplicates on a re-run.
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { LISTED_PROTOCOLS, parseOpenVpnProfile, parseShareLink, parseSstpPhonebook, parseWireguardConfig } from '@/lib/keys'
import { seed } from '@/seed'
import { DEMO_ACCOUNTS } from '@/seed/accounts'

import { testPayload } from '../helpers/payload'

let payload: Payload

const COLLECTIONS = ['countries', 'servers', 'keys', 'tariffs', 'pages', 'users'] as const

async function counts(): Promise<Record<string, number>> {
  const entries = await Promise.all(
    COLLECTIONS.map(async (collection) => [collection, (await payload.count({ collection })).totalDocs] as const),
  )
  return Object.fromEntries(entries)
}

beforeAll(async () => {
  payload = await testPayload()
})

describe('seed', () => {
  it('creates every ISO 3166-1 country with Russian and English names', async () => {
    const ru = await payload.find({ collection: 'countries', where: { code: { equals: 'de' } }, locale: 'ru' })
    const en = await payload.find({ collection: 'countries', where: { code: { equals: 'de' } }, locale: 'en' })
    expect(ru.docs[0]?.name).toBe('Германия')
    expect(en.docs[0]?.name).toBe('Germany')
    expect((await payload.count({ collection: 'countries' })).totalDocs).toBe(249)
  })

  it('has current free keys of all six protocols in at least 30 countries', async () => {
    const keys = await payload.find({ collection: 'keys', overrideAccess: false, pagination: false, depth: 1 })
    const protocols = new Set(keys.docs.map((key) => key.protocol))
    // The public lists' six; Hysteria 2 is subscribers' only.
    expect([...protocols].sort()).toEqual([...LISTED_PROTOCOLS].sort())
    const countries = new Set(keys.docs.map((key) => (typeof key.country === 'object' ? key.country?.code : key.country)))
    expect(countries.size).toBeGreaterThanOrEqual(30)
  })

  it('gives each key the real format of its protocol', async () => {
    // Seeded keys carry the demo adapter's reference; other suites add hand-made keys without one.
    const keys = await payload.find({
      collection: 'keys',
      pagination: false,
      where: { and: [{ tier: { equals: 'free' } }, { providerRef: { exists: true } }] },
    })
    expect(keys.docs.length).toBeGreaterThan(100)
    for (const key of keys.docs) {
      switch (key.protocol) {
        case 'vless':
        case 'outline':
        case 'trojan': {
          const parsed = parseShareLink(key.keyString ?? '')
          expect(parsed.ok && parsed.value.protocol).toBe(key.protocol)
          break
        }
        case 'wireguard':
          expect(parseWireguardConfig(key.configFile?.content ?? '').ok).toBe(true)
          expect(key.configFile?.filename).toMatch(/\.conf$/)
          break
        case 'openvpn': {
          const parsed = parseOpenVpnProfile(key.configFile?.content ?? '')
          expect(parsed.ok && parsed.value.hasCa && parsed.value.hasCert && parsed.value.hasKey).toBe(true)
          expect(key.connection?.login).toBeTruthy()
          break
        }
        case 'sstp':
          expect(parseSstpPhonebook(key.configFile?.content ?? '').ok).toBe(true)
          expect(key.connection?.port).toBe(443)
          break
      }
    }
  })

  it('creates the four plans with the 10-day trial for 1 ruble', async () => {
    const tariffs = await payload.find({ collection: 'tariffs', sort: 'order', locale: 'en' })
    expect(tariffs.docs.map((tariff) => tariff.months)).toEqual(['1', '3', '6', '12'])
    for (const tariff of tariffs.docs) {
      expect(tariff.trialDays).toBe(10)
      expect(tariff.trialFeeKopecks).toBe(100)
    }
  })

  it('publishes the three document pages in both languages', async () => {
    for (const locale of ['ru', 'en'] as const) {
      const pages = await payload.find({ collection: 'pages', overrideAccess: false, locale, fallbackLocale: false })
      expect(pages.docs.map((page) => page.slug).sort()).toEqual(['privacy', 'support', 'user-agreement'])
      for (const page of pages.docs) expect(page.title).toBeTruthy()
    }
  })

  it('creates the demo editor, who can log in', async () => {
    const editor = DEMO_ACCOUNTS.find((account) => account.role === 'editor')!
    const result = await payload.login({ collection: 'users', data: { email: editor.email, password: editor.password } })
    expect(result.user?.role).toBe('editor')
  })

  it('changes nothing when run again', async () => {
    const before = await counts()
    await seed(payload, () => undefined)
    expect(await counts()).toEqual(before)
  })

  it('refuses to run in production, whatever calls it, and writes nothing', async () => {
    const { parseEnv } = await import('@/lib/env')
    const production = parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u:p@db/x', PAYLOAD_SECRET: 'x'.repeat(40), SERVER_URL: 'https://vpn.example', SMTP_URL: 'smtp://mail:25' })
    await payload.delete({ collection: 'users', where: { email: { equals: 'admin@example.com' } } })
    const before = await counts()
    await expect(seed(payload, () => undefined, production)).rejects.toThrow(/never run in production/)
    expect(await counts()).toEqual(before)
    expect((await payload.count({ collection: 'users', where: { email: { equals: 'admin@example.com' } } })).totalDocs).toBe(0)
    // A preview of the production build on the embedded defaults is local: it may.
    await seed(payload, () => undefined, parseEnv({ NODE_ENV: 'production', LOCAL_PREVIEW: 'true' }))
    expect((await payload.count({ collection: 'users', where: { email: { equals: 'admin@example.com' } } })).totalDocs).toBe(1)
  })
})
