// The listing table the database keeps as keys change (migrations/20261124_232944_key_listing.ts) against the
// keys' own read rule: whatever happens to keys, through Payload or plain SQL, the public counts and pairs are
// what an anonymous visitor may read.
import { sql } from '@payloadcms/db-postgres'
import type { Payload, Where } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Protocol } from '@/lib/keys'
import { HIDE_KEY_AFTER_FAILED_CHECKS } from '@/lib/keys/visibility'
import type { Key, Server } from '@/payload-types'

import { Client } from 'pg'

import * as keyListingMigration from '../../migrations/20261124_232944_key_listing'
import * as keyListingWithoutWaits from '../../migrations/20261125_001834_key_listing_without_waits'
import * as keyListingBlocked from '../../migrations/20261129_080000_key_listing_blocked'
import { testPayload } from '../helpers/payload'

let payload: Payload
let servers: Server[]
const created: number[] = []
const hour = 3_600_000

beforeAll(async () => {
  payload = await testPayload()
  const countries = (await payload.find({ collection: 'countries', where: { code: { in: ['lu', 'mt'] } }, sort: 'code', depth: 0 })).docs
  servers = await Promise.all(
    countries.map((country) =>
      payload.create({
        collection: 'servers',
        data: { name: `listing-${country.code}-${Date.now()}`, country: country.id, hosting: 'Test', host: `listing-${country.code}.test.example`, tier: 'free', enabled: true, adapter: 'manual' },
      }),
    ),
  )
})

afterAll(async () => {
  if (created.length > 0) await payload.delete({ collection: 'keys', where: { id: { in: created } } })
  for (const server of servers ?? []) await payload.delete({ collection: 'servers', id: server.id })
})

async function key(server: Server, data: Partial<Key>): Promise<Key> {
  const doc = await payload.create({ collection: 'keys', data: { server: server.id, protocol: 'vless', tier: 'free', keyString: `vless://listing-${Math.random()}`, ...data } })
  created.push(doc.id)
  return doc
}

/** Every filter a public page uses on the two test countries, counted both ways. */
async function expectSameAsReadRule(): Promise<void> {
  const { countListedKeys, listingFilter, listingWhere } = await import('@/lib/data/keyListing')
  const filters: { protocol: Protocol | null; country: string | null }[] = [{ protocol: null, country: null }]
  for (const protocol of [null, 'vless', 'trojan', 'wireguard'] as const) for (const country of ['lu', 'mt', 'zz']) filters.push({ protocol, country })
  filters.push({ protocol: 'vless', country: null }, { protocol: 'sstp', country: null })
  for (const filter of filters) {
    const listing = await listingFilter(payload, filter)
    const where: Where = listingWhere(listing) ?? { id: { equals: -1 } }
    const { totalDocs } = await payload.count({ collection: 'keys', overrideAccess: false, where })
    expect({ filter, count: await countListedKeys(payload, listing) }).toEqual({ filter, count: totalDocs })
  }
}

describe('the listing table', () => {
  it('counts what a visitor may read through every change: created, unlimited, expired, revoked, VIP, server down, failed checks, blocked where the visitors are, moved, deleted', async () => {
    const [lu, mt] = servers as [Server, Server]
    const soon = new Date(Date.now() + 5 * hour).toISOString()
    const later = new Date(Date.now() + 20 * hour).toISOString()
    const past = new Date(Date.now() - hour).toISOString()
    const keys = await Promise.all([
      key(lu, { expiresAt: soon }),
      key(lu, { expiresAt: soon }),
      key(lu, { expiresAt: later, protocol: 'trojan', keyString: `trojan://listing-${Math.random()}` }),
      key(lu, { expiresAt: null }),
      key(mt, { expiresAt: soon, protocol: 'wireguard', keyString: null, configFile: { filename: 'a.conf', content: '[Interface]' } }),
      key(mt, { expiresAt: past }),
      key(mt, { expiresAt: soon, tier: 'vip' }),
      key(mt, { expiresAt: soon, revokedAt: past }),
    ])
    await expectSameAsReadRule()

    const [a, b, c, d, e] = keys
    await payload.update({ collection: 'keys', id: a.id, data: { revokedAt: new Date().toISOString() } })
    await payload.update({ collection: 'keys', id: b.id, data: { serverDown: true } })
    await payload.update({ collection: 'keys', id: c.id, data: { liveness: { failures: HIDE_KEY_AFTER_FAILED_CHECKS - 1 } } })
    await expectSameAsReadRule()
    await payload.update({ collection: 'keys', id: c.id, data: { liveness: { failures: HIDE_KEY_AFTER_FAILED_CHECKS } } })
    await payload.update({ collection: 'keys', id: d.id, data: { expiresAt: past } })
    await payload.update({ collection: 'keys', id: e.id, data: { tier: 'vip' } })
    await expectSameAsReadRule()
    // The probes where the visitors are find a key blocked (written in SQL, as their reports are), then working.
    const blocked = await key(lu, { expiresAt: later })
    await payload.db.drizzle.execute(sql`UPDATE "keys" SET "reach_state" = 'blocked' WHERE "id" = ${blocked.id}`)
    await expectSameAsReadRule()
    await payload.update({ collection: 'keys', id: blocked.id, data: { reach: { state: 'works' } } })
    await expectSameAsReadRule()
    await payload.update({ collection: 'keys', id: blocked.id, data: { reach: { state: 'blocked' } } })

    // Back again: recovered, extended, moved to the other country's server, deleted.
    await payload.update({ collection: 'keys', id: b.id, data: { serverDown: false } })
    await payload.update({ collection: 'keys', id: c.id, data: { liveness: { failures: 0 } } })
    await payload.update({ collection: 'keys', id: d.id, data: { expiresAt: later } })
    await payload.update({ collection: 'keys', id: e.id, data: { tier: 'free', server: lu.id } })
    await payload.delete({ collection: 'keys', id: c.id })
    await payload.db.drizzle.execute(sql`UPDATE "keys" SET "reach_state" = NULL WHERE "id" = ${blocked.id}`)
    await expectSameAsReadRule()
  })

  it('follows changes made in plain SQL in bulk, as a restore or an operator would', async () => {
    const [lu] = servers as [Server]
    await key(lu, { expiresAt: new Date(Date.now() + 7 * hour).toISOString() })
    const columns = (
      await payload.db.drizzle.execute(sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'keys' AND column_name NOT IN ('id', 'title', 'key_string') ORDER BY ordinal_position`)
    ).rows.map((row) => sql.identifier((row as { column_name: string }).column_name))
    const { rows } = await payload.db.drizzle.execute(sql`
      INSERT INTO "keys" (${sql.join(columns, sql`, `)}, "title", "key_string")
      SELECT ${sql.join(columns, sql`, `)}, 'bulk', "key_string" || n FROM "keys", generate_series(1, 250) AS n WHERE "id" = ${created.at(-1)!}
      RETURNING "id"`)
    created.push(...(rows as { id: number }[]).map((row) => row.id))
    await expectSameAsReadRule()
    await payload.db.drizzle.execute(sql`UPDATE "keys" SET "revoked_at" = now() WHERE "title" = 'bulk' AND "id" % 3 = 0`)
    await expectSameAsReadRule()
    await payload.db.drizzle.execute(sql`DELETE FROM "keys" WHERE "title" = 'bulk' AND "id" % 3 = 1`)
    await expectSameAsReadRule()
  })

  it('lists the countries and protocols a visitor can open, and the migration fills the table from the keys it finds', async () => {
    const { readListedPairIds } = await import('@/lib/data/keyListing')
    const listed = async () => {
      const pairs = await readListedPairIds(payload)
      return pairs.map(({ countryId, protocol }) => `${countryId}:${protocol}`).sort()
    }
    const byReadRule = async () => {
      const { docs } = await payload.find({ collection: 'keys', overrideAccess: false, pagination: false, depth: 0, select: { country: true, protocol: true } })
      return [...new Set(docs.flatMap((doc) => (typeof doc.country === 'number' ? [`${doc.country}:${doc.protocol}`] : [])))].sort()
    }
    expect(await listed()).toEqual(await byReadRule())
    // Recreated from scratch, as on a database that had keys before the migration.
    const args = { db: payload.db.drizzle } as unknown as Parameters<typeof keyListingMigration.up>[0]
    await keyListingBlocked.down(args)
    await keyListingWithoutWaits.down(args)
    await keyListingMigration.down(args)
    await keyListingMigration.up(args)
    await keyListingWithoutWaits.up(args)
    await keyListingBlocked.up(args)
    expect(await listed()).toEqual(await byReadRule())
    await expectSameAsReadRule()
  })

  it('never makes one writer of keys wait for another’s rows: a key changes while another transaction holds its own', async () => {
    const [lu, mt] = servers as [Server, Server]
    const [first, second] = [await key(lu, { expiresAt: new Date(Date.now() + 9 * hour).toISOString() }), await key(mt, { expiresAt: new Date(Date.now() + 9 * hour).toISOString() })]
    // A moment long past, as the rotations leave them: the next write prunes it.
    const countryId = typeof lu.country === 'object' ? lu.country.id : lu.country
    await payload.db.drizzle.execute(sql`INSERT INTO "key_listing" VALUES (${countryId}, 'vless', now() - interval '3 days', 4)`)
    const holder = new Client({ connectionString: process.env.DATABASE_URL })
    const other = new Client({ connectionString: process.env.DATABASE_URL })
    await Promise.all([holder.connect(), other.connect()])
    try {
      // One transaction changes a key (and so prunes the past moment) and stays open, as a long job would.
      await holder.query('BEGIN')
      await holder.query(`UPDATE "keys" SET "server_down" = true WHERE "id" = $1`, [first.id])
      // Another writer's change in a different row goes through at once instead of waiting for the first to end.
      await other.query("SET statement_timeout = '2s'")
      await other.query(`UPDATE "keys" SET "revoked_at" = now() WHERE "id" = $1`, [second.id])
      await holder.query('COMMIT')
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined)
      await Promise.all([holder.end(), other.end()])
    }
    await expectSameAsReadRule()
  })
})

describe('a list continued from a cursor', () => {
  it('after and up to any key are exactly the keys after it and up to it in the list order, ties and unlimited keys included', async () => {
    const { afterPosition, LIST_SORT, LIST_SORT_REVERSED, listingWhere, readListPosition, upToPosition } = await import('@/lib/data/keyListing')
    const [lu] = servers as [Server]
    const countryId = typeof lu.country === 'object' ? lu.country.id : lu.country
    const soon = new Date(Date.now() + 6 * hour).toISOString()
    const later = new Date(Date.now() + 30 * hour).toISOString()
    // Two ranks (vless and WireGuard), unlimited keys, keys sharing an expiry, keys sharing a creation moment.
    const made: Key[] = []
    for (const expiresAt of [null, soon, soon, later, null, soon]) {
      made.push(await key(lu, { expiresAt }))
      made.push(await key(lu, { expiresAt, protocol: 'wireguard', keyString: null, configFile: { filename: 'c.conf', content: '[Interface]' } }))
    }
    const tied = made.slice(2, 6).map((doc) => doc.id)
    await payload.db.drizzle.execute(sql`UPDATE "keys" SET "created_at" = now() - interval '1 hour' WHERE "id" IN (${sql.join(tied.map((id) => sql`${id}`), sql`, `)})`)

    const where = listingWhere({ countryId })!
    const ids = async (extra: Where, sort: string[]) =>
      (await payload.find({ collection: 'keys', overrideAccess: false, pagination: false, depth: 0, where: { and: [where, extra] }, sort, select: {} })).docs.map((doc) => doc.id)
    const full = await ids({}, LIST_SORT)
    expect(full.length).toBeGreaterThanOrEqual(12)
    for (const [index, id] of full.entries()) {
      const position = (await readListPosition(payload, id))!
      expect({ id, after: await ids(afterPosition(position), LIST_SORT) }).toEqual({ id, after: full.slice(index + 1) })
      expect({ id, upTo: await ids(upToPosition(position), LIST_SORT_REVERSED) }).toEqual({ id, upTo: full.slice(0, index + 1).reverse() })
    }

    // A key that has left the list since (revoked) still marks where the list goes on.
    const gone = full[4]!
    const position = (await readListPosition(payload, gone))!
    await payload.update({ collection: 'keys', id: gone, data: { revokedAt: new Date().toISOString() } })
    expect(await ids(afterPosition(position), LIST_SORT)).toEqual(full.slice(5))
    expect(await ids(upToPosition(position), LIST_SORT)).toEqual(full.slice(0, 4))
  })
})
