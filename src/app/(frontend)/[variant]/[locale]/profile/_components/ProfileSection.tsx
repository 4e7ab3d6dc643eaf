// A personal-account section with its heading and empty state, and the sections' page titles.
import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { Link } from '@/i18n/Link'
import { localeOrDefault } from '@/i18n/locales'

type LocaleParams = { params: Promise<{ locale: string }> }

/** A section page's generateMetadata: the tab shows which part of the personal account this is. */
export function profileMetadata(section: 'servers' | 'subscription' | 'preferences') {
  return async ({ params }: LocaleParams): Promise<Metadata> => {
    const { locale } = await params
    const t = await getTranslations({ locale: localeOrDefault(locale), namespace: 'Profile' })
    // A personal page (src/lib/routing/routeTable.ts): nothing for search engines.
    return { title: t(section), robots: { index: false, follow: false } }
  }
}

type Props = {
  params: Promise<{ locale: string }>
  title: 'servers' | 'subscription'
  empty: 'serversEmpty' | 'subscriptionEmpty'
  showTariffs?: boolean
}

export async function ProfileSection({ params, title, empty, showTariffs = false }: Props) {
  const { locale } = await params
  const t = await getTranslations({ locale: localeOrDefault(locale), namespace: 'Profile' })
  return (
    <section>
      <h2>{t(title)}</h2>
      <p className="empty">{t(empty)}</p>
      {showTariffs ? (
        <Link href="/tariffs" prefetch={false} className="button button--primary">
          {t('toTariffs')}
        </Link>
      ) : null}
    </section>
  )
}
