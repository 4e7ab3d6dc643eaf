// The local test checkout (outside production, without Stripe keys): a clearly labelled page where a
// person pays or declines; the Stripe double then sends the same signed events Stripe would.
import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { notFound } from 'next/navigation'

import { isLocale, localeOrDefault } from '@/i18n/locales'
import { formatRubles } from '@/lib/billing/pricing'
import { env } from '@/lib/env'

export const dynamic = 'force-dynamic'

type Params = Promise<{ robots: string; locale: string; id: string }>

type Session = {
  status: string
  customer_email: string
  amount_total: number
  metadata: Record<string, string>
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale } = await params
  const t = await getTranslations({ locale: localeOrDefault(locale), namespace: 'TestCheckout' })
  return { title: t('title'), robots: { index: false, follow: false } }
}

export default async function TestCheckoutPage({ params }: { params: Params }) {
  const { locale, id } = await params
  const { billing, STRIPE_API_URL } = env()
  if (!isLocale(locale) || billing !== 'test' || !STRIPE_API_URL || !/^cs_test_[0-9a-f]+$/.test(id)) notFound()
  setRequestLocale(locale)
  const response = await fetch(`${STRIPE_API_URL}/_double/checkout/${id}`, { cache: 'no-store' })
  if (!response.ok) notFound()
  const session = (await response.json()) as Session
  const t = await getTranslations({ locale, namespace: 'TestCheckout' })
  return (
    <section className="narrow">
      <p className="test-banner" role="note">
        {t('banner')}
      </p>
      <h1>{t('title')}</h1>
      <p>{t('email', { email: session.customer_email })}</p>
      <p className="status-line">{t('today', { amount: formatRubles(session.amount_total, locale) })}</p>
      {session.status === 'open' ? (
        <form method="post" action={`/api/dev/test-checkout/${id}`} className="actions">
          <button type="submit" name="action" value="complete" className="button button--primary">
            {t('complete')}
          </button>{' '}
          <button type="submit" name="action" value="fail" className="button">
            {t('fail')}
          </button>
        </form>
      ) : (
        <p>{t('closed')}</p>
      )}
    </section>
  )
}
