// The pages a buyer comes back to from the payment page. They show a result and grant nothing: the
// subscription comes only from the provider's verified events.
import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { notFound } from 'next/navigation'

import { Link } from '@/i18n/Link'
import { isLocale } from '@/i18n/locales'
import { getSettings } from '@/lib/data/settings'
import { localizedPath } from '@/lib/routing/localizedPath'

import { RetryLink } from './RetryLink'

export type ResultParams = Promise<{ robots: string; locale: string }>

export async function paymentResultMetadata(kind: 'success' | 'fail', params: ResultParams): Promise<Metadata> {
  const { locale } = await params
  if (!isLocale(locale)) return {}
  const t = await getTranslations({ locale, namespace: 'Payment' })
  return { title: kind === 'success' ? t('successTitle') : t('failTitle'), robots: { index: false, follow: false } }
}

export async function PaymentResult({ kind, params }: { kind: 'success' | 'fail'; params: ResultParams }) {
  const { locale } = await params
  if (!isLocale(locale)) notFound()
  setRequestLocale(locale)
  const [t, settings] = await Promise.all([getTranslations({ locale, namespace: 'Payment' }), getSettings(locale)])
  if (kind === 'success') {
    return (
      <section className="narrow" data-testid="payment-success">
        <h1>{t('successTitle')}</h1>
        <p>{t('successText')}</p>
        <p className="cover__subtitle">{t('successPending')}</p>
        <Link href="/profile/servers" prefetch={false} className="button button--primary">
          {t('startConnection')}
        </Link>
      </section>
    )
  }
  return (
    <section className="narrow" data-testid="payment-fail">
      <h1>{t('failTitle')}</h1>
      <p>{t('failText')}</p>
      <p className="actions">
        <RetryLink href={`${localizedPath('/tariffs', locale)}#buy`}>{t('retry')}</RetryLink>{' '}
        <a href={`mailto:${settings.supportEmail}`} className="button">
          {t('contactSupport')}
        </a>
      </p>
    </section>
  )
}
