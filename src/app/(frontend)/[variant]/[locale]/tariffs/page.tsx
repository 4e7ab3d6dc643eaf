// /tariffs: the VIP plans with monthly price, total and saving, the trial, benefits, rating, a real
// speed test and the purchase form.
import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { notFound } from 'next/navigation'

import { PurchaseForm } from '@/components/billing/PurchaseForm'
import { SpeedTest } from '@/components/billing/SpeedTest'
import { IslandTexts } from '@/components/site/IslandTexts'
import { isLocale } from '@/i18n/locales'
import { billingProvider } from '@/lib/billing'
import { receiptEmailNeededWith } from '@/lib/billing/checkout'
import { siteBotConfig, sellsOnSiteInBot } from '@/lib/bot/config'
import { botTranslator } from '@/lib/bot/context'
import { starsTerms } from '@/lib/bot/starsInvoice'
import { acceptedMethodsText } from '@/lib/billing/providers/methodNames'
import { formatMoney, formatRubles, trialOffer } from '@/lib/billing/rules/pricing'
import { billingDate, purchaseTerms, termsText } from '@/lib/billing/rules/terms'
import { getSettings } from '@/lib/data/settings'
import { localizedPath } from '@/lib/routing/localizedPath'
import { getPlans } from '@/lib/data/tariffs'
import { env } from '@/lib/env'
import { pageMetadata } from '@/lib/seo/alternates'
import { isRobotsMode } from '@/lib/seo/robots'

type Params = Promise<{ variant: string; locale: string }>

// The trial's end date is stated on the page: re-rendered every ten minutes.
export const revalidate = 600

export function generateStaticParams(): never[] {
  return []
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { variant: robots, locale } = await params
  if (!isLocale(locale) || !isRobotsMode(robots)) return {}
  const [t, plans, settings] = await Promise.all([getTranslations({ locale, namespace: 'Tariffs' }), getPlans(locale), getSettings(locale)])
  const offer = trialOffer(plans)
  const description = [
    t('description', { countries: settings.claimedCountries }),
    offer ? t('descriptionTrial', { every: offer.every ? 'yes' : 'no', days: offer.days, fee: formatRubles(offer.feeKopecks, locale) }) : '',
  ]
  return pageMetadata({ pathname: '/tariffs', locale, robots, title: t('title'), description: description.join(' ').trim() })
}

export default async function TariffsPage({ params }: { params: Params }) {
  const { locale } = await params
  if (!isLocale(locale)) notFound()
  setRequestLocale(locale)
  const [t, plans, settings] = await Promise.all([getTranslations({ locale, namespace: 'Tariffs' }), getPlans(locale), getSettings(locale)])
  const rub = (kopecks: number) => formatRubles(kopecks, locale)
  // The page is re-rendered every ten minutes: the dates it promises are today's.
  const now = new Date()
  const termsOf = (plan: (typeof plans)[number], trial: boolean) => purchaseTerms({ ...plan, priceKopecks: plan.totalKopecks }, { trial, now })
  // The trial figures come from the plans editors set: one offer when every plan has the same, else per plan.
  const offer = trialOffer(plans)
  const billing = env().billing
  const provider = billingProvider()
  const methods = provider ? await acceptedMethodsText(locale, provider.methods) : null
  return (
    <div className="tariffs">
      <h1>{t('heading')}</h1>
      <p className="cover__subtitle">{t('intro')}</p>
      {offer?.every ? (
        <p className="banner banner__title" data-testid="trial-offer">
          {t('trial', { days: offer.days, fee: rub(offer.feeKopecks) })}
        </p>
      ) : null}

      <ul className="plans" aria-label={t('plan')}>
        {plans.map((plan) => (
          <li key={plan.id} className="plan" data-testid={`plan-${plan.months}`}>
            <h2 className="plan__name">{plan.name}</h2>
            <p className="plan__monthly">{t('perMonth', { price: rub(plan.monthlyKopecks) })}</p>
            <p className="plan__total">{t('total', { price: rub(plan.totalKopecks) })}</p>
            {plan.savingKopecks > 0 ? (
              <p className="plan__saving">{t('saving', { amount: rub(plan.savingKopecks), percent: plan.savingPercent })}</p>
            ) : null}
            {plan.features.length > 0 ? (
              <ul className="plan__features">
                {plan.features.map((feature, index) => (
                  <li key={index}>{feature}</li>
                ))}
              </ul>
            ) : null}
            {plan.trialDays > 0 && !offer?.every ? (
              <p className="plan__trial-offer">{t('planTrial', { days: plan.trialDays, fee: rub(plan.trialFeeKopecks) })}</p>
            ) : null}
            {plan.trialDays > 0 ? (
              <p className="plan__trial">
                {plan.trialStartsOnConnect
                  ? t('trialNoteHeld', { price: rub(plan.totalKopecks), months: plan.months })
                  : t('trialNote', { price: rub(plan.totalKopecks), months: plan.months, date: billingDate(termsOf(plan, true).renewsAt, locale) })}
              </p>
            ) : null}
            {/* The whole card is the tap target (the link's ::after covers it): the form below, with this plan chosen. */}
            <a href="#buy" className="plan__choose" data-plan={plan.id}>
              {plan.trialDays > 0 ? t('tryPlan', { fee: rub(plan.trialFeeKopecks) }) : t('choosePlan')}
              <span className="visually-hidden"> — {plan.name}</span>
            </a>
          </li>
        ))}
      </ul>

      <div className="tariffs__grid">
        <section>
          <h2>{t('benefitsTitle')}</h2>
          <ul className="benefits">
            <li>{t('benefitTraffic')}</li>
            <li>{t('benefitDevices')}</li>
            <li>{settings.speedClaim ?? t('benefitSpeed')}</li>
            <li>{t('benefitCountries', { count: settings.claimedCountries })}</li>
          </ul>
          {settings.rating ? (
            <>
              <h2>{t('ratingTitle')}</h2>
              <p className="rating">
                <span aria-hidden="true">★ </span>
                {t('rating', { score: settings.rating.score, count: settings.rating.reviews })}
              </p>
            </>
          ) : null}
          <h2>{t('speedTitle')}</h2>
          <p>{t('speedIntro')}</p>
          <SpeedTest />
        </section>
        <section className="narrow">
          <h2>{t('formTitle')}</h2>
          {billing === 'test' ? <p className="banner">{t('testMode')}</p> : null}
          <PurchaseForm
            enabled={billing !== 'disabled'}
            plans={plans.map((plan) => ({
              id: plan.id,
              label: `${plan.name} — ${rub(plan.totalKopecks)}`,
              price: rub(plan.totalKopecks),
              submit: plan.trialDays > 0 ? t('submit', { fee: rub(plan.trialFeeKopecks) }) : t('submitFull', { price: rub(plan.totalKopecks) }),
              terms: termsText(termsOf(plan, true), locale),
              termsFull: termsText(termsOf(plan, false), locale),
              starsButton: plan.starsPrice === null ? null : t('starsPay', { stars: formatMoney(plan.starsPrice, 'XTR', locale) }),
              starsTerms: plan.starsPrice === null ? null : starsTerms(botTranslator(locale), locale, { months: plan.months, starsPrice: plan.starsPrice }),
            }))}
            stars={
              siteBotConfig() && plans.some((plan) => plan.starsPrice !== null)
                ? {
                    siteCheckout: sellsOnSiteInBot(),
                    paidPath: localizedPath('/profile/subscription', locale),
                    texts: { failed: t('starsFailed'), unavailable: t('starsUnavailable'), notOnSale: t('starsNotOnSale'), alreadyVip: t('alreadySubscribed'), tooFast: t('starsTooFast'), noStars: t('starsNone') },
                  }
                : null
            }
            consentLabel={provider?.runsRenewals ? t('consent') : null}
            receiptEmail={receiptEmailNeededWith(provider?.name ?? null, settings.receiptsOn)}
          />
          {methods ? (
            <p className="status-note" data-testid="accepted-methods">
              {t('acceptedMethods', { methods })}
            </p>
          ) : null}
          {billing !== 'disabled' ? (
            <p>
              <a href={localizedPath('/gift', locale)} data-testid="gift-link">
                {t('giftLink')}
              </a>
            </p>
          ) : null}
        </section>
      </div>
      <IslandTexts locale={locale} set="tariffs" />
    </div>
  )
}
