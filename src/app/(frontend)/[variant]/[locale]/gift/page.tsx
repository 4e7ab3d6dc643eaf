// /gift: buy a plan's period for someone else (one payment, no renewal; the code goes to the buyer's e-mail), and
// redeem a code (signed in: into the account's subscription). Rendered per request (the code of a link is in the form,
// and nothing personal is ever kept by a cache: the page is not cached).
import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { headers } from 'next/headers'
import { notFound } from 'next/navigation'

import { isLocale } from '@/i18n/locales'
import { currentPageUser } from '@/edge/currentUser'
import { billingProvider } from '@/lib/billing'
import { formatRubles } from '@/lib/billing/rules/pricing'
import { getPlans } from '@/lib/data/tariffs'
import { payloadClient } from '@/edge/payload'
import { normalizeGiftCode } from '@/lib/gift/rules'

export const dynamic = 'force-dynamic'

type Params = Promise<{ variant: string; locale: string }>
type SearchParams = Promise<Record<string, string | string[] | undefined>>

const ERRORS = ['invalidEmail', 'invalidValueForEmail', 'invalidPlan', 'unavailable', 'checkoutFailed', 'giftInvalid', 'giftUsedByYou', 'giftTooMany'] as const

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale } = await params
  if (!isLocale(locale)) return {}
  const t = await getTranslations({ locale, namespace: 'Gift' })
  return { title: t('title'), robots: { index: false, follow: false } }
}

const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : '')

export default async function GiftPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { locale } = await params
  if (!isLocale(locale)) notFound()
  setRequestLocale(locale)
  const query = await searchParams
  const [t, plans, user] = await Promise.all([getTranslations({ locale, namespace: 'Gift' }), getPlans(locale), currentPageUser(await headers())])
  const error = ERRORS.find((key) => key === one(query.error)) ?? null
  const chosen = Number(one(query.plan)) || plans[0]?.id
  // Back from the payment page: whether the code is on its way (the order is the buyer's own, from their checkout).
  const order = one(query.bought)
  const bought = /^gift_[0-9a-f]{32}$/.test(order)
    ? ((await (await payloadClient()).find({ collection: 'gifts', where: { 'provider.order': { equals: order } }, limit: 1, depth: 0, select: { status: true } })).docs[0] ?? null)
    : null
  const code = normalizeGiftCode(one(query.code)) ?? one(query.code).slice(0, 40)
  const selling = billingProvider() !== null
  return (
    <div className="narrow">
      <h1>{t('title')}</h1>
      {bought ? (
        <p role="status" className="banner" data-testid="gift-bought">
          {bought.status === 'pending' ? t('boughtPending') : t('bought')}
        </p>
      ) : null}
      <section id="redeem" aria-labelledby="redeem-title">
        <h2 id="redeem-title">{t('redeemTitle')}</h2>
        <p>{user ? t('redeemText') : t('redeemSignIn')}</p>
        <form method="post" action="/api/gift/redeem" className="auth" data-testid="gift-redeem">
          <input type="hidden" name="locale" value={locale} />
          <label className="field">
            {t('code')}
            <input className="input" name="code" required maxLength={40} autoComplete="off" defaultValue={code} placeholder="XXXX-XXXX-XXXX-XXXX" />
          </label>
          {error?.startsWith('gift') ? (
            <p className="auth__error" role="alert" data-testid="gift-error">
              {t(error)}
            </p>
          ) : null}
          <button type="submit" className="button button--primary">
            {t('redeem')}
          </button>
        </form>
      </section>
      {selling ? (
        <section id="buy" aria-labelledby="buy-title">
          <h2 id="buy-title">{t('buyTitle')}</h2>
          <p>{t('buyText')}</p>
          <form method="post" action="/api/gift/checkout" className="auth" data-testid="gift-buy">
            <input type="hidden" name="locale" value={locale} />
            <fieldset className="purchase__plans">
              <legend>{t('plan')}</legend>
              {plans.map((plan) => (
                <label key={plan.id} className="purchase__plan">
                  <input type="radio" name="plan" value={plan.id} defaultChecked={plan.id === chosen} /> {t('planOption', { plan: plan.name, price: formatRubles(plan.totalKopecks, locale) })}
                </label>
              ))}
            </fieldset>
            <label className="field">
              {t('email')}
              <input className="input" type="email" name="email" required maxLength={254} autoComplete="email" defaultValue={one(query.email) || (user && !user.email.endsWith('.invalid') ? user.email : '')} />
            </label>
            {error && !error.startsWith('gift') ? (
              <p className="auth__error" role="alert" data-testid="gift-buy-error">
                {t(error)}
              </p>
            ) : null}
            <p className="status-note">{t('terms')}</p>
            <button type="submit" className="button button--primary">
              {t('pay')}
            </button>
          </form>
        </section>
      ) : null}
    </div>
  )
}
