// Stripe: Checkout in subscription mode in rubles, the 10-day trial with a one-time 1-ruble charge,
// webhook signatures, and the subscription re-read into our terms. Every write carries an idempotency key.
import Stripe from 'stripe'

import { isLocale } from '@/i18n/locales'

import type { SubscriptionStatus } from '../rules/lifecycle'
import { SignatureError } from './provider'
import { firstPeriod } from '../rules/renewalPlan'
import { firstPeriodItemName, trialItemName } from '../rules/terms'
import type { BillingEvent, CheckoutInput, GiftCheckoutInput, ProviderRunBilling, ProviderSubscription, RefundInput, SubscriptionMetadata } from './provider'

export type StripeSettings = { secretKey: string; webhookSecret: string; apiUrl?: string }

const iso = (seconds: number | null | undefined): string | null => (seconds ? new Date(seconds * 1000).toISOString() : null)

/**
 * Free time staff granted a paying subscriber (editorChange.ts) runs at Stripe as a trial, its only way to move the
 * next invoice without proration; the subscription says so in its metadata, and is "active" to us all the same.
 */
const GRANTED_TIME = { key: 'freeTime', value: 'granted' } as const

const isGrantedTime = (subscription: Stripe.Subscription) => subscription.status === 'trialing' && subscription.metadata[GRANTED_TIME.key] === GRANTED_TIME.value

function statusOf(subscription: Stripe.Subscription): SubscriptionStatus | null {
  switch (subscription.status) {
    case 'trialing':
      return isGrantedTime(subscription) ? 'active' : 'trialing'
    case 'active':
      return 'active'
    case 'past_due':
      return 'past_due'
    // Retries exhausted but kept open ("mark unpaid"), or paused for want of a card: no access any more.
    case 'unpaid':
    case 'paused':
      return 'expired'
    case 'canceled':
      return subscription.cancellation_details?.reason === 'cancellation_requested' ? 'cancelled' : 'expired'
    case 'incomplete_expired':
      return 'expired'
    default:
      // `incomplete`: the first payment has not gone through; nothing is ours yet.
      return null
  }
}

function metadataOf(metadata: Stripe.Metadata): SubscriptionMetadata {
  const userId = Number(metadata.userId)
  const tariffId = Number(metadata.tariffId)
  const promoId = Number(metadata.promoId)
  const count = (value: string | undefined) => (Number.isSafeInteger(Number(value)) && Number(value) > 0 ? Number(value) : 0)
  return {
    trialHoldDays: count(metadata.trialHold) || null,
    referrerId: count(metadata.referrer) || null,
    promo: Number.isSafeInteger(promoId) && promoId > 0 ? { id: promoId, discountKopecks: count(metadata.promoDiscount), extraDays: count(metadata.promoExtraDays), trialDays: count(metadata.promoTrialDays) } : null,
    email: metadata.email ?? '',
    userId: Number.isInteger(userId) && userId > 0 ? userId : null,
    tariffId: Number.isInteger(tariffId) && tariffId > 0 ? tariffId : null,
    locale: isLocale(metadata.locale) ? metadata.locale : 'ru',
  }
}

function paymentMethodOf(method: Stripe.Subscription['default_payment_method']): ProviderSubscription['paymentMethod'] {
  if (!method || typeof method === 'string' || !method.card) return null
  const { brand, last4, exp_month: month, exp_year: year } = method.card
  return { kind: 'card', brand, last4, validUntil: `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}` }
}

/** The recurring item's price and period: what Stripe charges at each renewal. */
function priceOf(subscription: Stripe.Subscription): Pick<ProviderSubscription, 'price'> {
  const price = subscription.items.data.find((item) => item.price.recurring)?.price
  if (!price?.recurring || price.unit_amount === null) return {}
  return { price: { amountKopecks: price.unit_amount, months: price.recurring.interval_count } }
}

export function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription | null {
  const status = statusOf(subscription)
  if (!status) return null
  const periodEnd = subscription.items.data.reduce<number | null>(
    (latest, item) => (latest === null || item.current_period_end > latest ? item.current_period_end : latest),
    null,
  )
  const ended = status === 'cancelled' || status === 'expired'
  return {
    id: subscription.id,
    customerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    status,
    // Granted time is no trial: the subscription's own trial (if it had one) ended when it did.
    trialEndsAt: isGrantedTime(subscription) ? null : iso(subscription.trial_end),
    currentPeriodEnd: iso(periodEnd),
    nextPaymentAt: ended || subscription.cancel_at_period_end ? null : iso(periodEnd),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    metadata: metadataOf(subscription.metadata),
    paymentMethod: paymentMethodOf(subscription.default_payment_method),
    hasDiscount: subscription.discounts.length > 0,
    ...priceOf(subscription),
    methodDetached: subscription.default_payment_method === null,
  }
}

function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>
  if (event.type.startsWith('customer.subscription.')) return typeof object.id === 'string' ? object.id : null
  if (event.type === 'checkout.session.completed') {
    const session = event.data.object as Stripe.Checkout.Session
    if (session.mode !== 'subscription') return null
    return typeof session.subscription === 'string' ? session.subscription : (session.subscription?.id ?? null)
  }
  if (event.type.startsWith('invoice.')) {
    const reference = (event.data.object as Stripe.Invoice).parent?.subscription_details?.subscription
    return typeof reference === 'string' ? reference : (reference?.id ?? null)
  }
  return null
}

function invoiceOf(event: Stripe.Event): BillingEvent['invoice'] {
  if (!event.type.startsWith('invoice.')) return null
  const invoice = event.data.object as Stripe.Invoice
  return { id: invoice.id ?? '', amountPaidKopecks: invoice.amount_paid, reason: invoice.billing_reason ?? null }
}

/** A gift's payment (a `payment` mode session with the gift in its metadata, paid), or a refund of one's payment intent. */
function giftOf(event: Stripe.Event): BillingEvent['gift'] {
  if (event.type === 'checkout.session.completed') {
    const session = event.data.object as Stripe.Checkout.Session
    const giftId = Number(session.metadata?.gift)
    const intent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null)
    if (session.mode !== 'payment' || session.metadata?.kind !== 'gift' || !Number.isSafeInteger(giftId) || session.payment_status !== 'paid' || !intent) return null
    return { kind: 'paid', giftId, payment: intent, amountKopecks: session.amount_total ?? 0 }
  }
  if (event.type === 'charge.refunded') {
    const charge = event.data.object as Stripe.Charge
    const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null)
    return intent ? { kind: 'refunded', payment: intent } : null
  }
  return null
}

export function createStripeProvider(settings: StripeSettings): ProviderRunBilling {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : null
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'vpn-keys-site' },
    ...(api ? { host: api.hostname, port: Number(api.port), protocol: api.protocol === 'https:' ? 'https' : 'http' } : {}),
  })

  return {
    name: 'stripe',
    runsRenewals: false,
    isTest: Boolean(api),
    methods: ['card'],

    async createCheckout({ email, userId, plan, locale, successUrl, cancelUrl, terms, idempotencyKey, referrerId }: CheckoutInput) {
      const { first } = plan
      const promo: Record<string, string> = first.promo
        ? { promoId: String(first.promo.id), promoDiscount: String(first.discountKopecks), promoExtraDays: String(first.extraDays), promoTrialDays: String(plan.trialHoldDays || plan.trialDays) }
        : {}
      const metadata = {
        email,
        userId: userId ? String(userId) : '',
        tariffId: String(plan.id),
        locale,
        ...promo,
        ...(plan.trialHoldDays ? { trialHold: String(plan.trialHoldDays) } : {}),
        ...(referrerId ? { referrer: String(referrerId) } : {}),
      }
      // A first period a promo code made cheaper or longer: paid today as a one-time item, with the renewal's invoice
      // held to the period's end as a trial that reads as paid time (the way staff's free time runs, GRANTED_TIME).
      const paidFirstPeriod = plan.trialDays === 0 && (first.todayKopecks !== plan.priceKopecks || first.extraDays > 0)
      const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = [
        {
          quantity: 1,
          price_data: {
            currency: 'rub',
            unit_amount: plan.priceKopecks,
            recurring: { interval: 'month', interval_count: plan.months },
            product_data: { name: plan.name },
          },
        },
      ]
      // The trial fee: a one-time item on the first invoice, which is otherwise zero during the trial.
      if (plan.trialDays > 0 && plan.trialFeeKopecks > 0) {
        lineItems.push({
          quantity: 1,
          price_data: {
            currency: 'rub',
            unit_amount: plan.trialFeeKopecks,
            // A held trial's own days (the rest is the longest wait for the first device).
            product_data: { name: trialItemName(plan.trialHoldDays || plan.trialDays, locale) },
          },
        })
      }
      if (paidFirstPeriod) {
        lineItems.push({
          quantity: 1,
          price_data: { currency: 'rub', unit_amount: first.todayKopecks, product_data: { name: firstPeriodItemName({ months: plan.months, extraDays: first.extraDays, code: first.promo?.code ?? null }, locale) } },
        })
      }
      // In days from the payment (not a date: the period starts when the buyer pays, which may be later than now).
      const now = new Date().toISOString()
      const periodDays = Math.round((Date.parse(firstPeriod(now, { trialDays: 0, months: plan.months, extraDays: first.extraDays }).currentPeriodEnd ?? now) - Date.parse(now)) / 86_400_000)
      const subscriptionData: Stripe.Checkout.SessionCreateParams.SubscriptionData = paidFirstPeriod
        ? { metadata: { ...metadata, [GRANTED_TIME.key]: GRANTED_TIME.value }, trial_period_days: periodDays }
        : { metadata, ...(plan.trialDays > 0 ? { trial_period_days: plan.trialDays } : {}) }
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          // None for a Telegram-only buyer who typed none: Stripe's page asks for it.
          customer_email: email || undefined,
          client_reference_id: userId ? String(userId) : undefined,
          locale: locale === 'en' ? 'en' : 'ru',
          line_items: lineItems,
          subscription_data: subscriptionData,
          metadata,
          // Beside the pay button: what is paid today and what renewal charges (Stripe allows 1,200 characters).
          custom_text: { submit: { message: terms.full.slice(0, 1200) } },
          success_url: `${successUrl}${successUrl.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: cancelUrl,
        },
        { idempotencyKey },
      )
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL')
      return { url: session.url }
    },

    async createGiftCheckout({ email, plan, locale, giftId, order, successUrl, cancelUrl, description, idempotencyKey }: GiftCheckoutInput) {
      const metadata = { kind: 'gift', gift: String(giftId), order, tariffId: String(plan.id), locale }
      const session = await stripe.checkout.sessions.create(
        {
          // One payment: nothing renews, nothing is saved.
          mode: 'payment',
          customer_email: email,
          locale: locale === 'en' ? 'en' : 'ru',
          line_items: [{ quantity: 1, price_data: { currency: 'rub', unit_amount: plan.priceKopecks, product_data: { name: description.slice(0, 250) } } }],
          payment_intent_data: { metadata },
          metadata,
          success_url: successUrl,
          cancel_url: cancelUrl,
        },
        { idempotencyKey },
      )
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL')
      return { url: session.url, paymentId: null }
    },

    async verifyEvent(rawBody, signature) {
      if (!signature) throw new SignatureError('No Stripe-Signature header')
      let event: Stripe.Event
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, settings.webhookSecret)
      } catch (error) {
        throw new SignatureError(error instanceof Error ? error.message : 'Bad signature')
      }
      return { id: event.id, type: event.type, created: event.created, subscriptionId: subscriptionIdOf(event), invoice: invoiceOf(event), gift: giftOf(event) }
    },

    async getSubscription(id) {
      try {
        const subscription = await stripe.subscriptions.retrieve(id, { expand: ['default_payment_method'] })
        return toProviderSubscription(subscription)
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null
        throw error
      }
    },

    async setCancelAtPeriodEnd(id, cancel, idempotencyKey) {
      await stripe.subscriptions.update(id, { cancel_at_period_end: cancel }, { idempotencyKey })
    },

    async applyOnceDiscount(id, percentOff, idempotencyKey) {
      const couponId = `cancel-offer-${percentOff}`
      try {
        await stripe.coupons.create({ id: couponId, percent_off: percentOff, duration: 'once' }, { idempotencyKey: `coupon-${couponId}` })
      } catch (error) {
        // Created on an earlier offer: the same coupon serves every subscription.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_already_exists')) throw error
      }
      await stripe.subscriptions.update(id, { discounts: [{ coupon: couponId }] }, { idempotencyKey })
    },

    async detachPaymentMethod(id) {
      const { default_payment_method: method } = await stripe.subscriptions.retrieve(id)
      const methodId = typeof method === 'string' ? method : method?.id
      // A subscription without one has nothing to detach.
      if (methodId) await stripe.paymentMethods.detach(methodId)
    },

    async cancelNow(id, idempotencyKey) {
      await stripe.subscriptions.cancel(id, {}, { idempotencyKey })
    },

    async refund({ paymentReference, amountKopecks, idempotencyKey }: RefundInput) {
      // A gift's payment is its payment intent itself.
      if (paymentReference.startsWith('pi_')) {
        const refund = await stripe.refunds.create({ payment_intent: paymentReference, amount: amountKopecks }, { idempotencyKey })
        return { id: refund.id }
      }
      // An invoice is paid by a payment intent (API 2025-03 and later name it in the invoice's payments).
      const payments = await stripe.invoicePayments.list({ invoice: paymentReference, status: 'paid', limit: 1 })
      const intent = payments.data[0]?.payment.payment_intent
      const intentId = typeof intent === 'string' ? intent : intent?.id
      if (!intentId) throw new Error(`Stripe invoice ${paymentReference} has no paid payment to refund`)
      const refund = await stripe.refunds.create({ payment_intent: intentId, amount: amountKopecks }, { idempotencyKey })
      return { id: refund.id }
    },

    async extendTo(id, until, paid, idempotencyKey) {
      // Stripe's way to delay the next invoice without proration: a trial up to the new date. A subscription in its
      // own trial has that trial made longer; one that has been paid for is marked as given free time. The same
      // request every time for the same change, so a retry with its idempotency key is the same request.
      const marker = paid ? { metadata: { [GRANTED_TIME.key]: GRANTED_TIME.value } } : {}
      await stripe.subscriptions.update(id, { trial_end: Math.floor(until.getTime() / 1000), proration_behavior: 'none', ...marker }, { idempotencyKey })
    },

    async markGrantedTime(id) {
      await stripe.subscriptions.update(id, { metadata: { [GRANTED_TIME.key]: GRANTED_TIME.value } }, { idempotencyKey: `granted-time-${id}` })
    },
  }
}
