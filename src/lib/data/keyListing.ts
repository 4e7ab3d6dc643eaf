// How many free keys the public lists hold, and which countries and protocols have any: read from the table the
// database keeps as keys change (migrations/20261124_232944_key_listing.ts), one row per country, protocol and
// expiry moment. The cost follows countries, protocols and batches of keys, never the number of keys: counting
// 97,000 keys row by row is what made the first page after a change slow.
import { sql } from '@payloadcms/db-postgres'
import type { Payload, Where } from 'payload'

import type { Protocol } from '@/lib/keys'
import type { KeysFilter } from '@/lib/routing/keysFilter'

/** A list's filter with the country as its id (null: the country is unknown, so nothing is listed). */
export type ListingFilter = { protocol?: Protocol | null; countryId?: number | null }

/**
 * The filter as the database indexes it: the country by its id, so a list walks one index in its order and stops
 * at the rows it shows (a join on the country's code would read every key of the country first).
 */
export async function listingFilter(payload: Payload, { protocol, country }: KeysFilter): Promise<ListingFilter> {
  if (!country) return { protocol }
  const found = await payload.find({ collection: 'countries', depth: 0, limit: 1, pagination: false, where: { code: { equals: country } }, select: { code: true } })
  return { protocol, countryId: found.docs[0]?.id ?? null }
}

/** Where the keys under `filter` are; null when its country is unknown (no key can be in it). */
export function listingWhere({ protocol, countryId }: ListingFilter): Where | null {
  if (countryId === null) return null
  const conditions: Where[] = []
  if (protocol) conditions.push({ protocol: { equals: protocol } })
  if (countryId !== undefined) conditions.push({ country: { equals: countryId } })
  return conditions.length > 0 ? { and: conditions } : {}
}

/**
 * The public lists' order: keys a phone imports in a tap first (src/lib/keys/listOrder.ts), then the
 * longest-lasting (unlimited keys first), then the freshest. The migration key_listing indexes exactly this order.
 */
export const LIST_SORT = ['listRank', '-expiresAt', '-createdAt', '-id']

/** Where the list's order reversed: read backwards from a cursor, then turned around. */
export const LIST_SORT_REVERSED = ['-listRank', 'expiresAt', 'createdAt', 'id']

/** A key's place in LIST_SORT: what a list continues after, even once the key itself has left the list. */
export type ListPosition = { listRank: number; expiresAt: string | null; createdAt: string; id: number }

/** Keys with the same creation time and id as `position`, or later in the list's order (created earlier, lower id). */
function createdAfter(position: ListPosition, inclusive: boolean): Where {
  return {
    or: [
      { createdAt: { less_than: position.createdAt } },
      { and: [{ createdAt: { equals: position.createdAt } }, { id: inclusive ? { less_than_equal: position.id } : { less_than: position.id } }] },
    ],
  }
}

function createdBefore(position: ListPosition, inclusive: boolean): Where {
  return {
    or: [
      { createdAt: { greater_than: position.createdAt } },
      { and: [{ createdAt: { equals: position.createdAt } }, { id: inclusive ? { greater_than_equal: position.id } : { greater_than: position.id } }] },
    ],
  }
}

/**
 * The keys after `position` in LIST_SORT (listRank up; expiry down with unlimited keys first, as PostgreSQL's DESC
 * puts nulls first; creation down; id down). Payload's where has no row comparison, so the order is spelt out.
 */
export function afterPosition(position: ListPosition): Where {
  const sameRank: Where = { listRank: { equals: position.listRank } }
  const rest: Where =
    position.expiresAt === null
      ? { or: [{ expiresAt: { exists: true } }, { and: [{ expiresAt: { exists: false } }, createdAfter(position, false)] }] }
      : { or: [{ expiresAt: { less_than: position.expiresAt } }, { and: [{ expiresAt: { equals: position.expiresAt } }, createdAfter(position, false)] }] }
  return { or: [{ listRank: { greater_than: position.listRank } }, { and: [sameRank, rest] }] }
}

/** The keys at `position` or before it in LIST_SORT: exactly the ones afterPosition leaves out. */
export function upToPosition(position: ListPosition): Where {
  const sameRank: Where = { listRank: { equals: position.listRank } }
  const rest: Where =
    position.expiresAt === null
      ? { and: [{ expiresAt: { exists: false } }, createdBefore(position, true)] }
      : {
          or: [
            { expiresAt: { exists: false } },
            { expiresAt: { greater_than: position.expiresAt } },
            { and: [{ expiresAt: { equals: position.expiresAt } }, createdBefore(position, true)] },
          ],
        }
  return { or: [{ listRank: { less_than: position.listRank } }, { and: [sameRank, rest] }] }
}

/** Where key `id` stands in the lists' order, whatever its state now; null when there is no such key. */
export async function readListPosition(payload: Payload, id: number): Promise<ListPosition | null> {
  const found = await payload.find({
    collection: 'keys',
    depth: 0,
    limit: 1,
    pagination: false,
    where: { id: { equals: id } },
    select: { listRank: true, expiresAt: true, createdAt: true },
  })
  const key = found.docs[0]
  if (!key || typeof key.listRank !== 'number') return null
  return { listRank: key.listRank, expiresAt: key.expiresAt ?? null, createdAt: key.createdAt, id: key.id }
}

/** How many free keys a visitor sees right now under `filter`: what the keys' read rule lets an anonymous visitor read. */
export async function countListedKeys(payload: Payload, filter: ListingFilter, now: Date = new Date()): Promise<number> {
  if (filter.countryId === null) return 0
  const result = await payload.db.drizzle.execute(sql`
    SELECT coalesce(sum("keys"), 0)::integer AS "keys" FROM "key_listing"
    WHERE "expires_at" > ${now.toISOString()}
      ${filter.protocol ? sql`AND "protocol" = ${filter.protocol}` : sql``}
      ${filter.countryId !== undefined ? sql`AND "country_id" = ${filter.countryId}` : sql``}`)
  return Number((result.rows[0] as { keys: number } | undefined)?.keys ?? 0)
}

/** Every country (by id) and protocol with at least one free key a visitor sees right now. */
export async function readListedPairIds(payload: Payload, now: Date = new Date()): Promise<{ countryId: number; protocol: Protocol }[]> {
  const result = await payload.db.drizzle.execute(sql`
    SELECT DISTINCT "country_id", "protocol" FROM "key_listing"
    WHERE "expires_at" > ${now.toISOString()} AND "country_id" <> 0`)
  return (result.rows as { country_id: number; protocol: Protocol }[]).map((row) => ({ countryId: row.country_id, protocol: row.protocol }))
}
