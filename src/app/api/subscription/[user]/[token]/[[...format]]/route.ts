// The personal subscription URL: the user's VIP keys in the format their app reads (by User-Agent, or the
// suffix /base64, /clash, /singbox, /outline), with the headers apps show. Wrong or revoked tokens, unknown
// suffixes and ended subscriptions get 404. A browser opening the bare URL is sent to the subscription page.
import { NextResponse } from 'next/server'
import { createTranslator } from 'next-intl'

import { localeOrDefault } from '@/i18n/locales'
import en from '@/i18n/messages/en.json'
import ru from '@/i18n/messages/ru.json'
import { payloadClient } from '@/lib/data/payload'
import { env } from '@/lib/env'
import { visitorLocale } from '@/lib/http/visitorLocale'
import { localizedPath } from '@/lib/routing/localizedPath'
import { isSubscriptionFormat, subscriptionFormat, wantsPage } from '@/lib/subscription/clients'
import { subscriptionResponse } from '@/lib/subscription/respond'
import { isSubscriptionPathToken } from '@/lib/subscription/personalPath'
import { subscriptionKeys, userForSubscriptionToken } from '@/lib/vip/subscriptionUrl'

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
  const userId = await userForSubscriptionToken(payload, Number(user), token)
  if (!userId) return notFound()
  const keys = await subscriptionKeys(payload, userId)
  if (!keys) return notFound()
  const [owner, { siteName }] = await Promise.all([
    payload.findByID({ collection: 'users', id: userId, depth: 0, select: { locale: true } }),
    payload.findGlobal({ slug: 'site-settings', depth: 0 }),
  ])
  const locale = localeOrDefault(owner.locale)
  const t = createTranslator({ locale, messages: locale === 'en' ? en : ru, namespace: 'SubscriptionFeed' })
  const endsSoon = keys.expiresAt !== null && keys.expiresAt.getTime() - Date.now() <= ANNOUNCE_BEFORE_MS
  const date = keys.expiresAt && new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Moscow' }).format(keys.expiresAt)
  const response = subscriptionResponse({
    links: keys.links,
    format: subscriptionFormat({ userAgent: request.headers.get('user-agent'), suffix: suffix[0] }),
    meta: {
      title: `${siteName} VIP`,
      filename: 'vpn-keys-vip',
      expiresAt: keys.expiresAt,
      updateIntervalHours: 24,
      supportUrl: `${env().serverUrl}${localizedPath('/support', locale)}`,
      pageUrl: `${env().serverUrl}${localizedPath('/profile/servers', locale)}`,
      announce: endsSoon && date ? t('announceEnds', { date }) : null,
      groups: { select: t('select'), auto: t('auto') },
    },
  })
  // Personal: never kept by a shared cache.
  return new NextResponse(response.body, { status: response.status, headers: { ...response.headers, 'Cache-Control': 'private, no-store' } })
}
