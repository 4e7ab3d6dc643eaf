// The local test checkout (outside production, without the provider's keys): a clearly labelled page where
// a person pays or declines; the provider's double then sends what the provider would (Stripe's signed
// events, YooKassa's notifications). With YooKassa the buyer also picks how to pay; with either, the test card's last
// digits.
import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { notFound } from 'next/navigation'

import { isLocale, localeOrDefault } from '@/i18n/locales'
import { formatRubles } from '@/lib/billing/rules/pricing'
import { testCheckoutOf } from '@/lib/billing/providers/testCheckout'

export const dynamic = 'force-dynamic'

type Params = Promise<{ variant: string; locale: string; id: string }>

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale } = await params
  const t = await getTranslations({ locale: localeOrDefault(locale), namespace: 'TestCheckout' })
  return { title: t('title'), robots: { index: false, follow: false } }
}

export default async function TestCheckoutPage({ params }: { params: Params }) {
  const { locale, id } = await params
  if (!isLocale(locale)) notFound()
  const checkout = await testCheckoutOf(id)
  if (!checkout) notFound()
  setRequestLocale(locale)
  const [t, methodName] = await Promise.all([getTranslations({ locale, namespace: 'TestCheckout' }), getTranslations({ locale, namespace: 'PaymentMethods' })])
  return (
    <section className="narrow">
      <p className="test-banner" role="note">
        {t('banner')}
      </p>
      <h1>{t('title')}</h1>
      <p>{t('email', { email: checkout.email })}</p>
      <p className="status-line">{t('today', { amount: formatRubles(checkout.amountKopecks, locale) })}</p>
      {checkout.terms ? <p data-testid="checkout-terms">{t('terms', { terms: checkout.terms })}</p> : null}
      {checkout.open ? (
        <form method="post" action={`/api/dev/test-checkout/${id}`} className="actions">
          {checkout.methods.length > 1 ? (
            <fieldset className="purchase__plans">
              <legend>{t('method')}</legend>
              {checkout.methods.map((method, index) => (
                <label key={method} className="purchase__plan">
                  <input type="radio" name="method" value={method} defaultChecked={index === 0} /> {methodName(method)}
                </label>
              ))}
            </fieldset>
          ) : null}
          {/* Each buyer's own test card, where a test tells buyers apart by their card (a referral's "same person" rule). */}
          <label className="field">
            {t('card')}{' '}
            <input className="input" name="last4" inputMode="numeric" pattern="[0-9]{4}" maxLength={4} placeholder={t('cardDefault')} />
          </label>
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
