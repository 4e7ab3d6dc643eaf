// Home cover: what the site gives, live counts of keys and countries, and the VIP trial banner.
import { getTranslations } from 'next-intl/server'

import { Link } from '@/i18n/Link'
import type { Locale } from '@/i18n/locales'
import type { PublicSettings } from '@/lib/data/settings'

type Props = { locale: Locale; heading: string; keyCount: number; countryCount: number; settings: PublicSettings }

export async function Cover({ locale, heading, keyCount, countryCount, settings }: Props) {
  const t = await getTranslations({ locale, namespace: 'Cover' })
  return (
    <section className="cover">
      <h1>{heading}</h1>
      <p className="cover__subtitle">{t('subtitle')}</p>
      <ul className="cover__stats">
        <li data-testid="stat-keys">{t('keysCount', { count: keyCount })}</li>
        <li data-testid="stat-countries">{t('countriesCount', { count: countryCount })}</li>
        <li>{t('refresh')}</li>
      </ul>
      {settings.trialBanner.enabled ? (
        <aside className="banner" data-testid="trial-banner">
          <p className="banner__title">{t('vipTitle', { keys: settings.claimedKeys, countries: settings.claimedCountries })}</p>
          <p>{settings.trialBanner.text ?? t('vipText')}</p>
          <Link href="/tariffs" prefetch={false} className="button button--primary">
            {t('trialCta')}
          </Link>
        </aside>
      ) : null}
    </section>
  )
}
