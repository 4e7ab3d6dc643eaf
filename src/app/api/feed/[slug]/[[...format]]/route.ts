// A public key list as a subscription (`/api/feed/vless-de`, `/api/feed/all`…): today's free keys of the
// list in the format the app reads, refreshed hourly by the app; a shared cache may keep it five minutes.
// Titles are in Russian, the site's language; the keys are the same in both.
import { NextResponse } from 'next/server'
import { createTranslator } from 'next-intl'

import ru from '@/i18n/messages/ru.json'

import { getCountry, getFreeFeedLinks } from '@/lib/data/keys'
import { payloadClient } from '@/lib/data/payload'
import { getSettings } from '@/lib/data/settings'
import { consumeIpAllowance } from '@/lib/auth/rateLimit'
import { env } from '@/lib/env'
import { clientIp } from '@/lib/http/clientIp'
import { PROTOCOL_LABELS } from '@/lib/keys'
import { keysPathname, parseKeysSlug } from '@/lib/routing/keysFilter'
import { isSubscriptionFormat, subscriptionFormat } from '@/lib/subscription/clients'
import { subscriptionResponse } from '@/lib/subscription/respond'

const notFound = () => NextResponse.json({ error: 'not_found' }, { status: 404, headers: { 'Cache-Control': 'public, max-age=300' } })

type Params = Promise<{ slug: string; format?: string[] }>

export async function GET(request: Request, { params }: { params: Params }) {
  const { slug, format: suffix = [] } = await params
  const filter = parseKeysSlug(slug)
  if (!filter || suffix.length > 1 || (suffix.length === 1 && !isSubscriptionFormat(suffix[0]))) return notFound()
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
  const listName = [filter.protocol ? PROTOCOL_LABELS[filter.protocol] : null, country?.name].filter(Boolean).join(', ')
  const response = subscriptionResponse({
    links,
    format: subscriptionFormat({ userAgent: request.headers.get('user-agent'), suffix: suffix[0] }),
    meta: {
      title: listName ? `${settings.siteName}: ${listName}` : settings.siteName,
      filename: `vpn-keys-${slug}`,
      expiresAt: null,
      // Keys rotate daily with an hour's overlap: an hourly refresh never misses one.
      updateIntervalHours: 1,
      supportUrl: `${env().serverUrl}/support`,
      pageUrl: `${env().serverUrl}${keysPathname(filter)}`,
      announce: null,
      groups: { select: t('select'), auto: t('auto') },
    },
  })
  return new NextResponse(response.body, {
    status: response.status,
    headers: { ...response.headers, 'Cache-Control': 'public, max-age=300, s-maxage=300, stale-while-revalidate=60', Vary: 'User-Agent' },
  })
}
