// What the site needs from a payment provider. Stripe implements it (src/lib/billing/stripe.ts); the
// local test checkout is the same implementation talking to a Stripe double, so both share one path.
import type { Locale } from '@/i18n/locales'

import type { SubscriptionState } from './lifecycle'

export type CheckoutPlan = {
  id: number
  name: string
  months: number
  priceKopecks: number
  trialDays: number
  trialFeeKopecks: number
}

export type CheckoutInput = {
  email: string
  userId: number | null
  plan: CheckoutPlan
  locale: Locale
  successUrl: string
  cancelUrl: string
  /** The same key for a repeated submission of one form, so it opens one checkout. */
  idempotencyKey: string
}

/** What we put on the provider's subscription so any of its events leads back to the buyer and plan. */
export type SubscriptionMetadata = { email: string; userId: number | null; tariffId: number | null; locale: Locale }

export type PaymentMethodSummary = { brand: string; last4: string; validUntil: string }

/** The provider's current view of a subscription, already in our terms. */
export type ProviderSubscription = SubscriptionState & {
  id: string
  customerId: string | null
  metadata: SubscriptionMetadata
  paymentMethod: PaymentMethodSummary | null
  hasDiscount: boolean
}

export type BillingEvent = {
  id: string
  type: string
  /** Unix seconds, as the provider stamped the event. */
  created: number
  subscriptionId: string | null
  /** For invoice events: the payment. */
  invoice: { id: string; amountPaidKopecks: number; reason: string | null } | null
}

export class SignatureError extends Error {
  override name = 'SignatureError'
}

export interface BillingProvider {
  readonly name: 'stripe'
  /** True when this is the local test checkout, not real payments. */
  readonly isTest: boolean
  createCheckout(input: CheckoutInput): Promise<{ url: string }>
  /** Verifies the signature on the raw body; throws SignatureError when it does not match or is stale. */
  verifyEvent(rawBody: string, signature: string | null): Promise<BillingEvent>
  /** The current state, re-read from the provider; null when it is not a subscription of ours (yet). */
  getSubscription(id: string): Promise<ProviderSubscription | null>
  setCancelAtPeriodEnd(id: string, cancel: boolean, idempotencyKey: string): Promise<void>
  /** A one-time percentage off the next invoice. */
  applyOnceDiscount(id: string, percentOff: number, idempotencyKey: string): Promise<void>
  cancelNow(id: string, idempotencyKey: string): Promise<void>
  /** Free time granted by an editor: the next charge moves to `until`, nothing is charged for the gap. */
  extendTo(id: string, until: Date, idempotencyKey: string): Promise<void>
}
