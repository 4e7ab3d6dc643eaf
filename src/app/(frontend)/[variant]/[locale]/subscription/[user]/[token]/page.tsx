// The subscription URL opened in a browser: whether VIP is on and until when, the link with copy and QR code,
// and the apps for the visitor's platform with one-tap "Add" buttons. The token is the only credential, as in
// the apps; a wrong or replaced one is a 404.
import type { Metadata } from 'next'
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server'
import { headers } from 'next/headers'
import { notFound } from 'next/navigation'

import { PersonalSubscriptionBox } from '@/components/apps/PersonalSubscriptionBox'
import { Link } from '@/i18n/Link'
import { localeOrDefault } from '@/i18n/locales'
import { getClientApps } from '@/lib/data/clientApps'
import { payloadClient } from '@/edge/payload'
import { getSettings } from '@/lib/data/settings'
import { addressesOf, requestOrigin } from '@/lib/http/siteUrl'
import { isFeedPathToken } from '@/lib/feeds/personalPath'
import { personalFeedKeys, userForFeedToken } from '@/lib/feeds/personalUrl'

export const dynamic = 'force-dynamic'

type Params = Promise<{ locale: string; user: string; token: string }>

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = localeOrDefault((await params).locale)
  const [t, { siteName }] = await Promise.all([getTranslations({ locale, namespace: 'SubscriptionPage' }), getSettings(locale)])
  // Personal: never in a search engine, and the address (a secret) never sent on as a referrer.
  return { title: t('title', { site: siteName }), robots: { index: false, follow: false }, referrer: 'no-referrer' }
}

export default async function SubscriptionPage({ params }: { params: Params }) {
  const { locale: raw, user, token } = await params
  const locale = localeOrDefault(raw)
  setRequestLocale(locale)
  if (!isFeedPathToken(user, token)) notFound()
  const payload = await payloadClient()
  const userId = await userForFeedToken(payload, Number(user), token)
  if (!userId) notFound()
  const [t, format, settings, apps, keys, requestHeaders] = await Promise.all([
    getTranslations({ locale, namespace: 'SubscriptionPage' }),
    getFormatter({ locale }),
    getSettings(locale),
    getClientApps(locale),
    personalFeedKeys(payload, userId),
    headers(),
  ])
  // On the host the page was opened on (a mirror's address on a mirror), and on the site's others.
  const { url, elsewhere } = addressesOf(`/api/subscription/${user}/${token}`, requestOrigin(requestHeaders))
  const until = keys?.expiresAt ? format.dateTime(keys.expiresAt, { dateStyle: 'long', timeZone: 'Europe/Moscow' }) : null
  return (
    <section className="subscription-page" data-testid="subscription-page">
      <h1>{t('title', { site: settings.siteName })}</h1>
      {keys ? (
        <>
          {/* A date in Russian ends in "г.": the status is a line of its own, not a sentence ending in a full stop. */}
          <p className="banner" data-testid="subscription-status">
            {keys.status === 'trialing' ? t('trialUntil', { date: until ?? '—' }) : t('activeUntil', { date: until ?? '—' })}
          </p>
          <p data-testid="subscription-keys">{t('keys', { count: keys.links.length })}</p>
          <p>{t('intro')}</p>
          <PersonalSubscriptionBox url={url} elsewhere={elsewhere} siteName={settings.siteName} apps={apps} userAgent={requestHeaders.get('user-agent')} />
          <p className="muted">{t('secret')}</p>
          <Link href="/profile/servers" prefetch={false} className="button">
            {t('manage')}
          </Link>
        </>
      ) : (
        <>
          <p className="banner" data-testid="subscription-status">
            {t('inactive')}
          </p>
          <Link href="/tariffs" prefetch={false} className="button button--primary">
            {t('toTariffs')}
          </Link>
        </>
      )}
    </section>
  )
}
