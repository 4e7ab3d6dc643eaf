// Which key list a path means (protocol, country, both or all) and the canonical path of each list.
import { isListedProtocol } from '@/lib/keys/types'
import type { Protocol } from '@/lib/keys/types'

export type KeysFilter = { protocol: Protocol | null; country: string | null }

export const ALL_KEYS: KeysFilter = { protocol: null, country: null }

/** The internal slug of the home list, which has no public slug of its own. */
export const ALL_KEYS_SLUG = 'all'

export const SHOW_STEP = 10
export const SHOW_MAX = 500

const COUNTRY_CODE = /^[a-z]{2}$/
const PROTOCOL_COUNTRY = /^([a-z]+)-([a-z]{2})$/

/** `vless` → protocol, `de` → country, `vless-de` → both; anything else is not a key list. */
export function parseKeysSlug(slug: string): KeysFilter | null {
  if (slug === ALL_KEYS_SLUG) return ALL_KEYS
  if (isListedProtocol(slug)) return { protocol: slug, country: null }
  if (COUNTRY_CODE.test(slug)) return { protocol: null, country: slug }
  const match = PROTOCOL_COUNTRY.exec(slug)
  if (match && isListedProtocol(match[1])) return { protocol: match[1], country: match[2] ?? null }
  return null
}

export function keysSlug({ protocol, country }: KeysFilter): string {
  if (protocol && country) return `${protocol}-${country}`
  return protocol ?? country ?? ALL_KEYS_SLUG
}

/** The public path of a list, without the locale prefix: `/`, `/vless`, `/de`, `/vless-de`. */
export function keysPathname(filter: KeysFilter): string {
  const slug = keysSlug(filter)
  return slug === ALL_KEYS_SLUG ? '/' : `/${slug}`
}

/** How many keys a `?show=` value asks for: a multiple of ten from 10 to 500, else the first ten. */
export function parseShowCount(value: string | null | undefined): number {
  if (!value || !/^\d{1,4}$/.test(value)) return SHOW_STEP
  const count = Number(value)
  if (count < SHOW_STEP || count > SHOW_MAX || count % SHOW_STEP !== 0) return SHOW_STEP
  return count
}

/**
 * What part of a list a page shows: at most `count` keys; with `after`, the keys that led up to key `after` (the
 * last one the visitor saw) and then the ten that follow it in the list's order. "Show +10 keys" continues from the
 * key it was under, so keys rotated in above it in between neither repeat nor push any out of sight.
 */
export type ListWindow = { count: number; after: number | null }

const KEY_ID = /^[1-9]\d{0,9}$/
const WINDOW_SEGMENT = /^(\d{1,4})(?:-after-(\d{1,10}))?$/

/** The window `?show=` and `?after=` ask for; an `after` that names no key id is left out. */
export function parseListWindow(show: string | null | undefined, after: string | null | undefined): ListWindow {
  const id = after && KEY_ID.test(after) ? Number(after) : null
  return { count: parseShowCount(show), after: id !== null && id <= 2 ** 31 - 1 ? id : null }
}

/** The internal route's last segment for a window: `20`, or `20-after-123`. */
export function listWindowSegment({ count, after }: ListWindow): string {
  return after === null ? String(count) : `${count}-after-${after}`
}

/** A window from its internal segment; null unless the segment is exactly what listWindowSegment writes. */
export function parseListWindowSegment(segment: string): ListWindow | null {
  const match = WINDOW_SEGMENT.exec(segment)
  if (!match) return null
  const listWindow = parseListWindow(match[1], match[2])
  return listWindowSegment(listWindow) === segment ? listWindow : null
}

/** The list the search form asks for, straight to its canonical path (no trip through /search and its redirect). */
export function searchFormPathname(form: FormData): string {
  const country = String(form.get('country') ?? '')
  const protocol = String(form.get('protocol') ?? '')
  return keysPathname({ country: /^[a-z]{2}$/.test(country) ? country : null, protocol: isListedProtocol(protocol) ? protocol : null })
}
