// Renewals the site charges itself (YooKassa): when a subscription is due, what is charged under which keys,
// and what a paid or declined charge does.
import { describe, expect, it } from 'vitest'

import { RETRY_AFTER_DAYS, addMonths, afterDeclined, afterPaid, firstPeriod, planCharge } from '@/lib/billing/rules/renewalPlan'
import type { DueCandidate } from '@/lib/billing/rules/renewalPlan'

const trialEnd = '2026-12-03T12:00:00.000Z'

function subscription(overrides: Partial<DueCandidate> = {}): DueCandidate {
  return {
    id: 7,
    status: 'trialing',
    trialEndsAt: trialEnd,
    currentPeriodEnd: trialEnd,
    nextPaymentAt: trialEnd,
    cancelAtPeriodEnd: false,
    renewal: { amountKopecks: 84_900, months: 3, discountPercent: null, failedCharges: 0 },
    ...overrides,
  }
}

describe('due dates', () => {
  it('charges nothing before the stated date, and the plan’s full price for the next period from it', () => {
    expect(planCharge(subscription(), new Date('2026-12-03T11:59:59Z'))).toBeNull()
    expect(planCharge(subscription(), new Date(trialEnd))).toEqual({
      chargeKey: `renewal:7:${trialEnd}`,
      attempt: 1,
      idempotencyKey: `renewal:7:${trialEnd}:1`,
      amountKopecks: 84_900,
      periodStart: trialEnd,
      periodEnd: '2027-03-03T12:00:00.000Z',
    })
  })

  it('charges nothing once renewal is off or the subscription has ended', () => {
    const now = new Date('2026-12-10T00:00:00Z')
    expect(planCharge(subscription({ cancelAtPeriodEnd: true }), now)).toBeNull()
    expect(planCharge(subscription({ status: 'cancelled' }), now)).toBeNull()
    expect(planCharge(subscription({ status: 'expired' }), now)).toBeNull()
    expect(planCharge(subscription({ nextPaymentAt: null }), now)).toBeNull()
  })

  it('keeps one charge key per period, whatever the attempt, and a new idempotence key per attempt', () => {
    const retry = planCharge(subscription({ status: 'past_due', nextPaymentAt: '2026-12-04T12:00:00.000Z', renewal: { ...subscription().renewal, failedCharges: 1 } }), new Date('2026-12-04T13:00:00Z'))
    const first = planCharge(subscription(), new Date(trialEnd))
    expect(retry?.chargeKey).toBe(first?.chargeKey)
    expect(retry?.attempt).toBe(2)
    expect(retry?.idempotencyKey).not.toBe(first?.idempotencyKey)
    expect(retry?.idempotencyKey.length).toBeLessThanOrEqual(64)
  })

  it('counts months on the calendar, ending on the month’s last day when it is shorter', () => {
    expect(addMonths('2027-01-31T09:00:00.000Z', 1)).toBe('2027-02-28T09:00:00.000Z')
    expect(addMonths('2028-01-31T09:00:00.000Z', 1)).toBe('2028-02-29T09:00:00.000Z')
    expect(addMonths('2026-11-30T09:00:00.000Z', 12)).toBe('2027-11-30T09:00:00.000Z')
    expect(addMonths('2026-08-31T09:00:00.000Z', 6)).toBe('2027-02-28T09:00:00.000Z')
  })
})

describe('the cancel discount', () => {
  it('comes off the next charge once, then the full price again', () => {
    const due = planCharge(subscription({ renewal: { ...subscription().renewal, discountPercent: 30 } }), new Date(trialEnd))!
    expect(due.amountKopecks).toBe(59_430)
    const paid = afterPaid(due)
    expect(paid.discountPercent).toBeNull()
    const next = planCharge(subscription({ status: 'active', currentPeriodEnd: paid.currentPeriodEnd, nextPaymentAt: paid.nextPaymentAt }), new Date(paid.currentPeriodEnd))!
    expect(next.amountKopecks).toBe(84_900)
  })

  it('stays for the retry when the discounted charge is declined', () => {
    const terms = { ...subscription().renewal, discountPercent: 30 }
    const due = planCharge(subscription({ renewal: terms }), new Date(trialEnd))!
    expect(afterDeclined(due, terms).discountPercent).toBe(30)
  })
})

describe('retries', () => {
  it('moves a declined charge to past due, retried after 1 and 3 days from the due date, then expires', () => {
    expect(RETRY_AFTER_DAYS).toEqual([1, 3])
    let current = subscription()
    const seen: string[] = []
    for (;;) {
      const due = planCharge(current, new Date(current.nextPaymentAt!))
      if (!due) break
      const outcome = afterDeclined(due, current.renewal)
      seen.push(`${outcome.status}@${outcome.nextPaymentAt ?? '-'}`)
      current = { ...current, status: outcome.status, nextPaymentAt: outcome.nextPaymentAt, currentPeriodEnd: outcome.currentPeriodEnd, renewal: { ...current.renewal, failedCharges: outcome.failedCharges } }
    }
    expect(seen).toEqual(['past_due@2026-12-04T12:00:00.000Z', 'past_due@2026-12-06T12:00:00.000Z', 'expired@-'])
  })

  it('renews from the due date when a retry is paid, not from the day of the retry', () => {
    const current = subscription({ status: 'past_due', nextPaymentAt: '2026-12-06T12:00:00.000Z', renewal: { ...subscription().renewal, failedCharges: 2 } })
    const due = planCharge(current, new Date('2026-12-06T12:05:00Z'))!
    expect(afterPaid(due)).toMatchObject({ status: 'active', currentPeriodEnd: '2027-03-03T12:00:00.000Z', failedCharges: 0 })
  })
})

describe('the first payment', () => {
  it('starts the trial with the first charge at its end, or the first paid period without one', () => {
    expect(firstPeriod('2026-11-23T12:00:00Z', { trialDays: 10, months: 3 })).toEqual({
      status: 'trialing',
      trialEndsAt: trialEnd,
      currentPeriodEnd: trialEnd,
      nextPaymentAt: trialEnd,
      cancelAtPeriodEnd: false,
    })
    expect(firstPeriod('2026-11-23T12:00:00Z', { trialDays: 0, months: 1 })).toMatchObject({ status: 'active', trialEndsAt: null, currentPeriodEnd: '2026-12-23T12:00:00.000Z' })
  })
})
