// Renewals the site runs itself (for providers without subscriptions, YooKassa): when a subscription is
// due, what to charge, under which keys, and what a paid or failed charge does to it. Pure: the job
// (siteRenewals.ts) reads the subscription, asks here, charges, and applies the answer.
import { grantsVip } from './lifecycle'
import type { SubscriptionState, SubscriptionStatus } from './lifecycle'

/** After a failed charge at the due date, tried again this many days after it; then the subscription expires. */
export const RETRY_AFTER_DAYS = [1, 3] as const

const DAY_MS = 86_400_000

/** At most this many days after the purchase a held trial waits for its first device; then its days run anyway (heldTrial.ts). */
export const TRIAL_HOLD_MAX_DAYS = 30

/** What the buyer agreed to at purchase: the plan's price and period are kept even if editors change the plan. */
export type RenewalTerms = {
  amountKopecks: number
  months: number
  /** A one-time discount (the cancel offer) on the next charge, in percent. */
  discountPercent: number | null
  /** Failed charges for the period now due. */
  failedCharges: number
}

export type DueCandidate = SubscriptionState & { id: number; renewal: RenewalTerms }

export type PlannedCharge = {
  /** One per subscription and period: the period is charged once, whatever runs the job. */
  chargeKey: string
  attempt: number
  /** The same for a repeated request of one attempt, so the provider makes one payment of it. */
  idempotencyKey: string
  amountKopecks: number
  periodStart: string
  periodEnd: string
}

/** `months` calendar months later, on the same day or the month's last (31 January → 28/29 February). */
export function addMonths(iso: string, months: number): string {
  const date = new Date(iso)
  const day = date.getUTCDate()
  date.setUTCDate(1)
  date.setUTCMonth(date.getUTCMonth() + months)
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate()
  date.setUTCDate(Math.min(day, lastDay))
  return date.toISOString()
}

export function discounted(amountKopecks: number, percent: number | null): number {
  return percent ? Math.round((amountKopecks * (100 - percent)) / 100) : amountKopecks
}

/** The charge due now, or null: renewal is off, the subscription has ended, or its date has not come. */
export function planCharge(subscription: DueCandidate, now: Date): PlannedCharge | null {
  const { status, nextPaymentAt, currentPeriodEnd, cancelAtPeriodEnd, renewal } = subscription
  if (!grantsVip(status) || cancelAtPeriodEnd || !nextPaymentAt || !currentPeriodEnd) return null
  if (Date.parse(nextPaymentAt) > now.getTime()) return null
  const periodStart = new Date(currentPeriodEnd).toISOString()
  const chargeKey = `renewal:${subscription.id}:${periodStart}`
  const attempt = renewal.failedCharges + 1
  return {
    chargeKey,
    attempt,
    idempotencyKey: `${chargeKey}:${attempt}`,
    amountKopecks: discounted(renewal.amountKopecks, renewal.discountPercent),
    periodStart,
    periodEnd: addMonths(periodStart, renewal.months),
  }
}

export type ChargeOutcome = {
  status: SubscriptionStatus
  currentPeriodEnd: string
  nextPaymentAt: string | null
  failedCharges: number
  discountPercent: number | null
}

/** A paid renewal: the next period from the due date (not from a late retry), the discount used up. */
export function afterPaid(charge: PlannedCharge): ChargeOutcome {
  return { status: 'active', currentPeriodEnd: charge.periodEnd, nextPaymentAt: charge.periodEnd, failedCharges: 0, discountPercent: null }
}

/** A declined renewal: past due with the next retry, or expired after the last one. Access runs on while retries do. */
export function afterDeclined(charge: PlannedCharge, terms: RenewalTerms): ChargeOutcome {
  const retryDays = RETRY_AFTER_DAYS[charge.attempt - 1]
  if (retryDays === undefined) {
    return { status: 'expired', currentPeriodEnd: charge.periodStart, nextPaymentAt: null, failedCharges: charge.attempt, discountPercent: terms.discountPercent }
  }
  return {
    status: 'past_due',
    currentPeriodEnd: charge.periodStart,
    nextPaymentAt: new Date(Date.parse(charge.periodStart) + retryDays * DAY_MS).toISOString(),
    failedCharges: charge.attempt,
    discountPercent: terms.discountPercent,
  }
}

/** The first payment: the trial (renewal at its end) or the first paid period, with a promo code's extra days. */
export function firstPeriod(paidAt: string, { trialDays, months, extraDays = 0 }: { trialDays: number; months: number; extraDays?: number }): SubscriptionState {
  const start = new Date(paidAt).toISOString()
  const end = trialDays > 0 ? new Date(Date.parse(start) + trialDays * DAY_MS).toISOString() : new Date(Date.parse(addMonths(start, months)) + extraDays * DAY_MS).toISOString()
  return { status: trialDays > 0 ? 'trialing' : 'active', trialEndsAt: trialDays > 0 ? end : null, currentPeriodEnd: end, nextPaymentAt: end, cancelAtPeriodEnd: false }
}
