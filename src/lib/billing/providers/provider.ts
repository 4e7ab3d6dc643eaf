// What the site needs from a payment provider, one module per provider. Stripe runs the subscription
// itself (src/lib/billing/providers/stripe.ts): the site mirrors it from signed events. YooKassa only takes payments
// (src/lib/billing/providers/yookassa.ts): the site runs the subscription and charges renewals from the saved
// method (siteRenewals.ts). The local test checkout is the same module talking to the provider's double.
import type { Locale } from '@/i18n/locales'

import type { SubscriptionState } from '../rules/lifecycle'

export type CheckoutPlan = {
  id: number
  name: string
  months: number
  priceKopecks: number
  /** Days of trial before the first charge (the plan's, or a promo code's longer one); 0 when the first period is paid today. */
  trialDays: number
  trialFeeKopecks: number
  /**
   * The first payment (src/lib/promo/rules.ts, firstPurchase): today's amount (the trial fee during a trial, else the
   * first period's price after a promo code's discount), the code's extra days in the first period, and the code.
   */
  first: { todayKopecks: number; extraDays: number; discountKopecks: number; promo: { id: number; code: string } | null }
  /**
   * A trial that starts at the first connection (heldTrial.ts): its own days, while `trialDays` is the longest it may
   * last (the days after the longest wait), which the provider is first told; 0 for a trial that starts now.
   */
  trialHoldDays: number
}

/** What a subscription's first payment was bought with, as the provider carries it back in its metadata. */
export type PromoMetadata = { id: number; discountKopecks: number; extraDays: number; trialDays: number }

export type CheckoutInput = {
  email: string
  userId: number | null
  plan: CheckoutPlan
  locale: Locale
  successUrl: string
  cancelUrl: string
  /** Where a provider that sends the buyer back to one address whatever happened (YooKassa) returns them. */
  returnUrl: string
  /** Named in the payment's description (YooKassa: the receipt and the bank statement). */
  siteName: string
  /** 54-FZ receipts, when the shop has them turned on (YooKassa). */
  receipts: ReceiptSettings | null
  /**
   * What the buyer agrees to, in their language (src/lib/billing/rules/terms.ts): shown on the provider's payment page
   * (`short` is YooKassa's description, at most 128 characters; `full` is Stripe's text beside the pay button).
   */
  terms: { full: string; short: string }
  /** The same key for a repeated submission of one form, so it opens one checkout. */
  idempotencyKey: string
  /** The account whose referral link the buyer came by (src/lib/referral), carried back in the metadata. */
  referrerId?: number | null
}

/** What we put on the provider's subscription so any of its events leads back to the buyer and plan. */
export type SubscriptionMetadata = {
  email: string
  userId: number | null
  tariffId: number | null
  locale: Locale
  promo?: PromoMetadata | null
  /** The days of a trial that waits for the first device (heldTrial.ts); null for none. */
  trialHoldDays?: number | null
  /** The account whose referral link the buyer came by (src/lib/referral); null for none. */
  referrerId?: number | null
}

/** What the account shows of the saved method: never a full card number. */
export type PaymentMethodSummary = { kind: PaymentMethodKind; brand: string; last4: string; validUntil: string }

/** The ways to pay a provider accepts, named on the purchase form and the subscription page. */
export const PAYMENT_METHOD_KINDS = ['card', 'sbp', 'sberpay', 'yoomoney'] as const
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number]

/** The provider's current view of a subscription, already in our terms. */
export type ProviderSubscription = SubscriptionState & {
  id: string
  customerId: string | null
  metadata: SubscriptionMetadata
  paymentMethod: PaymentMethodSummary | null
  hasDiscount: boolean
  /** The recurring price and period on the provider's subscription (Stripe); a site-run one keeps its own terms. */
  price?: { amountKopecks: number; months: number }
  /** The provider's subscription has no saved method any more (it was detached): renewals cannot be charged. */
  methodDetached?: boolean
}

export type BillingEvent = {
  id: string
  type: string
  /** Unix seconds, as the provider stamped the event. */
  created: number
  subscriptionId: string | null
  /** For invoice events: the payment. */
  invoice: { id: string; amountPaidKopecks: number; reason: string | null } | null
  /** A gift's payment (src/lib/gift), or a refund of a payment that may be one. */
  gift?: { kind: 'paid'; giftId: number; payment: string; amountKopecks: number } | { kind: 'refunded'; payment: string } | null
}

export class SignatureError extends Error {
  override name = 'SignatureError'
}

/** Money returned to the buyer from one of their payments, as staff ask it from the subscription's page. */
export type RefundInput = {
  /** The payment as the history names it: Stripe's invoice id, YooKassa's payment id. */
  paymentReference: string
  amountKopecks: number
  /** The 54-FZ refund receipt (YooKassa, when the shop has receipts on). */
  receipt: Receipt | null
  idempotencyKey: string
}

/** A plan's period bought once as a gift (src/lib/gift): one payment, no trial, nothing saved for renewals. */
export type GiftCheckoutInput = {
  email: string
  plan: { id: number; name: string; months: number; priceKopecks: number }
  locale: Locale
  giftId: number
  /** Our order id: the idempotency of the payment, and what the buyer comes back with. */
  order: string
  successUrl: string
  cancelUrl: string
  /** Where a provider that sends the buyer back to one address whatever happened (YooKassa) returns them. */
  returnUrl: string
  siteName: string
  receipts: ReceiptSettings | null
  /** What the payer is shown beside the amount. */
  description: string
  idempotencyKey: string
}

/** The subscriptions a gift starts (src/lib/gift): no provider charges them, and they end with their period. */
export const GIFT_PROVIDER = 'gift'

type ProviderBase = {
  /** True when this is the local test checkout, not real payments. */
  readonly isTest: boolean
  readonly methods: readonly PaymentMethodKind[]
  /** The payment page to send the buyer to; `paymentId` when the site must look the payment up on their return. */
  createCheckout(input: CheckoutInput): Promise<{ url: string; order?: { id: string; paymentId: string; amountKopecks: number } }>
  /** The payment page for a gift; `paymentId` when the provider names the payment at once (YooKassa). */
  createGiftCheckout(input: GiftCheckoutInput): Promise<{ url: string; paymentId: string | null }>
  /** Returns `amountKopecks` of a payment to the buyer; the provider's id of the refund. */
  refund(input: RefundInput): Promise<{ id: string }>
}

/** A provider that runs subscriptions itself (Stripe): the site changes them there and mirrors its events. */
export interface ProviderRunBilling extends ProviderBase {
  readonly name: 'stripe'
  readonly runsRenewals: false
  /** Verifies the signature on the raw body; throws SignatureError when it does not match or is stale. */
  verifyEvent(rawBody: string, signature: string | null): Promise<BillingEvent>
  /** The current state, re-read from the provider; null when it is not a subscription of ours (yet). */
  getSubscription(id: string): Promise<ProviderSubscription | null>
  setCancelAtPeriodEnd(id: string, cancel: boolean, idempotencyKey: string): Promise<void>
  /** A one-time percentage off the next invoice. */
  applyOnceDiscount(id: string, percentOff: number, idempotencyKey: string): Promise<void>
  cancelNow(id: string, idempotencyKey: string): Promise<void>
  /**
   * Free time granted by staff: the next charge moves to `until`, nothing is charged for the gap. `paid`: the
   * subscription is past its own trial, so the time is granted time, which the provider's view reads as active.
   */
  extendTo(id: string, until: Date, paid: boolean, idempotencyKey: string): Promise<void>
  /** Marks a trial a paid subscription is in as granted time (given in the provider's dashboard, or before the mark). */
  markGrantedTime(id: string): Promise<void>
  /** Detaches the subscription's saved method from the customer: the provider can no longer charge it. */
  detachPaymentMethod(id: string): Promise<void>
}

/** A payment as a site-run provider reports it, re-read from its API (never taken from a notification's body). */
export type ProviderPayment = {
  id: string
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled'
  amountKopecks: number
  /** Kopecks returned to the buyer so far. */
  refundedKopecks: number
  /** The saved method to charge renewals from, when the buyer agreed to save it. */
  savedMethodId: string | null
  method: PaymentMethodSummary | null
  createdAt: string
  capturedAt: string | null
  /** Why it was declined, in the provider's words (`insufficient_funds`, `expired_on_confirmation`…). */
  cancellationReason: string | null
  metadata: Record<string, string>
}

export type ChargeInput = {
  amountKopecks: number
  savedMethodId: string
  description: string
  metadata: Record<string, string>
  receipt: Receipt | null
  idempotencyKey: string
}

export type ReceiptSettings = { vatCode: number; taxSystemCode: number | null }

/** A 54-FZ receipt as YooKassa takes it with a payment. */
export type Receipt = {
  customer: { email: string }
  items: {
    description: string
    quantity: number
    amount: { value: string; currency: 'RUB' }
    vat_code: number
    payment_subject: 'service'
    payment_mode: 'full_payment'
  }[]
  tax_system_code?: number
}

/** A provider that only takes payments (YooKassa): the site runs the subscription and charges renewals. */
export interface SiteRunBilling extends ProviderBase {
  readonly name: 'yookassa'
  readonly runsRenewals: true
  /** The payment a notification is about (its id only; what happened is re-read), or null when it is not one of ours. */
  notificationPaymentId(rawBody: string): Promise<string | null>
  getPayment(id: string): Promise<ProviderPayment | null>
  /** Charges the saved method (capture at once); the same key returns the same payment. */
  charge(input: ChargeInput): Promise<ProviderPayment>
}

export type BillingProvider = ProviderRunBilling | SiteRunBilling

/** Telegram Stars, which the site's bot takes beside the site's own provider (src/lib/billing/providers/stars.ts). */
export const STARS_PROVIDER = 'telegram-stars'

/** Whether a plan bought for Stars renews (monthly plans: a Stars subscription); the others are one payment. */
export const renewsInStars = (months: number) => months === 1

/** A period bought with one Stars payment: it has no renewal to turn off or on. */
export function isOneTimeStars(subscription: { provider?: { name?: string | null } | null; renewal?: { months?: number | null } | null }): boolean {
  return subscription.provider?.name === STARS_PROVIDER && !renewsInStars(subscription.renewal?.months ?? 0)
}

