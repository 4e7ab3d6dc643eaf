// The Mini App's address (set in @BotFather as the bot's Mini App URL): the same for everyone, so cached like any
// public page; the launch data Telegram gives the app is read in the browser and sent to the site from there.
import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { notFound } from 'next/navigation'

import { MiniAppEntry } from '@/components/miniApp/MiniAppEntry'
import { isLocale } from '@/i18n/locales'

export function generateStaticParams(): never[] {
  return []
}

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params
  if (!isLocale(locale)) return {}
  const t = await getTranslations({ locale, namespace: 'MiniApp' })
  return { title: t('title'), robots: { index: false, follow: false }, referrer: 'no-referrer' }
}

export default async function MiniAppPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params
  if (!isLocale(locale)) notFound()
  setRequestLocale(locale)
  const t = await getTranslations({ locale, namespace: 'MiniApp' })
  const texts = { opening: t('opening'), outside: t('outside'), invalid: t('invalid'), stale: t('stale'), replayed: t('replayed'), failed: t('failed') }
  return (
    <section className="narrow auth">
      <h1>{t('title')}</h1>
      <MiniAppEntry texts={texts} />
      <noscript>
        <p>{t('outside')}</p>
      </noscript>
    </section>
  )
}
