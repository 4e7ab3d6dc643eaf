// /profile/subscription: status, plan, dates, payment method, the referral link and activation history.
import { getTranslations } from 'next-intl/server'
import { headers } from 'next/headers'

import { ConfirmStep } from '@/components/site/ConfirmStep'
import { currentPageUser } from '@/edge/currentUser'
import { payloadClient } from '@/edge/payload'
import { localeOrDefault } from '@/i18n/locales'
import { Link } from '@/i18n/Link'
import { billingProvider } from '@/lib/billing'
import { acceptedMethodsText, methodNames } from '@/lib/billing/providers/methodNames'
import { subscriptionOf } from '@/lib/billing/record/account'
import { hasUsedCancelDiscount } from '@/lib/billing/record/renewalChoice'
import { formatMoney, formatRubles } from '@/lib/billing/rules/pricing'
import { discounted } from '@/lib/billing/rules/renewalPlan'
import { billingDate } from '@/lib/billing/rules/terms'
import { subscriptionPageView } from '@/lib/billing/subscriptionView'
import { readSiteSettings } from '@/lib/data/siteSettings'
import { env } from '@/lib/env'
import { referralSiteUrl, referralSummaryOf } from '@/lib/referral'

import { ProfileSection, profileMetadata } from '../_components/ProfileSection'
import { CancelDialog } from './_components/CancelDialog'
import { ReferralBox } from './_components/ReferralBox'
import { RenewalActions } from './_components/RenewalActions'

export const dynamic = 'force-dynamic'

const STATUS_KEY = {
  trialing: 'isTrial',
  active: 'isActive',
  past_due: 'isPastDue',
  cancelled: 'isCancelled',
  expired: 'isExpired',
} as const

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
  const tg = await getTranslations({ locale, namespace: 'Gift' })
  const { subscription, history } = view
  const page = subscriptionPageView(subscription, query, locale)
  const date = (iso: string | null | undefined) => (iso ? billingDate(iso, locale) : '—')
  const plan = typeof subscription.tariff === 'object' ? subscription.tariff.name : ''
  const provider = billingProvider()
  const methodName = await methodNames(locale)
  const accepted = provider ? await acceptedMethodsText(locale, provider.methods) : null
  const { referralDays, cancelDiscountPercent } = await readSiteSettings(payload)
  // Bought with Telegram Stars in the site's bot: Telegram renews it, at its price in Stars, with no discount to offer.
  const discountAvailable = page.offering && user && !page.inStars ? !(await hasUsedCancelDiscount(payload, user.id)) : false
  // The subscriber's referral link, and what it brought (src/lib/referral); none while editors have rewards off.
  const summary = referralDays && user ? await referralSummaryOf(payload, user.id) : null
  const referral = summary && referralDays ? { ...summary, days: referralDays, link: referralSiteUrl(summary.code, locale) } : null
  const methodLabel = page.methodToUnlink === null ? null : page.methodToUnlink.kind === 'card' ? page.methodToUnlink.label : methodName(page.methodToUnlink.method)
  const saved = page.savedMethod
  const savedMethod =
    saved.kind === 'stars'
      ? t('telegramStars')
      : saved.kind === 'card'
        ? t('card', { brand: saved.brand, last4: saved.last4, validUntil: saved.validUntil })
        : saved.kind === 'saved'
          ? t('savedMethod', { method: methodName(saved.method) })
          : saved.kind === 'used'
            ? methodName(saved.method)
            : t('noCard')
  const renewal = subscription.renewal
  const until = date(subscription.currentPeriodEnd)
  return (
    <section data-testid="subscription" data-status={subscription.status}>
      <h2>{tp('subscription')}</h2>
      {page.renewalResult ? (
        <p role="status" className="banner" data-testid="renewal-result">
          {page.renewalResult === 'discounted' && renewal?.amountKopecks && renewal.discountPercent && subscription.nextPaymentAt
            ? t('discountedAmount', {
                date: date(subscription.nextPaymentAt),
                amount: formatRubles(discounted(renewal.amountKopecks, renewal.discountPercent), locale),
                price: formatRubles(renewal.amountKopecks, locale),
              })
            : t(`result.${page.renewalResult}`)}
        </p>
      ) : null}
      {page.giftResult ? (
        <p role="status" className="banner" data-testid="gift-result">
          {page.giftResult === 'new' ? tg('redeemedNew', { date: until }) : tg('redeemedExtend')}
        </p>
      ) : null}
      {page.methodResult ? (
        <p role="status" className="banner" data-testid="method-result">
          {t(`method.${page.methodResult}`)}
        </p>
      ) : null}
      <p className="status-line">{t(STATUS_KEY[subscription.status])}</p>
      <div className="actions">
        <RenewalActions locale={locale} action={page.action} until={until} />
      </div>
      {page.offering ? <CancelDialog locale={locale} discount={discountAvailable ? { percent: cancelDiscountPercent, priceKopecks: page.offerPriceKopecks } : null} until={until} /> : null}
      <dl className="details">
        <dt>{t('plan')}</dt>
        <dd>{plan}</dd>
        {subscription.status === 'trialing' ? (
          <>
            <dt>{t('trialEnds')}</dt>
            <dd data-testid="trial-ends">{page.held ? t('trialWaits', { date: date(subscription.trialHold?.until ?? null) }) : date(subscription.trialEndsAt)}</dd>
          </>
        ) : null}
        <dt>{page.ended ? t('endedOn') : t('activeUntil')}</dt>
        <dd data-testid="active-until">{until}</dd>
        {page.nextPayment ? (
          <>
            <dt>{subscription.status === 'past_due' ? t('nextAttempt') : t('nextPayment')}</dt>
            <dd data-testid="next-payment">
              {page.nextPayment.kind === 'none'
                ? t('noNextPayment')
                : page.nextPayment.kind === 'afterTrial'
                  ? t('afterTrial', { amount: page.nextPayment.amount })
                  : page.nextPayment.kind === 'charge'
                    ? t('nextCharge', { date: date(page.nextPayment.at), amount: page.nextPayment.amount })
                    : date(page.nextPayment.at)}
            </dd>
          </>
        ) : null}
        <dt>{t('paymentMethods')}</dt>
        <dd data-testid="payment-method">{savedMethod}</dd>
      </dl>
      {methodLabel && !page.removing ? (
        <p>
          <Link href="/profile/subscription?remove=1#confirm" prefetch={false} scroll={false} className="button button--small">
            {t('removeMethod')}
          </Link>
        </p>
      ) : null}
      {page.removing && methodLabel ? (
        <ConfirmStep
          question={t('removeTitle')}
          consequence={page.ended ? t('removeTextEnded', { method: methodLabel }) : t('removeText', { method: methodLabel, date: until })}
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
      {accepted && !page.ended && !page.inStars ? <p className="status-note">{t('acceptedMethods', { methods: accepted })}</p> : null}
      {env().billing === 'test' && !page.ended && !page.inStars && !page.gifted ? (
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
      {referral ? <ReferralBox locale={locale} referral={referral} /> : null}
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
