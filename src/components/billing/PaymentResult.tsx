// The pages a buyer comes back to from the payment page. They show a result and grant nothing: the
// subscription comes only from the provider's verified events.
import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { notFound } from 'next/navigation'

import { Link } from '@/i18n/Link'
import { isLocale } from '@/i18n/locales'
import type { Locale } from '@/i18n/locales'
import { purchaseTerms, termsText } from '@/lib/billing/rules/terms'
import { getSettings } from '@/lib/data/settings'
import { getPlans } from '@/lib/data/tariffs'
import { payloadClient } from '@/edge/payload'
import { promoOffer } from '@/lib/promo'
import { localizedPath } from '@/lib/routing/localizedPath'

import { RetryLink } from './RetryLink'

export type ResultParams = Promise<{ variant: string; locale: string }>
/** The success page's query: the plan paid for, whether its trial applied and its promo code (set by the site's own checkout). */
export type ResultQuery = Promise<Record<string, string | string[] | undefined>>

/** What the buyer agreed to, stated again from the plan on sale; null without a plan in the address. */
async function promisedTerms(locale: Locale, searchParams: ResultQuery | undefined): Promise<string | null> {
  const query = searchParams ? await searchParams : {}
  const plan = (await getPlans(locale)).find((item) => String(item.id) === query.plan)
  if (!plan) return null
  // With the promo code the checkout was opened with: what it gave, whatever its limits say now.
  const promo = typeof query.promo === 'string' ? await promoOffer(await payloadClient(), query.promo, { plan: String(query.plan), proof: query.proof }) : null
  return termsText(purchaseTerms({ ...plan, priceKopecks: plan.totalKopecks }, { trial: query.trial === '1', now: new Date(), offer: promo?.offer ?? null }), locale)
}

export async function paymentResultMetadata(kind: 'success' | 'fail', params: ResultParams): Promise<Metadata> {
  const { locale } = await params
  if (!isLocale(locale)) return {}
  const t = await getTranslations({ locale, namespace: 'Payment' })
  return { title: kind === 'success' ? t('successTitle') : t('failTitle'), robots: { index: false, follow: false } }
}

export async function PaymentResult({ kind, params, searchParams }: { kind: 'success' | 'fail'; params: ResultParams; searchParams?: ResultQuery }) {
  const { locale } = await params
  if (!isLocale(locale)) notFound()
  setRequestLocale(locale)
  const [t, settings] = await Promise.all([getTranslations({ locale, namespace: 'Payment' }), getSettings(locale)])
  if (kind === 'success') {
    const terms = await promisedTerms(locale, searchParams)
    return (
      <section className="narrow" data-testid="payment-success">
        <h1>{t('successTitle')}</h1>
        {terms ? <p data-testid="payment-terms">{terms}</p> : null}
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
