// What My subscription (/profile/subscription) shows, decided from the subscription and the page's address: the page
// reads, this decides, its sections render. Pure, so each case is a unit test (tests/unit/billing/subscriptionView.test.ts).
import type { Locale } from '@/i18n/locales'
import type { Subscription } from '@/payload-types'

import { GIFT_PROVIDER, isOneTimeStars, STARS_PROVIDER } from './providers/provider'
import { isEnded } from './rules/lifecycle'
import { formatMoney, formatRubles } from './rules/pricing'
import { discounted } from './rules/renewalPlan'

/** The answers of the renewal choice (?renewal=…) and of unlinking the saved method (?method=…). */
export const RENEWAL_RESULTS = ['discounted', 'cancelled', 'resumed', 'discountUsed', 'failed'] as const
export const METHOD_RESULTS = ['removed', 'none', 'failed'] as const

export type SubscriptionQuery = Record<string, string | string[] | undefined>

/** A saved way to pay other than a card's details: bank card, SBP, SberPay, YooMoney. */
type MethodKind = NonNullable<NonNullable<Subscription['paymentMethod']>['kind']>

/** What the line of actions under the status offers. */
export type RenewalAction =
  | 'subscribeAgain' // ended: buy again
  | 'giftOnce' // a gift: paid until its end, nothing renews
  | 'starsOnce' // a one-time purchase in Stars
  | 'afterUnlink' // renewal off because the saved method was unlinked: a new payment is needed
  | 'resume' // renewal off: turn it back on
  | 'cancel' // renews automatically: the way to turn it off

/** What the saved way to pay reads as. */
export type SavedMethod =
  | { kind: 'stars' }
  | { kind: 'card'; brand: string; last4: string; validUntil: string }
  | { kind: 'saved'; method: MethodKind } // a saved method other than a card, on a live subscription
  | { kind: 'used'; method: MethodKind } // the same, after the end
  | { kind: 'none' }

/** The "next payment" line. */
export type NextPayment =
  | { kind: 'none' } // renewal is off
  | { kind: 'afterTrial'; amount: string } // a trial waiting for its first device: charged when it ends
  | { kind: 'charge'; at: string; amount: string }
  | { kind: 'date'; at: string | null }

export type SubscriptionPageView = {
  ended: boolean
  /** A trial waiting for the first device (src/lib/billing/record/heldTrial.ts): its dates are not set yet. */
  held: boolean
  inStars: boolean
  gifted: boolean
  renewalResult: (typeof RENEWAL_RESULTS)[number] | null
  methodResult: (typeof METHOD_RESULTS)[number] | null
  giftResult: 'new' | 'extend' | null
  action: RenewalAction
  /** The cancel dialog is open (?cancel=1 on a subscription that renews). */
  offering: boolean
  nextPayment: NextPayment | null
  savedMethod: SavedMethod
  /** The saved method as the question to unlink it names it: a card's brand and last digits, or the method's kind. */
  methodToUnlink: { kind: 'card'; label: string } | { kind: 'method'; method: MethodKind } | null
  /** The question to unlink the saved method is open (?remove=1). */
  removing: boolean
  /** What the next payment was agreed at, for the discount offer to name (none while a discount is pending). */
  offerPriceKopecks: number | null
}

export function subscriptionPageView(subscription: Subscription, query: SubscriptionQuery, locale: Locale): SubscriptionPageView {
  const ended = isEnded(subscription.status)
  const held = subscription.status === 'trialing' && Boolean(subscription.trialHold?.until)
  const inStars = subscription.provider?.name === STARS_PROVIDER
  const gifted = subscription.provider?.name === GIFT_PROVIDER
  const card = subscription.paymentMethod
  const renewal = subscription.renewal
  const methodToUnlink: SubscriptionPageView['methodToUnlink'] = inStars
    ? null
    : card?.last4
      ? { kind: 'card', label: `${(card.brand ?? '').toUpperCase()} •••• ${card.last4}` }
      : card?.kind
        ? { kind: 'method', method: card.kind }
        : null
  const nextAmount = inStars
    ? renewal?.stars
      ? formatMoney(renewal.stars, 'XTR', locale)
      : null
    : renewal?.amountKopecks
      ? formatRubles(discounted(renewal.amountKopecks, renewal.discountPercent ?? null), locale)
      : null
  return {
    ended,
    held,
    inStars,
    gifted,
    renewalResult: RENEWAL_RESULTS.find((key) => key === query.renewal) ?? null,
    methodResult: METHOD_RESULTS.find((key) => key === query.method) ?? null,
    giftResult: query.gift === 'new' || query.gift === 'extend' ? query.gift : null,
    action: actionOf(subscription, { ended, gifted, inStars, hasMethod: methodToUnlink !== null }),
    offering: !ended && !subscription.cancelAtPeriodEnd && query.cancel === '1',
    nextPayment: ended ? null : nextPaymentOf(subscription, held, nextAmount),
    savedMethod: inStars
      ? { kind: 'stars' }
      : card?.last4
        ? { kind: 'card', brand: (card.brand ?? '').toUpperCase(), last4: card.last4, validUntil: card.validUntil ?? '—' }
        : card?.kind
          ? { kind: ended ? 'used' : 'saved', method: card.kind }
          : { kind: 'none' },
    methodToUnlink,
    removing: methodToUnlink !== null && query.remove === '1',
    offerPriceKopecks: renewal?.amountKopecks && !renewal.discountPercent ? renewal.amountKopecks : null,
  }
}

function actionOf(subscription: Subscription, { ended, gifted, inStars, hasMethod }: { ended: boolean; gifted: boolean; inStars: boolean; hasMethod: boolean }): RenewalAction {
  if (ended) return 'subscribeAgain'
  if (!subscription.cancelAtPeriodEnd) return 'cancel'
  if (gifted) return 'giftOnce'
  if (isOneTimeStars(subscription)) return 'starsOnce'
  if (!hasMethod && !inStars) return 'afterUnlink'
  return 'resume'
}

function nextPaymentOf(subscription: Subscription, held: boolean, amount: string | null): NextPayment {
  if (subscription.cancelAtPeriodEnd) return { kind: 'none' }
  if (held && amount) return { kind: 'afterTrial', amount }
  if (amount && subscription.nextPaymentAt) return { kind: 'charge', at: subscription.nextPaymentAt, amount }
  return { kind: 'date', at: subscription.nextPaymentAt ?? null }
}
