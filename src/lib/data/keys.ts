// Cached readers of the free keys visitors see: lists per filter, counts, and one key's details.
import type { Where } from 'payload'

import type { Locale } from '@/i18n/locales'
import { keyDownloadFile } from '@/lib/keys'
import { keyTransport } from '@/lib/keys/transport'
import type { KeyTransport } from '@/lib/keys/transport'
import type { Protocol } from '@/lib/keys'
import { SHOW_STEP } from '@/lib/routing/keysFilter'
import type { KeysFilter, ListWindow } from '@/lib/routing/keysFilter'
import { readFreeFeedLinks } from '@/lib/feeds/freeFeed'
import type { Country, Key, Server, User } from '@/payload-types'

import { cachedKeyData, cachedPublic } from './cache'
import {
  afterPosition,
  countListedKeys,
  LIST_SORT,
  LIST_SORT_REVERSED,
  listingFilter,
  listingWhere,
  readListedPairIds,
  readListPosition,
  upToPosition,
} from './keyListing'
import { payloadClient } from '@/edge/payload'

export type ConnectionParameters = { host: string; port: number; login: string; password: string }

export type PublicKeyRow = {
  id: number
  protocol: Protocol
  countryCode: string
  countryName: string
  hosting: string
  expiresAt: string | null
  createdAt: string
  /** What "Copy" puts on the clipboard: the share link or WireGuard config, else null (parameters are copied). */
  copyText: string | null
  connection: ConnectionParameters | null
  /** A free key (its copies and downloads are counted: src/lib/probes/keyTakes.ts). */
  free?: boolean
  /** The device a subscriber named their VIP key after; null for free keys. */
  device?: string | null
  /**
   * The last check: through a real connection with the key (src/lib/liveness) where a client here speaks it, else
   * the server's port check; the note says which.
   */
  health?: { status: 'up' | 'down' | 'unknown'; checkedAt: string | null; through: 'connection' | 'port' } | null
  /** Proven to work from the visitors' country (its probes, src/lib/probes): where, when, and over the week. */
  reach?: { country: string; networks: string; checkedAt: string; uptimeWeek: number | null } | null
}

export type KeyDetails = PublicKeyRow & {
  keyString: string | null
  file: { filename: string; contentType: string } | null
  /** What the QR code encodes; null when the key is too large for one. */
  qrValue: string | null
  /** How a VLESS or Trojan key travels (its transport and security), as apps name them; null for other keys. */
  transport: KeyTransport | null
}

// A QR code holds about 2,900 bytes at the lowest error correction; OpenVPN profiles are larger.
const QR_MAX_LENGTH = 1800

function connectionOf(key: Key): ConnectionParameters | null {
  const connection = key.connection
  if (!connection?.host || !connection.port) return null
  return { host: connection.host, port: connection.port, login: connection.login ?? '', password: connection.password ?? '' }
}

function toRow(key: Key): PublicKeyRow {
  const country = typeof key.country === 'object' && key.country ? key.country : null
  const server = typeof key.server === 'object' ? key.server : null
  return {
    id: key.id,
    protocol: key.protocol,
    countryCode: country?.code ?? '',
    countryName: country?.name ?? '',
    hosting: server?.hosting ?? '',
    expiresAt: key.expiresAt ?? null,
    createdAt: key.createdAt,
    copyText: key.keyString ?? (key.protocol === 'wireguard' ? (key.configFile?.content ?? null) : null),
    connection: connectionOf(key),
    free: key.tier === 'free',
    device: key.deviceLabel ?? null,
    health: key.liveness?.checkedAt
      ? { status: key.liveness.ok ? 'up' : 'down', checkedAt: key.liveness.checkedAt, through: 'connection' }
      : server?.health
        ? { status: server.health.status ?? 'unknown', checkedAt: server.health.lastCheckedAt ?? null, through: 'port' }
        : null,
    reach:
      key.reach?.state === 'works' && key.reach.worksOn && key.reach.checkedAt && key.reach.country
        ? { country: key.reach.country, networks: key.reach.worksOn, checkedAt: key.reach.checkedAt, uptimeWeek: key.reach.uptimeWeek ?? null }
        : null,
  }
}

const ROW_SELECT = {
  protocol: true,
  country: true,
  server: true,
  expiresAt: true,
  createdAt: true,
  keyString: true,
  connection: true,
  configFile: { content: true },
  deviceLabel: true,
  tier: true,
  liveness: { checkedAt: true, ok: true },
  reach: { state: true, country: true, worksOn: true, checkedAt: true, uptimeWeek: true },
} as const

const ROW_POPULATE = {
  countries: { code: true, name: true },
  servers: { hosting: true, health: { status: true, lastCheckedAt: true } },
} as const satisfies {
  countries: Partial<Record<keyof Country, true>>
  servers: Partial<Record<keyof Server, true | Record<string, true>>>
}

export type KeyList = {
  rows: PublicKeyRow[]
  total: number
  /** When the list was read: hours left are counted from here until the browser takes over. */
  readAt: number
  /** With a cursor, the index of the first row after it (where "Show +10 keys" lands); null without one. */
  continuesAt: number | null
  /** Whether keys follow the last row. */
  hasMore: boolean
}

/** The keys under `where` as an anonymous visitor may read them: the collection's access rules decide what is current and free. */
async function readListedRows(locale: Locale, where: Where, limit: number, sort: string[]): Promise<PublicKeyRow[]> {
  if (limit <= 0) return []
  const payload = await payloadClient()
  const result = await payload.find({
    collection: 'keys',
    overrideAccess: false,
    locale,
    depth: 1,
    limit,
    // The total comes from the listing table, not from counting the keys.
    pagination: false,
    where,
    sort,
    select: ROW_SELECT,
    populate: ROW_POPULATE,
  })
  return result.docs.map((doc) => toRow(doc as Key))
}

async function readKeyList(locale: Locale, filter: KeysFilter, { count, after }: ListWindow): Promise<KeyList> {
  const payload = await payloadClient()
  const listing = await listingFilter(payload, filter)
  const where = listingWhere(listing)
  if (!where) return { rows: [], total: 0, readAt: Date.now(), continuesAt: null, hasMore: false }
  const [position, total] = await Promise.all([after === null ? null : readListPosition(payload, after), countListedKeys(payload, listing)])
  if (!position) {
    const rows = await readListedRows(locale, where, count, LIST_SORT)
    return { rows, total, readAt: Date.now(), continuesAt: null, hasMore: total > rows.length }
  }
  // The keys that led up to the cursor (read backwards from it), then the next ten after it (an eleventh says
  // whether more follow).
  const [before, next] = await Promise.all([
    readListedRows(locale, { and: [where, upToPosition(position)] }, count - SHOW_STEP, LIST_SORT_REVERSED),
    readListedRows(locale, { and: [where, afterPosition(position)] }, SHOW_STEP + 1, LIST_SORT),
  ])
  const rows = [...before.reverse(), ...next.slice(0, SHOW_STEP)]
  return { rows, total, readAt: Date.now(), continuesAt: before.length, hasMore: next.length > SHOW_STEP }
}

/**
 * The first key of a list in the lists' order (the site's rule: proven where the visitors are first), or the first
 * after the key `after` (the bot's "another key"); null when the list holds none there.
 */
export async function readListedKey(locale: Locale, filter: KeysFilter, after: number | null = null): Promise<PublicKeyRow | null> {
  const payload = await payloadClient()
  const where = listingWhere(await listingFilter(payload, filter))
  if (!where) return null
  const position = after === null ? null : await readListPosition(payload, after)
  const rows = await readListedRows(locale, position ? { and: [where, afterPosition(position)] } : where, 1, LIST_SORT)
  return rows[0] ?? null
}

/** One key as `user` may see it (anonymous: current free keys only; a subscriber also their own keys). */
export async function readKeyDetails(id: number, locale: Locale, user?: User): Promise<KeyDetails | null> {
  const payload = await payloadClient()
  const found = await payload.find({
    collection: 'keys',
    overrideAccess: false,
    user,
    locale,
    depth: 1,
    limit: 1,
    where: { id: { equals: id } },
    select: { ...ROW_SELECT, configFile: { content: true, filename: true } },
    populate: ROW_POPULATE,
  })
  const key = found.docs[0] as Key | undefined
  if (!key) return null
  const row = toRow(key)
  const hasFile = Boolean(key.configFile?.content) || Boolean(key.keyString)
  const qrSource = row.copyText
  return {
    ...row,
    keyString: key.keyString ?? null,
    file: hasFile ? keyDownloadFile({ protocol: key.protocol, countryCode: row.countryCode, id: String(key.id) }) : null,
    qrValue: qrSource && qrSource.length <= QR_MAX_LENGTH ? qrSource : null,
    transport: keyTransport(key.keyString ?? null),
  }
}

/** The raw file behind a key's download button, for the download route. */
export async function readKeyFile(id: number, user?: User): Promise<{ filename: string; contentType: string; content: string } | null> {
  const payload = await payloadClient()
  const found = await payload.find({
    collection: 'keys',
    overrideAccess: false,
    user,
    depth: 1,
    limit: 1,
    where: { id: { equals: id } },
    select: { protocol: true, country: true, keyString: true, configFile: { content: true } },
    populate: { countries: { code: true } },
  })
  const key = found.docs[0] as Key | undefined
  const content = key?.configFile?.content ?? key?.keyString
  if (!key || !content) return null
  const countryCode = typeof key.country === 'object' && key.country ? key.country.code : ''
  return { ...keyDownloadFile({ protocol: key.protocol, countryCode, id: String(key.id) }), content }
}

/**
 * Every country and protocol with at least one key a visitor may see (current free keys), from the listing table
 * the database keeps: the work is bounded by the number of pairs, never by the number of keys (97,000 keys loaded
 * into Node held the process for 13 s).
 */
export async function readListedPairs(locale: Locale): Promise<{ code: string; name: string; protocol: Protocol }[]> {
  const payload = await payloadClient()
  const pairs = await readListedPairIds(payload)
  const ids = [...new Set(pairs.map(({ countryId }) => countryId))]
  if (ids.length === 0) return []
  const countries = await payload.find({
    collection: 'countries',
    overrideAccess: false,
    locale,
    pagination: false,
    where: { id: { in: ids } },
    select: { code: true, name: true },
  })
  const byId = new Map(countries.docs.map((country) => [country.id, country]))
  return pairs
    .flatMap(({ protocol, countryId }) => {
      const found = byId.get(countryId)
      return found ? [{ code: found.code, name: found.name, protocol }] : []
    })
    .sort((a, b) => a.name.localeCompare(b.name, locale) || a.protocol.localeCompare(b.protocol))
}

async function readCountry(code: string, locale: Locale): Promise<{ code: string; name: string } | null> {
  const payload = await payloadClient()
  const found = await payload.find({
    collection: 'countries',
    overrideAccess: false,
    locale,
    limit: 1,
    where: { code: { equals: code } },
    select: { code: true, name: true },
  })
  const country = found.docs[0]
  return country ? { code: country.code, name: country.name } : null
}

export const getKeyList = cachedKeyData('key-list', readKeyList)
export const getKeyDetails = cachedKeyData('key-details', (id: number, locale: Locale) => readKeyDetails(id, locale))
export const getListedPairs = cachedKeyData('listed-pairs', readListedPairs)
/** The countries of the listed pairs, from the same cached read. */
export async function getCountriesWithKeys(locale: Locale): Promise<{ code: string; name: string }[]> {
  const countries = new Map((await getListedPairs(locale)).map(({ code, name }) => [code, { code, name }]))
  return [...countries.values()]
}
export const getCountry = cachedPublic('country', readCountry)

/** A subscriber's own current VIP keys as table rows (read with their access; never cached). */
export async function readOwnKeyRows(locale: Locale, user: User): Promise<KeyList> {
  const payload = await payloadClient()
  const result = await payload.find({
    collection: 'keys',
    overrideAccess: false,
    user,
    locale,
    depth: 1,
    pagination: false,
    // Live ones only: the owner's access hides revoked keys from a customer, not from staff, whose own list it is too.
    where: { and: [{ owner: { equals: user.id } }, { tier: { equals: 'vip' } }, { revokedAt: { exists: false } }] },
    sort: ['createdAt', 'id'],
    select: ROW_SELECT,
    populate: ROW_POPULATE,
  })
  // A VIP key says where its server was proven: the server's test key for probes (src/lib/probes/vipKeys.ts), read by
  // the site, as the subscriber may not read it.
  const own = result.docs as Key[]
  const serverIds = own.map((key) => (typeof key.server === 'object' ? key.server.id : key.server))
  const tests = await payload.find({
    collection: 'keys',
    where: { and: [{ forProbes: { equals: true } }, { revokedAt: { exists: false } }, { 'reach.state': { equals: 'works' } }, { server: { in: serverIds } }] },
    pagination: false,
    depth: 0,
    select: { server: true, protocol: true, reach: { state: true, country: true, worksOn: true, checkedAt: true, uptimeWeek: true } },
  })
  const rows = own.map((key, index) => {
    const test = tests.docs.find((candidate) => candidate.server === serverIds[index] && candidate.protocol === key.protocol)
    return toRow(test ? { ...key, reach: test.reach } : key)
  })
  return { rows, total: result.totalDocs, readAt: Date.now(), continuesAt: null, hasMore: false }
}

/** The share links of a public list's feed (see src/lib/feeds/freeFeed.ts), cached like the list. */
export const getFreeFeedLinks = cachedKeyData('free-feed', async (filter: KeysFilter) => readFreeFeedLinks(await payloadClient(), filter))
