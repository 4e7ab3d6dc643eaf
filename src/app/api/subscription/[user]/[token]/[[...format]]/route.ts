// The personal subscription URL: the user's VIP keys in the format their app reads (by User-Agent, or the
// suffix /base64, /clash, /singbox, /outline), with the headers apps show. Wrong or revoked tokens, unknown
// suffixes and ended subscriptions get 404. A browser opening the bare URL is sent to the subscription page.
import { NextResponse } from 'next/server'
import { createTranslator } from 'next-intl'

import type { Locale } from '@/i18n/locales'
import en from '@/i18n/messages/en.json'
import ru from '@/i18n/messages/ru.json'
import { payloadClient } from '@/lib/data/payload'
import { env } from '@/lib/env'
import { visitorLocale } from '@/lib/http/visitorLocale'
import { localizedPath } from '@/lib/routing/localizedPath'
import { isSubscriptionFormat, subscriptionFormat, wantsPage } from '@/lib/subscription/clients'
import { entityTag, matchesEtag, subscriptionResponse } from '@/lib/subscription/respond'
import { readPersonalFeedFacts } from '@/lib/subscription/personalRead'
import { isSubscriptionPathToken } from '@/lib/subscription/personalPath'
import { subscriptionTokenMatches } from '@/lib/vip/subscriptionUrl'

const ANNOUNCE_BEFORE_MS = 3 * 24 * 60 * 60 * 1000

const notFound = () => NextResponse.json({ error: 'not_found' }, { status: 404, headers: { 'Cache-Control': 'no-store' } })

type Params = Promise<{ user: string; token: string; format?: string[] }>

export async function GET(request: Request, { params }: { params: Params }) {
  const { user, token, format: suffix = [] } = await params
  if (!isSubscriptionPathToken(user, token)) return notFound()
  if (suffix.length > 1 || (suffix.length === 1 && !isSubscriptionFormat(suffix[0]))) return notFound()
  // An explicit format is what was asked for, even in a browser; the bare URL opens the page there, which checks the
  // token itself (a wrong one gets the site's 404 screen).
  if (suffix.length === 0 && wantsPage(request.headers.get('accept'), request.headers.get('user-agent'))) {
    const page = `${env().serverUrl}${localizedPath(`/subscription/${user}/${token}`, visitorLocale(request))}`
    return NextResponse.redirect(page, { status: 303, headers: { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' } })
  }
  const payload = await payloadClient()
  const userId = Number(user)
  // One read for everything the answer needs (src/lib/subscription/personalRead.ts).
  const facts = await readPersonalFeedFacts(payload, userId)
  if (!facts || facts.deleting || !facts.nonce || !subscriptionTokenMatches(userId, facts.nonce, token) || !facts.vip) return notFound()
  const { locale, vip } = facts
  const expiresAt = vip.currentPeriodEnd ? new Date(vip.currentPeriodEnd) : null
  const endsSoon = expiresAt !== null && expiresAt.getTime() - Date.now() <= ANNOUNCE_BEFORE_MS
  const format = subscriptionFormat({ userAgent: request.headers.get('user-agent'), suffix: suffix[0] })
  // Everything the answer is rendered from: an unchanged poll is answered before any of it is rendered.
  const etag = entityTag([format, facts.links, locale, facts.siteName, vip.currentPeriodEnd, endsSoon, env().serverUrl])
  // Personal: never kept by a shared cache; the app may keep it and ask whether it changed.
  const cacheHeaders = { 'Cache-Control': 'private, no-cache', ETag: etag }
  if (matchesEtag(request.headers.get('if-none-match'), etag)) return new NextResponse(null, { status: 304, headers: cacheHeaders })
  const t = translatorFor(locale)
  const response = subscriptionResponse({
    links: facts.links,
    format,
    meta: {
      title: facts.siteName ? `${facts.siteName} VIP` : 'VIP',
      filename: 'vpn-keys-vip',
      expiresAt,
      updateIntervalHours: 24,
      supportUrl: `${env().serverUrl}${localizedPath('/support', locale)}`,
      pageUrl: `${env().serverUrl}${localizedPath('/profile/servers', locale)}`,
      announce: endsSoon && expiresAt ? t('announceEnds', { date: longDate(locale).format(expiresAt) }) : null,
      groups: { select: t('select'), auto: t('auto') },
    },
  })
  const headers = response.status === 200 ? { ...response.headers, ...cacheHeaders } : { ...response.headers, 'Cache-Control': 'private, no-store' }
  return new NextResponse(response.body, { status: response.status, headers })
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
