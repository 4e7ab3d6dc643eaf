// Home cover: what the site gives, live counts of keys and countries, and the VIP trial banner.
import { getTranslations } from 'next-intl/server'

import { Link } from '@/i18n/Link'
import type { Locale } from '@/i18n/locales'
import { formatRubles } from '@/lib/billing/rules/pricing'
import type { TrialOffer } from '@/lib/billing/rules/pricing'
import type { PublicSettings } from '@/lib/data/settings'

type Props = {
  locale: Locale
  heading: string
  keyCount: number
  countryCount: number
  settings: PublicSettings
  offer: TrialOffer | null
  /** Whether VIP can be bought here (plans, and a payment provider): its claims and calls show only then. */
  selling: boolean
}

export async function Cover({ locale, heading, keyCount, countryCount, settings, offer, selling }: Props) {
  const t = await getTranslations({ locale, namespace: 'Cover' })
  // The trial's length and fee come from the plans (the same figures /tariffs shows), never from the banner text.
  const trial = offer ? { every: offer.every ? 'yes' : 'no', days: offer.days, fee: formatRubles(offer.feeKopecks, locale) } : null
  return (
    <section className="cover">
      <h1>{heading}</h1>
      <p className="cover__subtitle">{t('subtitle')}</p>
      <ul className="cover__stats">
        <li data-testid="stat-keys">{t('keysCount', { count: keyCount })}</li>
        <li data-testid="stat-countries">{t('countriesCount', { count: countryCount })}</li>
        <li>{t('refresh')}</li>
      </ul>
      {settings.trialBanner.enabled && selling ? (
        <aside className="banner" data-testid="trial-banner">
          <p className="banner__title">{t('vipTitle', { keys: settings.claimedKeys, countries: settings.claimedCountries })}</p>
          {trial ? <p className="banner__offer">{t('trialOffer', trial)}</p> : null}
          <p>{settings.trialBanner.text ?? t('vipText')}</p>
          <Link href="/tariffs" prefetch={false} className="button button--primary">
            {trial ? t('trialCta', trial) : t('plansCta')}
          </Link>
        </aside>
      ) : null}
    </section>
  )
}
