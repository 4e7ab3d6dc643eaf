// A public key list as a subscription (`/api/feed/vless-de`, `/api/feed/all`…): today's free keys of the
// list in the format the app reads, refreshed hourly by the app; a shared cache may keep it five minutes.
// Titles are in Russian, the site's language; the keys are the same in both. A browser is sent to the list's
// page, which shows the feed with its apps.
import { NextResponse } from 'next/server'
import { createTranslator } from 'next-intl'

import ru from '@/i18n/messages/ru.json'

import { getCountry, getFreeFeedLinks } from '@/lib/data/keys'
import { payloadClient } from '@/edge/payload'
import { getSettings } from '@/lib/data/settings'
import { consumeIpAllowance } from '@/lib/http/rateLimit'
import { clientIp } from '@/lib/http/clientIp'
import { requestOrigin } from '@/lib/http/siteUrl'
import { PROTOCOL_LABELS } from '@/lib/keys'
import { visitorLocale } from '@/lib/http/visitorLocale'
import { keysPathname, parseKeysSlug } from '@/lib/routing/keysFilter'
import { localizedPath } from '@/lib/routing/localizedPath'
import { isSubscriptionFormat, subscriptionFormat, wantsPage } from '@/lib/feeds/clients'
import { FEED_ANCHOR, feedTitle } from '@/lib/feeds/freeFeed'
import { conditionalSubscriptionResponse } from '@/lib/feeds/respond'

const notFound = () => NextResponse.json({ error: 'not_found' }, { status: 404, headers: { 'Cache-Control': 'public, max-age=300' } })

type Params = Promise<{ slug: string; format?: string[] }>

export async function GET(request: Request, { params }: { params: Params }) {
  const { slug, format: suffix = [] } = await params
  // The host it was asked on (a mirror's addresses on a mirror), else SERVER_URL.
  const origin = requestOrigin(request.headers)
  const filter = parseKeysSlug(slug)
  if (!filter || suffix.length > 1 || (suffix.length === 1 && !isSubscriptionFormat(suffix[0]))) return notFound()
  // An explicit format is what was asked for, even in a browser; the bare feed URL opens the list's page there.
  if (suffix.length === 0 && wantsPage(request.headers.get('accept'), request.headers.get('user-agent'))) {
    const page = `${origin}${localizedPath(keysPathname(filter), visitorLocale(request))}#${FEED_ANCHOR}`
    return NextResponse.redirect(page, { status: 303, headers: { 'Cache-Control': 'private, no-store' } })
  }
  const allowance = await consumeIpAllowance(await payloadClient(), 'feed', clientIp(request.headers))
  if (!allowance.ok) {
    return NextResponse.json({ error: 'rate_limited' }, { status: 429, headers: { 'Retry-After': String(allowance.retryAfterSeconds), 'Cache-Control': 'no-store' } })
  }
  const [links, settings, country] = await Promise.all([
    getFreeFeedLinks(filter),
    getSettings('ru'),
    filter.country ? getCountry(filter.country, 'ru') : Promise.resolve(null),
  ])
  if (filter.country && !country) return notFound()
  const t = createTranslator({ locale: 'ru', messages: ru, namespace: 'SubscriptionFeed' })
  const response = conditionalSubscriptionResponse(request.headers.get('if-none-match'), {
    links,
    format: subscriptionFormat({ userAgent: request.headers.get('user-agent'), suffix: suffix[0] }),
    meta: {
      title: feedTitle(settings.siteName, { protocol: filter.protocol ? PROTOCOL_LABELS[filter.protocol] : null, country: country?.name ?? null }),
      filename: `vpn-keys-${slug}`,
      expiresAt: null,
      // Keys rotate daily with an hour's overlap: an hourly refresh never misses one.
      updateIntervalHours: 1,
      supportUrl: `${origin}/support`,
      pageUrl: `${origin}${keysPathname(filter)}`,
      announce: null,
      groups: { select: t('select'), auto: t('auto') },
      routing: settings.routing,
    },
  })
  return new NextResponse(response.status === 304 ? null : response.body, {
    status: response.status,
    headers: {
      ...response.headers,
      'Cache-Control': 'public, max-age=300, s-maxage=300, stale-while-revalidate=60',
      // Without a suffix the format follows the app; with one, every app gets the same answer (one cache entry).
      ...(suffix.length === 0 ? { Vary: 'User-Agent, Accept' } : {}),
    },
  })
}
