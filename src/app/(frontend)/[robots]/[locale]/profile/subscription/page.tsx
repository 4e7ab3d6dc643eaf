// /profile/subscription: status, plan, dates, payment method, the referral link and activation history.
import { getTranslations } from 'next-intl/server'
import { headers } from 'next/headers'

import { ConfirmStep } from '@/components/site/ConfirmStep'
import { Link } from '@/i18n/Link'
import { localeOrDefault } from '@/i18n/locales'
import { currentPageUser } from '@/edge/currentUser'
import { subscriptionOf } from '@/lib/billing/record/account'
import { billingProvider } from '@/lib/billing'
import { acceptedMethodsText, methodNames } from '@/lib/billing/providers/methodNames'
import { isEnded } from '@/lib/billing/rules/lifecycle'
import { hasUsedCancelDiscount } from '@/lib/billing/record/renewalChoice'
import { formatMoney, formatRubles } from '@/lib/billing/rules/pricing'
import { GIFT_PROVIDER, isOneTimeStars, STARS_PROVIDER } from '@/lib/billing/providers/provider'
import { discounted } from '@/lib/billing/rules/renewalPlan'
import { billingDate } from '@/lib/billing/rules/terms'
import { payloadClient } from '@/edge/payload'
import { env } from '@/lib/env'

import { referralSiteUrl, referralSummaryOf } from '@/lib/referral'
import { ProfileSection, profileMetadata } from '../_components/ProfileSection'

export const dynamic = 'force-dynamic'

const STATUS_KEY = {
  trialing: 'isTrial',
  active: 'isActive',
  past_due: 'isPastDue',
  cancelled: 'isCancelled',
  expired: 'isExpired',
} as const

const RESULTS = ['discounted', 'cancelled', 'resumed', 'discountUsed', 'failed'] as const
const METHOD_RESULTS = ['removed', 'none', 'failed'] as const

type SearchParams = Promise<Record<string, string | string[] | undefined>>

export const generateMetadata = profileMetadata('subscription')

export default async function ProfileSubscriptionPage({ params, searchParams }: { params: Promise<{ locale: string }>; searchParams: SearchParams }) {
  const { locale: raw } = await params
  const query = await searchParams
  const locale = localeOrDefault(raw)
  const user = await currentPageUser(await headers())
  const payload = await payloadClient()
  const view = user ? await subscriptionOf(payload, user, locale) : null
  if (!view) return <ProfileSection params={params} title="subscription" empty="subscriptionEmpty" showTariffs />

  const t = await getTranslations({ locale, namespace: 'Subscription' })
  const tp = await getTranslations({ locale, namespace: 'Profile' })
  const { subscription, history } = view
  const date = (iso: string | null | undefined) => (iso ? billingDate(iso, locale) : '—')
  const plan = typeof subscription.tariff === 'object' ? subscription.tariff.name : ''
  const ended = isEnded(subscription.status)
  const held = subscription.status === 'trialing' && Boolean(subscription.trialHold?.until)
  const card = subscription.paymentMethod
  const renews = !ended && !subscription.cancelAtPeriodEnd
  const result = RESULTS.find((key) => key === query.renewal)
  const methodResult = METHOD_RESULTS.find((key) => key === query.method)
  const offering = renews && query.cancel === '1'
  // Bought with Telegram Stars in the site's bot: Telegram renews it, at its price in Stars, with no discount to offer.
  const inStars = subscription.provider?.name === STARS_PROVIDER
  const discountAvailable = offering && user && !inStars ? !(await hasUsedCancelDiscount(payload, user.id)) : false
  const { cancelDiscountPercent } = offering ? await payload.findGlobal({ slug: 'site-settings', depth: 0 }) : { cancelDiscountPercent: 0 }
  const percent = cancelDiscountPercent ?? 30
  const provider = billingProvider()
  const methodName = await methodNames(locale)
  const accepted = provider ? await acceptedMethodsText(locale, provider.methods) : null
  // What the next charge takes: the price agreed at purchase (kept by the site, or read from Stripe), less a pending discount.
  const renewal = subscription.renewal
  const nextAmount = inStars
    ? renewal?.stars
      ? formatMoney(renewal.stars, 'XTR', locale)
      : null
    : renewal?.amountKopecks
      ? formatRubles(discounted(renewal.amountKopecks, renewal.discountPercent ?? null), locale)
      : null
  const savedMethod = inStars
    ? t('telegramStars')
    : card?.last4
    ? t('card', { brand: (card.brand ?? '').toUpperCase(), last4: card.last4, validUntil: card.validUntil ?? '—' })
    : card?.kind && !ended
      ? t('savedMethod', { method: methodName(card.kind) })
      : card?.kind
        ? methodName(card.kind)
        : t('noCard')
  // The saved method as the question to unlink it names it; renewal without one needs a new payment.
  const methodLabel = inStars ? null : card?.last4 ? `${(card.brand ?? '').toUpperCase()} •••• ${card.last4}` : card?.kind ? methodName(card.kind) : null
  // A one-time purchase in Stars (a plan longer than a month) has no renewal to turn back on.
  const starsOnce = isOneTimeStars(subscription)
  // Started by a gift (src/lib/gift): its period, with nothing to renew and no test charges to simulate.
  const gifted = subscription.provider?.name === GIFT_PROVIDER
  const giftResult = query.gift === 'new' || query.gift === 'extend' ? query.gift : null
  const tg = await getTranslations({ locale, namespace: 'Gift' })
  const removing = methodLabel !== null && query.remove === '1'
  // The offer names what the next payment becomes, from the price agreed at purchase.
  const offerPrice = renewal?.amountKopecks && !renewal.discountPercent ? renewal.amountKopecks : null
  // The subscriber's referral link, and what it brought (src/lib/referral); none while editors have rewards off.
  const { referralDays } = await payload.findGlobal({ slug: 'site-settings', depth: 0, select: { referralDays: true } })
  const summary = referralDays && user ? await referralSummaryOf(payload, user.id) : null
  const referral = summary && referralDays ? { ...summary, days: referralDays, link: referralSiteUrl(summary.code, locale) } : null
  return (
    <section data-testid="subscription" data-status={subscription.status}>
      <h2>{tp('subscription')}</h2>
      {result ? (
        <p role="status" className="banner" data-testid="renewal-result">
          {result === 'discounted' && renewal?.amountKopecks && renewal.discountPercent && subscription.nextPaymentAt
            ? t('discountedAmount', {
                date: date(subscription.nextPaymentAt),
                amount: formatRubles(discounted(renewal.amountKopecks, renewal.discountPercent), locale),
                price: formatRubles(renewal.amountKopecks, locale),
              })
            : t(`result.${result}`)}
        </p>
      ) : null}
      {giftResult ? (
        <p role="status" className="banner" data-testid="gift-result">
          {giftResult === 'new' ? tg('redeemedNew', { date: date(subscription.currentPeriodEnd) }) : tg('redeemedExtend')}
        </p>
      ) : null}
      {methodResult ? (
        <p role="status" className="banner" data-testid="method-result">
          {t(`method.${methodResult}`)}
        </p>
      ) : null}
      <p className="status-line">{t(STATUS_KEY[subscription.status])}</p>
      <div className="actions">
        {ended ? (
          <Link href="/tariffs" prefetch={false} className="button button--primary">
            {t('subscribeAgain')}
          </Link>
        ) : subscription.cancelAtPeriodEnd && gifted ? (
          <span className="status-note" data-testid="gift-once">
            {t('giftPaidUntil', { date: date(subscription.currentPeriodEnd) })}
          </span>
        ) : subscription.cancelAtPeriodEnd && starsOnce ? (
          <span className="status-note" data-testid="stars-once">
            {t('starsPaidUntil', { date: date(subscription.currentPeriodEnd) })}
          </span>
        ) : subscription.cancelAtPeriodEnd && !methodLabel && !inStars ? (
          <span className="status-note" data-testid="after-unlink">
            {t('afterUnlink', { date: date(subscription.currentPeriodEnd) })}
          </span>
        ) : subscription.cancelAtPeriodEnd ? (
          <form method="post" action="/api/billing/renewal" className="inline-form">
            <input type="hidden" name="locale" value={locale} />
            <button type="submit" name="choice" value="resume" className="button button--primary">
              {t('extend')}
            </button>
          </form>
        ) : (
          <>
            <span className="status-note">{t('renewsAutomatically')}</span>{' '}
            <Link href="/profile/subscription?cancel=1" prefetch={false} className="button">
              {t('cancelRenewal')}
            </Link>
          </>
        )}
      </div>
      {offering ? (
        <div className="overlay">
          <form method="post" action="/api/billing/renewal" role="dialog" aria-modal="true" aria-labelledby="renewal-title" className="dialog">
            <input type="hidden" name="locale" value={locale} />
            {discountAvailable ? (
              <>
                <h3 id="renewal-title">{t('offerTitle', { percent })}</h3>
                <p>{t('offerText', { percent })}</p>
                {offerPrice ? (
                  <p data-testid="offer-amount">
                    {t('offerAmount', { amount: formatRubles(discounted(offerPrice, percent), locale), price: formatRubles(offerPrice, locale) })}
                  </p>
                ) : null}
                <button type="submit" name="choice" value="discount" className="button button--primary">
                  {t('acceptDiscount')}
                </button>{' '}
                <button type="submit" name="choice" value="cancel" className="button">
                  {t('refuse')}
                </button>
              </>
            ) : (
              <>
                <h3 id="renewal-title">{t('confirmTitle')}</h3>
                <p>{t('confirmText', { date: date(subscription.currentPeriodEnd) })}</p>
                <button type="submit" name="choice" value="cancel" className="button button--primary">
                  {t('confirmYes')}
                </button>{' '}
                <Link href="/profile/subscription" prefetch={false} className="button">
                  {t('keep')}
                </Link>
              </>
            )}
          </form>
        </div>
      ) : null}
      <dl className="details">
        <dt>{t('plan')}</dt>
        <dd>{plan}</dd>
        {subscription.status === 'trialing' ? (
          <>
            <dt>{t('trialEnds')}</dt>
            {/* A trial waiting for the first device (src/lib/billing/record/heldTrial.ts): its dates are not set yet. */}
            <dd data-testid="trial-ends">{held ? t('trialWaits', { date: date(subscription.trialHold?.until ?? null) }) : date(subscription.trialEndsAt)}</dd>
          </>
        ) : null}
        <dt>{ended ? t('endedOn') : t('activeUntil')}</dt>
        <dd data-testid="active-until">{date(subscription.currentPeriodEnd)}</dd>
        {!ended ? (
          <>
            <dt>{subscription.status === 'past_due' ? t('nextAttempt') : t('nextPayment')}</dt>
            <dd data-testid="next-payment">
              {subscription.cancelAtPeriodEnd
                ? t('noNextPayment')
                : held && nextAmount
                  ? t('afterTrial', { amount: nextAmount })
                  : nextAmount && subscription.nextPaymentAt
                    ? t('nextCharge', { date: date(subscription.nextPaymentAt), amount: nextAmount })
                    : date(subscription.nextPaymentAt)}
            </dd>
          </>
        ) : null}
        <dt>{t('paymentMethods')}</dt>
        <dd data-testid="payment-method">{savedMethod}</dd>
      </dl>
      {methodLabel && !removing ? (
        <p>
          <Link href="/profile/subscription?remove=1#confirm" prefetch={false} scroll={false} className="button button--small">
            {t('removeMethod')}
          </Link>
        </p>
      ) : null}
      {removing ? (
        <ConfirmStep
          question={t('removeTitle')}
          consequence={ended ? t('removeTextEnded', { method: methodLabel }) : t('removeText', { method: methodLabel, date: date(subscription.currentPeriodEnd) })}
          action="/api/billing/payment-method"
          confirmLabel={t('removeYes')}
          locale={locale}
          cancelHref="/profile/subscription"
          cancelLabel={t('keepMethod')}
          testId="remove-method"
        >
          <input type="hidden" name="choice" value="unlink" />
        </ConfirmStep>
      ) : null}
      {accepted && !ended && !inStars ? <p className="status-note">{t('acceptedMethods', { methods: accepted })}</p> : null}
      {env().billing === 'test' && !ended && !inStars && !gifted ? (
        <form method="post" className="test-banner" data-testid="test-controls">
          <p>{t('testTitle')}</p>
          <input type="hidden" name="locale" value={locale} />
          <button type="submit" formAction="/api/dev/billing/renew" className="button button--small">{t('testRenew')}</button>{' '}
          <button type="submit" formAction="/api/dev/billing/fail-renewal" className="button button--small">{t('testFailRenewal')}</button>{' '}
          <button type="submit" formAction="/api/dev/billing/expire" className="button button--small">{t('testExpire')}</button>{' '}
          {subscription.status === 'trialing' && !provider?.runsRenewals ? (
            <button type="submit" formAction="/api/dev/billing/trial-will-end" className="button button--small">{t('testTrialWillEnd')}</button>
          ) : null}
        </form>
      ) : null}
      {referral ? (
        <div data-testid="referral">
          <h3>{t('referralTitle')}</h3>
          <p>{t('referralText', { days: referral.days })}</p>
          <input className="input" readOnly value={referral.link} aria-label={t('referralTitle')} data-testid="referral-link" />
          <p className="status-note" data-testid="referral-counts">
            {t('referralCounts', { friends: referral.friends, rewarded: referral.rewarded, days: referral.earnedDays })}
          </p>
          {referral.waitingDays > 0 ? (
            <p className="status-note" data-testid="referral-waiting">
              {t('referralWaiting', { days: referral.waitingDays })}
            </p>
          ) : null}
        </div>
      ) : null}
      <h3>{t('history')}</h3>
      <ul className="history" data-testid="history">
        {history.map((event) => (
          <li key={event.id}>
            {date(event.occurredAt)} — {t(`events.${event.type}`)}
            {event.amountKopecks ? `, ${formatRubles(event.amountKopecks, locale)}` : event.amountStars ? `, ${formatMoney(event.amountStars, 'XTR', locale)}` : ''}
          </li>
        ))}
      </ul>
    </section>
  )
}
