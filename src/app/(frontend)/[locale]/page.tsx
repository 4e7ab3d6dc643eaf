// Home: all current free keys.
import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'

import { KeyTable } from '@/components/KeyTable'
import { isLocale, defaultLocale } from '@/i18n/locales'
import { getPublicKeys } from '@/lib/data/keys'

type Props = { params: Promise<{ locale: string }> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params
  const t = await getTranslations({ locale, namespace: 'Metadata' })
  return { title: t('homeTitle'), description: t('homeDescription') }
}

export default async function HomePage({ params }: Props) {
  const { locale: requested } = await params
  const locale = isLocale(requested) ? requested : defaultLocale
  setRequestLocale(locale)
  const t = await getTranslations({ locale, namespace: 'Home' })
  const keys = await getPublicKeys({ locale, limit: 10 })
  return (
    <main>
      <h1>{t('heading')}</h1>
      <KeyTable keys={keys} locale={locale} />
    </main>
  )
}
