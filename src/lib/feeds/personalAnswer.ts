// The personal subscription URL's answer from the facts read for it (personalRead.ts): 404 unless the token is the
// owner's and they have VIP; 304 when the app's If-None-Match names the current answer (decided before anything is
// rendered); else the keys in the app's format with the headers apps read, and none for a device past the plan's
// limit (devices.ts). One function for both ways a poll is served: by the site's own server before Next.js
// (src/server/subscriptionFastPath.ts) and by the Next.js route.
import { createTranslator } from 'next-intl'

import type { Locale } from '@/i18n/locales'
import en from '@/i18n/messages/en.json'
import ru from '@/i18n/messages/ru.json'
import { metrics } from '@/lib/metrics/metrics'
import { localizedPath } from '@/lib/routing/localizedPath'
import { feedTokenMatches } from '@/lib/feeds/personalUrl'

import { appDecision } from './appRules'
import type { AppDecision } from './appRules'
import { NOTICE_MESSAGE, noticeLink, noticeText } from './notice'
import type { FeedNotice } from './notice'
import { ROUTING_PROFILE_PATH } from './routing'
import { preparedQuery } from '@/lib/db/pool'
import type { SqlPool, SqlQuery } from '@/lib/db/pool'

import { admitDevice, noteDeviceLimitReached } from './devices'
import type { DeviceStanding, PolledDevice } from './devices'
import { noteFirstConnection } from './firstConnection'
import { readPersonalFeedFacts } from './personalRead'
import type { PersonalFeedFacts } from './personalRead'
import { entityTag, matchesEtag, shareLinksOnly, subscriptionResponse, wireguardConfigOf } from './respond'

const ANNOUNCE_BEFORE_MS = 3 * 24 * 60 * 60 * 1000
/** What the strictest app shows of `announce` (v2RayTun; Happ shows 200). */
export const ANNOUNCE_MAX_LENGTH = 128

/** Where the poll came to: the site's origin on that host (siteHosts.ts), and the mirrors' host names. */
export type PollSite = { origin: string; mirrors: readonly string[] }

export type PersonalPoll = {
  userId: number
  token: string
  suffix: string | undefined
  userAgent: string | null
  ifNoneMatch: string | null
  /** The app's device (`x-hwid` and what goes with it); null when it sends none. */
  device: PolledDevice | null
}

/** Why an owner's poll got no keys (counted in `vpnkeys_subscription_unserved_total`). */
export type UnservedReason = FeedNotice | 'refused' | 'noFormatKey'

export type PersonalAnswer = { status: 200 | 304 | 403 | 404; headers: Record<string, string>; body: string | null; unserved?: UnservedReason }

const NOT_FOUND: PersonalAnswer = {
  status: 404,
  headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  body: JSON.stringify({ error: 'not_found' }),
}

/** The operator's table refuses this app (Site settings → Apps): nothing served, no device counted. */
const REFUSED: PersonalAnswer = {
  status: 403,
  headers: { 'Content-Type': 'application/json', 'Cache-Control': 'private, no-store' },
  body: JSON.stringify({ error: 'app_refused' }),
  unserved: 'refused',
}

/** Reads the facts, counts the polling device in (once the token is the owner's) and answers; counts an answer without keys. */
export async function answerPersonalPoll(pool: SqlPool, poll: PersonalPoll, site: PollSite, now: number = Date.now()): Promise<PersonalAnswer> {
  const answer = await answerOwnersPoll(pool, poll, site, now)
  if (answer.unserved) metrics().subscriptionUnserved.inc({ reason: answer.unserved })
  return answer
}

async function answerOwnersPoll(pool: SqlPool, poll: PersonalPoll, site: PollSite, now: number): Promise<PersonalAnswer> {
  const facts = await readPersonalFeedFacts(queryOf(pool), poll.userId, poll.device?.hwid ?? null)
  if (!isOwnersPoll(facts, poll)) return NOT_FOUND
  // An ended subscription takes no device in: its apps are told it ended. Nor does an app the operator's table refuses
  // or answers with a notice.
  const decision = appDecision({ userAgent: poll.userAgent, suffix: poll.suffix, rules: facts.appRules })
  if (!facts.vip || decision === 'refuse' || decision === 'notice') return personalAnswer(facts, poll, site, { now })
  const standing = poll.device
    ? await admitDevice(pool, { userId: poll.userId, nonce: facts.nonce, device: poll.device, limit: facts.deviceLimit, known: facts.devices, now })
    : facts.requireDeviceId
      ? ({ admitted: false, limit: facts.deviceLimit, withoutId: true } as const)
      : null
  // The link was replaced while this poll was on its way: it is the old link's, and takes no place.
  if (standing === 'replaced') return NOT_FOUND
  // A device refused for want of a place: the subscriber hears of it, once a day (src/lib/vip/deviceLimitNotices.ts).
  if (standing && !standing.admitted && !standing.withoutId) await noteDeviceLimitReached(pool, poll.userId).catch(() => undefined)
  // The first device a trial waited for: its trial starts from now (the job startHeldTrials applies it).
  if (facts.trialWaits && (!standing || standing.admitted)) await noteFirstConnection(pool, poll.userId, new Date(now))
  return personalAnswer(facts, poll, site, { standing, now })
}

// One query function per pool, a prepared statement (planned once per connection); the facts reader keeps its copy of
// the site settings by it (personalRead.ts).
const queries = new WeakMap<SqlPool, SqlQuery>()
function queryOf(pool: SqlPool): SqlQuery {
  let query = queries.get(pool)
  if (!query) queries.set(pool, (query = preparedQuery(pool, 'personal-feed-facts')))
  return query
}

// The owner's URL while they have VIP or after it ended; unknown, never subscribed or being deleted: a 404.
function isOwnersPoll(facts: PersonalFeedFacts | null, poll: PersonalPoll): facts is PersonalFeedFacts & { nonce: string } {
  return Boolean(facts && !facts.deleting && facts.nonce && (facts.vip || facts.ended) && feedTokenMatches(poll.userId, facts.nonce, poll.token))
}

/** Why this answer serves no keys, or null when it serves them. */
function noticeOf(facts: PersonalFeedFacts, standing: DeviceStanding | null, decision: AppDecision): FeedNotice | null {
  if (!facts.vip) return 'ended'
  if (decision === 'notice') return 'unsupportedApp'
  if (standing && !standing.admitted) return standing.withoutId ? 'noDeviceId' : 'deviceLimit'
  // The WireGuard format serves a WireGuard key's file; the others, share links.
  const servable = decision === 'wireguard' ? wireguardConfigOf(facts.links) !== null : shareLinksOnly(facts.links).length > 0
  return servable ? null : 'noKeys'
}

/** The answer to `poll` from its facts; `standing` is the polling device's, when it sent an id. */
export function personalAnswer(
  facts: PersonalFeedFacts | null,
  poll: PersonalPoll,
  site: PollSite,
  { standing = null, now = Date.now() }: { standing?: DeviceStanding | null; now?: number } = {},
): PersonalAnswer {
  if (!isOwnersPoll(facts, poll)) return NOT_FOUND
  const { locale, vip } = facts
  const t = translatorFor(locale)
  const host = new URL(site.origin).host
  const decision = appDecision({ userAgent: poll.userAgent, suffix: poll.suffix, rules: facts.appRules })
  if (decision === 'refuse') return REFUSED
  const notice = noticeOf(facts, standing, decision)
  // In place of keys it cannot serve, one entry that says why (notice.ts), in the owner's language or the editors' words.
  const noticeLine = notice && noticeText(facts.notices, locale, notice, { fallback: t(NOTICE_MESSAGE[notice], { host }), host })
  const links = noticeLine ? [noticeLink(noticeLine)] : facts.links
  const serversUrl = `${site.origin}${localizedPath('/profile/servers', locale)}`
  const subscriptionUrl = `${site.origin}${localizedPath('/profile/subscription', locale)}`
  const end = vip ? vip.currentPeriodEnd : (facts.ended?.endedAt ?? null)
  const expiresAt = end ? new Date(end) : null
  const endsSoon = vip !== null && expiresAt !== null && expiresAt.getTime() - now <= ANNOUNCE_BEFORE_MS
  // A notice for the app is a share link, which the base64 format carries to any app.
  const format = decision === 'notice' ? 'base64' : decision
  // Everything the answer is rendered from: an unchanged poll is answered before any of it is rendered.
  const etag = entityTag([format, links, locale, facts.siteName, end, endsSoon, site, standing, facts.routing, facts.happProviderId])
  // Personal: never kept by a shared cache; the app may keep it and ask whether it changed. The device headers go
  // with a 304 too: the app reads them on every poll.
  const cacheHeaders: Record<string, string> = { 'Cache-Control': 'private, no-cache', ETag: etag }
  addDeviceHeaders(cacheHeaders, standing)
  const unserved = notice ? { unserved: notice } : {}
  if (matchesEtag(poll.ifNoneMatch, etag)) return { status: 304, headers: cacheHeaders, body: null, ...unserved }
  const [announce, announceUrl] =
    notice === 'ended'
      ? [t('announceEnded'), subscriptionUrl]
      : notice === 'noDeviceId'
        ? [t('announceNoDeviceId'), serversUrl]
        : notice === 'deviceLimit' && standing
          ? [t('announceDeviceLimit', { max: standing.limit, url: serversUrl }), serversUrl]
          : endsSoon && expiresAt
            ? [t('announceEnds', { date: longDate(locale).format(expiresAt) }), subscriptionUrl]
            : [mirrorsAnnouncement(site, (hosts) => t('announceMirrors', { hosts })), null]
  const response = subscriptionResponse({
    links,
    format,
    meta: {
      title: vipFeedTitle(facts.siteName),
      filename: 'vpn-keys-vip',
      expiresAt,
      updateIntervalHours: 24,
      supportUrl: `${site.origin}${localizedPath('/support', locale)}`,
      pageUrl: serversUrl,
      announce,
      announceUrl,
      groups: { select: t('select'), auto: t('auto') },
      routing: facts.routing,
      providerId: facts.happProviderId,
      autoroutingUrl: `${site.origin}${ROUTING_PROFILE_PATH}`,
      unservedNotice: noticeLine ?? t(format === 'wireguard' ? 'noticeNoWireguardKey' : 'noticeNoOutlineKey', { host }),
      isp: { name: facts.siteName ?? host, url: subscriptionUrl, faq: `${site.origin}${localizedPath('/support', locale)}` },
    },
  })
  // A format that carries one key kind only (Outline's, WireGuard's) and the subscription has none of that kind.
  if (response.status !== 200) return { status: 404, headers: { ...response.headers, 'Cache-Control': 'private, no-store' }, body: response.body, unserved: 'noFormatKey' }
  return { status: 200, headers: Object.assign(response.headers, cacheHeaders), body: response.body, ...unserved }
}

/** What apps call the VIP subscription (and its routing profile). */
export function vipFeedTitle(siteName: string | null): string {
  return siteName ? `${siteName} VIP` : 'VIP'
}

/**
 * The mirrors, for when the main domain gets blocked: no app of 2026 follows a fallback address by itself (Remnawave
 * serves one subscription domain; Hiddify's `moved-permanently-to` is no longer read), so the subscriber is told, in
 * the line apps show, where else the site is (as many mirrors as fit the strictest app's length). The host the poll
 * came to is left out.
 */
export function mirrorsAnnouncement(site: PollSite, text: (hosts: string) => string): string | null {
  const here = new URL(site.origin).hostname
  const others = site.mirrors.filter((name) => name !== here)
  for (let count = others.length; count > 0; count -= 1) {
    const line = text(others.slice(0, count).join(', '))
    if (line.length <= ANNOUNCE_MAX_LENGTH) return line
  }
  return null
}

// As Remnawave and 3x-ui answer them: the limit is in force for this device, and whether it was refused a place
// (or, sending no device id where one is required, refused for that: Remnawave's x-hwid-not-supported).
function addDeviceHeaders(headers: Record<string, string>, standing: DeviceStanding | null): void {
  if (!standing) return
  headers['x-hwid-active'] = 'true'
  headers['x-hwid-limit'] = String(standing.limit)
  if (standing.withoutId) headers['x-hwid-not-supported'] = 'true'
  else if (!standing.admitted) headers['x-hwid-max-devices-reached'] = 'true'
}

// Made once per language: building them per poll was a measurable share of its cost.
const translators = new Map<Locale, ReturnType<typeof createSubscriptionTranslator>>()
const longDates = new Map<Locale, Intl.DateTimeFormat>()

function createSubscriptionTranslator(locale: Locale) {
  return createTranslator({ locale, messages: locale === 'en' ? en : ru, namespace: 'SubscriptionFeed' })
}

function translatorFor(locale: Locale) {
  let t = translators.get(locale)
  if (!t) translators.set(locale, (t = createSubscriptionTranslator(locale)))
  return t
}

function longDate(locale: Locale): Intl.DateTimeFormat {
  let format = longDates.get(locale)
  if (!format) longDates.set(locale, (format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Moscow' })))
  return format
}
