// Subscriptions the site runs itself, for a provider that only takes payments (YooKassa). Our record is
// the subscription: a first payment re-read from the provider's API starts it; every later payment, and every
// choice of the subscriber, is a transition of our record decided here (lifecycle.ts, renewalPlan.ts) and applied
// by the one writer (applyChange), once per payment and state, under the subscription's lock; the renewal job
// charges due subscriptions from the saved method, once per period.
import type { Payload, PayloadRequest, Where } from 'payload'

import type { Locale } from '@/i18n/locales'
import { isLocale } from '@/i18n/locales'
import { LOCKS } from '@/lib/db/locks'
import { withTransaction } from '@/lib/db/transaction'
import { runFollowUps } from '@/lib/queue/afterCommit'
import type { Subscription, User } from '@/payload-types'

import { applyChange, findRecord, recordEventOnce, stateOf, underLock } from './subscriptionRecord'
import type { ApplyResult, Change, MoneyMovement, Outcome, SiteRunData } from './subscriptionRecord'
import { VIP_STATUSES, advance, isEnded } from '../rules/lifecycle'
import type { SubscriptionState, Transition } from '../rules/lifecycle'
import type { MailCause } from '../rules/mails'
import type { ProviderPayment, ProviderSubscription, ReceiptSettings, SiteRunBilling } from '../providers/provider'
import { buildReceipt, paymentDescription, receiptAddress, receiptSettingsOf } from '../providers/receipt'
import { afterDeclined, afterPaid, firstPeriod, planCharge } from '../rules/renewalPlan'
import type { ChargeOutcome, PlannedCharge, RenewalTerms } from '../rules/renewalPlan'

const NOTHING: Outcome = { result: 'ignored', followUps: [] }

function numberOf(value: string | undefined): number {
  const parsed = Number(value)
  return Number.isFinite(parsed) ? parsed : 0
}

/** Our record moved to `state` (forward only: lifecycle.ts). */
function moveTo(existing: Subscription, state: SubscriptionState): { existing: Subscription; transition: Transition } {
  return { existing, transition: advance(stateOf(existing), state) }
}

function termsOf(subscription: Subscription): RenewalTerms {
  const renewal = subscription.renewal ?? {}
  return {
    amountKopecks: renewal.amountKopecks ?? 0,
    months: renewal.months ?? 1,
    discountPercent: renewal.discountPercent ?? null,
    failedCharges: renewal.failedCharges ?? 0,
  }
}

/** The charge a renewal payment was made for, from the metadata we put on it. */
function chargeOf(payment: ProviderPayment): PlannedCharge | null {
  const { chargeKey, attempt, periodStart, periodEnd } = payment.metadata
  if (!chargeKey || !periodStart || !periodEnd) return null
  return { chargeKey, attempt: numberOf(attempt), idempotencyKey: `${chargeKey}:${attempt}`, amountKopecks: payment.amountKopecks, periodStart, periodEnd }
}

async function settleChargeRecord(payload: Payload, req: PayloadRequest, payment: ProviderPayment): Promise<void> {
  if (payment.status !== 'succeeded' && payment.status !== 'canceled') return
  await payload.update({ collection: 'charges', where: { paymentId: { equals: payment.id } }, data: { status: payment.status }, depth: 0, req })
}

/** The first payment of a checkout: the trial (or first period) starts, with the method saved for renewals. */
function firstPaymentView(payment: ProviderPayment): { remote: ProviderSubscription; siteRun: SiteRunData } {
  const { order = '', email = '', userId, tariffId, locale, months, priceKopecks, trialDays, promo, discountKopecks, extraDays, trialHold, referrer } = payment.metadata
  const state = firstPeriod(payment.capturedAt ?? payment.createdAt, { trialDays: numberOf(trialDays), months: Math.max(1, numberOf(months)), extraDays: numberOf(extraDays) })
  // A method the provider did not save (a one-off way to pay) cannot be charged again: no renewal.
  const renews = Boolean(payment.savedMethodId)
  return {
    remote: {
      ...state,
      nextPaymentAt: renews ? state.nextPaymentAt : null,
      cancelAtPeriodEnd: !renews,
      id: order,
      customerId: null,
      metadata: {
        email,
        userId: numberOf(userId) > 0 ? numberOf(userId) : null,
        tariffId: numberOf(tariffId) > 0 ? numberOf(tariffId) : null,
        locale: isLocale(locale) ? (locale as Locale) : 'ru',
        promo: numberOf(promo) > 0 ? { id: numberOf(promo), discountKopecks: numberOf(discountKopecks), extraDays: numberOf(extraDays), trialDays: numberOf(trialHold) || numberOf(trialDays) } : null,
        trialHoldDays: numberOf(trialHold) > 0 ? numberOf(trialHold) : null,
        referrerId: numberOf(referrer) > 0 ? numberOf(referrer) : null,
      },
      paymentMethod: payment.method,
      hasDiscount: false,
    },
    siteRun: {
      paymentMethodId: payment.savedMethodId,
      renewal: { amountKopecks: numberOf(priceKopecks), months: Math.max(1, numberOf(months)), discountPercent: null, failedCharges: 0 },
    },
  }
}

/** A renewal's result, unless a later attempt or period has already been applied (results arrive in any order). */
function renewalOutcome(existing: Subscription, payment: ProviderPayment): ChargeOutcome | null {
  const charge = chargeOf(payment)
  if (!charge || isEnded(existing.status)) return null
  const periodStart = Date.parse(charge.periodStart)
  const current = Date.parse(existing.currentPeriodEnd ?? '')
  if (payment.status === 'succeeded') return current <= periodStart ? afterPaid(charge) : null
  const terms = termsOf(existing)
  return current === periodStart && terms.failedCharges === charge.attempt - 1 ? afterDeclined(charge, terms) : null
}

type Applied = (Change & { siteRun?: SiteRunData; mail?: MailCause; money: MoneyMovement[] }) | null

function appliedPayment(existing: Subscription | undefined, payment: ProviderPayment): Applied {
  const money: MoneyMovement[] = []
  if (payment.status === 'succeeded') money.push({ type: 'payment', reference: payment.id, amountKopecks: payment.amountKopecks })
  if (payment.refundedKopecks > 0) money.push({ type: 'refund', reference: `refund:${payment.id}:${payment.refundedKopecks}`, amountKopecks: payment.refundedKopecks })
  // Money moved on a subscription whose state it does not change (a refund, a late notification): recorded only.
  const recordOnly = (subscription: Subscription): Applied => (money.length > 0 ? { ...moveTo(subscription, stateOf(subscription)), money } : null)
  if (payment.metadata.kind === 'first') {
    if (!existing) return payment.status === 'succeeded' ? { providerName: 'yookassa', existing, ...firstPaymentView(payment), money } : null
    return recordOnly(existing)
  }
  if (payment.metadata.kind !== 'renewal' || !existing) return null
  const outcome = renewalOutcome(existing, payment)
  if (!outcome) return recordOnly(existing)
  // A retry declined again changes no status (or ends it): its own line in the history, with the amount asked.
  if (payment.status === 'canceled' && existing.status === 'past_due') {
    money.push({ type: 'payment_failed', reference: `declined:${payment.id}`, amountKopecks: payment.amountKopecks })
  }
  const state: SubscriptionState = { ...stateOf(existing), status: outcome.status, currentPeriodEnd: outcome.currentPeriodEnd, nextPaymentAt: outcome.nextPaymentAt }
  return {
    ...moveTo(existing, state),
    siteRun: { renewal: { failedCharges: outcome.failedCharges, discountPercent: outcome.discountPercent } },
    // A second failed retry changes no status, so no history step mails it: its cause does.
    mail: outcome.status === 'past_due' && existing.status === 'past_due' ? 'declinedAgain' : 'renewalCharge',
    money,
  }
}

/**
 * Applies a payment as the provider's API reports it now: once per payment and state (replays change nothing),
 * in any order. Pass a payment only when it comes straight from the API; a notification passes its id.
 */
export async function applyPayment(payload: Payload, provider: SiteRunBilling, payment: ProviderPayment | string): Promise<ApplyResult> {
  // Never trust a notification's body: what happened is re-read from the API by the payment's id.
  const current = typeof payment === 'string' ? await provider.getPayment(payment) : payment
  // A gift's payment (src/lib/gift): the code made and mailed once it is paid, voided when it is refunded.
  if (current?.metadata.kind === 'gift') {
    const { applyGiftPayment } = await import('@/lib/gift')
    const done = await applyGiftPayment(payload, current)
    return done === 'paid' || done === 'void' ? 'applied' : 'ignored'
  }
  const order = current?.metadata.order
  if (!current || !order || (current.status !== 'succeeded' && current.status !== 'canceled')) return 'ignored'
  const outcome = await withTransaction(payload, LOCKS.billing(order), async (req): Promise<Outcome> => {
    // The charge's record follows the payment whichever delivery comes first (a notification can beat the charge's answer).
    await settleChargeRecord(payload, req, current)
    const eventId = `${provider.name}:${current.id}:${current.status}:${current.refundedKopecks}`
    if (!(await recordEventOnce(payload, req, provider.name, eventId, `payment.${current.status}`))) return { result: 'duplicate', followUps: [] }
    const existing = await findRecord(payload, req, order)
    const applied = appliedPayment(existing, current)
    if (!applied) return NOTHING
    const occurredAt = current.capturedAt ?? new Date().toISOString()
    return applyChange(payload, req, { occurredAt, runner: 'site', ...applied })
  })
  await runFollowUps(payload, outcome.followUps)
  return outcome.result
}

export type SiteRunChange =
  | { kind: 'cancelAtPeriodEnd'; cancel: boolean }
  | { kind: 'discount'; percentOff: number }
  | { kind: 'cancelNow' }
  /** Renewal was off and the paid period is over: cancelled at its end. */
  | { kind: 'lapse' }
  /** The subscriber unlinked the saved method: it is forgotten, and renewal (which needs it) is off. */
  | { kind: 'forgetMethod' }

/**
 * A change the subscriber (or the account purge) makes to a site-run subscription: our record is the subscription.
 * Null when there is no such subscription.
 */
export function changeSiteRun(payload: Payload, subscriptionId: number, change: SiteRunChange, at: Date = new Date()): Promise<Outcome | null> {
  return underLock(payload, subscriptionId, async (existing, req) => {
    const state = stateOf(existing)
    const now = at.toISOString()
    if (change.kind === 'forgetMethod') {
      const next = isEnded(state.status) ? state : { ...state, cancelAtPeriodEnd: true, nextPaymentAt: null }
      return applyChange(payload, req, { ...moveTo(existing, next), occurredAt: now, runner: 'site', mail: 'methodRemoved' })
    }
    if (isEnded(existing.status)) return NOTHING
    if (change.kind === 'discount') {
      return applyChange(payload, req, { ...moveTo(existing, state), cancelDiscount: true, occurredAt: now, siteRun: { renewal: { discountPercent: change.percentOff } }, runner: 'site' })
    }
    if (change.kind === 'lapse' && (!existing.cancelAtPeriodEnd || Date.parse(existing.currentPeriodEnd ?? '') > at.getTime())) return NOTHING
    const next: SubscriptionState =
      change.kind === 'cancelNow'
        ? { ...state, status: 'cancelled', nextPaymentAt: null, currentPeriodEnd: now }
        : change.kind === 'lapse'
          ? { ...state, status: 'cancelled', nextPaymentAt: null }
          : { ...state, cancelAtPeriodEnd: change.cancel, nextPaymentAt: change.cancel ? null : state.currentPeriodEnd }
    return applyChange(payload, req, { ...moveTo(existing, next), occurredAt: now, runner: 'site' })
  })
}

/** Site-run subscriptions matching `where` (all, or the one `only` names). */
async function siteRunSubscriptions(payload: Payload, where: Where, only?: number): Promise<Subscription[]> {
  const { docs } = await payload.find({
    collection: 'subscriptions',
    where: { ...(only === undefined ? {} : { id: { equals: only } }), 'provider.name': { equals: 'yookassa' }, ...where },
    sort: 'currentPeriodEnd',
    limit: 200,
    depth: 0,
  })
  return docs
}

const DAY_MS = 86_400_000

/** Before the first full charge the subscriber is reminded, this long ahead (as Stripe does). */
export const TRIAL_REMINDER_DAYS = 3

/** The "trial ends soon" mail, once per subscription, under its lock. */
function remindTrialEnding(payload: Payload, subscriptionId: number, now: Date): Promise<Outcome | null> {
  return underLock(payload, subscriptionId, async (existing, req) => {
    if (existing.status !== 'trialing' || existing.cancelAtPeriodEnd || existing.renewal?.trialReminderSentAt) return NOTHING
    return applyChange(payload, req, {
      ...moveTo(existing, stateOf(existing)),
      occurredAt: now.toISOString(),
      siteRun: { renewal: { trialReminderSentAt: now.toISOString() } },
      runner: 'site',
      mail: 'trialEnding',
    })
  })
}

type Claim = { charge: PlannedCharge; subscription: Subscription; paymentId: string | null; email: string | null }

/** Under the subscription's lock: the charge due now, and its record (created once per period and attempt). */
function claimCharge(payload: Payload, subscription: Subscription, now: Date): Promise<Claim | null> {
  return withTransaction(payload, LOCKS.billing(subscription), async (req) => {
    const fresh = await payload.findByID({ collection: 'subscriptions', id: subscription.id, depth: 0, req })
    const charge = planCharge({ ...stateOf(fresh), id: fresh.id, renewal: termsOf(fresh) }, now)
    if (!charge) return null
    const found = await payload.find({ collection: 'charges', where: { key: { equals: charge.idempotencyKey } }, limit: 1, depth: 0, req })
    const record = found.docs[0]
    // Settled: its result is applied (or is being applied); nothing is charged again.
    if (record && record.status !== 'pending') return null
    if (!record) {
      await payload.create({
        collection: 'charges',
        data: { key: charge.idempotencyKey, order: fresh.provider?.subscriptionId, subscription: fresh.id, status: 'pending', amountKopecks: charge.amountKopecks },
        depth: 0,
        req,
      })
    }
    const user = typeof fresh.user === 'number' ? await payload.findByID({ collection: 'users', id: fresh.user, depth: 0, req, disableErrors: true }) : null
    // The receipt's address: the account's, or the one typed for a Telegram-only account's first payment. Failing both
    // (a Telegram-only subscription bought before addresses were kept), the account's placeholder: a shop with receipts
    // on refuses a payment without one, and the renewal must not fail for it (logged for staff).
    const address = receiptAddress((user as User | null)?.email, fresh)
    if (!address && user) payload.logger.warn({ msg: `Subscription ${fresh.id}: no address for the renewal's receipt; it names the account's placeholder` })
    return { charge, subscription: fresh, paymentId: record?.paymentId ?? null, email: address ?? (user as User | null)?.email ?? null }
  })
}

export type RenewalSettings = { siteName: string; receipts: ReceiptSettings | null }

/** Charges one due subscription: a new attempt, or the one a crash or another instance left unfinished. */
async function chargeOne(payload: Payload, provider: SiteRunBilling, subscription: Subscription, now: Date, settings: RenewalSettings): Promise<'charged' | 'skipped'> {
  const claim = await claimCharge(payload, subscription, now)
  if (!claim) return 'skipped'
  const { charge, paymentId, email } = claim
  const order = claim.subscription.provider?.subscriptionId ?? ''
  const savedMethodId = claim.subscription.provider?.paymentMethodId
  // A payment made for this attempt already: read, never charged again (the provider keeps a key for 24 hours only).
  let payment = paymentId ? await provider.getPayment(paymentId) : null
  if (!payment) {
    if (!savedMethodId) {
      payload.logger.error({ msg: `Subscription ${claim.subscription.id} is due but has no saved payment method` })
      return 'skipped'
    }
    const description = paymentDescription({ kind: 'period', months: termsOf(claim.subscription).months }, settings.siteName)
    payment = await provider.charge({
      amountKopecks: charge.amountKopecks,
      savedMethodId,
      description,
      metadata: { order, kind: 'renewal', chargeKey: charge.chargeKey, attempt: String(charge.attempt), periodStart: charge.periodStart, periodEnd: charge.periodEnd },
      receipt: settings.receipts && email ? buildReceipt({ email, description, amountKopecks: charge.amountKopecks, settings: settings.receipts }) : null,
      idempotencyKey: charge.idempotencyKey,
    })
    const { status } = payment
    await payload.update({
      collection: 'charges',
      where: { key: { equals: charge.idempotencyKey } },
      data: { paymentId: payment.id, ...(status === 'succeeded' || status === 'canceled' ? { status } : {}) },
      depth: 0,
    })
  }
  // A payment the bank is still processing is applied by its notification (or the next run).
  await applyPayment(payload, provider, payment)
  return 'charged'
}

/**
 * The renewal job: every due subscription charged once for its period, whichever instances run it. `only` limits
 * it to one subscription (the test checkout's "what time does" buttons).
 */
export async function chargeDueRenewals(payload: Payload, provider: SiteRunBilling, now: Date = new Date(), only?: number): Promise<{ charged: number; failures: number }> {
  const { siteName, receipts } = await payload.findGlobal({ slug: 'site-settings', locale: 'ru', depth: 0 })
  const settings: RenewalSettings = { siteName, receipts: receiptSettingsOf(receipts) }
  let charged = 0
  let failures = 0
  /** Each subscription's step on its own: one that fails is logged and tried again by the next run. */
  const each = async (where: Where, step: (subscription: Subscription) => Promise<unknown>, failed: string) => {
    for (const subscription of await siteRunSubscriptions(payload, where, only)) {
      try {
        if ((await step(subscription)) === 'charged') charged += 1
      } catch (error) {
        failures += 1
        payload.logger.error({ err: error, msg: `${failed} for subscription ${subscription.id} failed; the next run tries again` })
      }
    }
  }
  const at = now.toISOString()
  // Trials ending soon that will be charged, whose subscriber has not been reminded yet.
  await each(
    {
      status: { equals: 'trialing' },
      cancelAtPeriodEnd: { not_equals: true },
      'renewal.trialReminderSentAt': { exists: false },
      trialEndsAt: { greater_than: at, less_than_equal: new Date(now.getTime() + TRIAL_REMINDER_DAYS * DAY_MS).toISOString() },
    },
    (subscription) => remindTrialEnding(payload, subscription.id, now),
    'The trial-ending reminder',
  )
  // Renewal turned off and the paid period over: the subscription ends.
  await each(
    { status: { in: [...VIP_STATUSES] }, cancelAtPeriodEnd: { equals: true }, currentPeriodEnd: { less_than_equal: at } },
    (subscription) => changeSiteRun(payload, subscription.id, { kind: 'lapse' }, now),
    'Ending at the period’s end',
  )
  // Renewals due (or retries of declined ones); the same attempt is repeated with its key after a failure.
  await each(
    { status: { in: [...VIP_STATUSES] }, cancelAtPeriodEnd: { not_equals: true }, nextPaymentAt: { less_than_equal: at } },
    (subscription) => chargeOne(payload, provider, subscription, now, settings),
    'The renewal charge',
  )
  return { charged, failures }
}
