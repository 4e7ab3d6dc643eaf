// Trials that start when used (src/lib/billing/record/heldTrial.ts): what the provider is first told, what the buyer is
// told, and the state once the first device connects.
import { describe, expect, it } from 'vitest'

import { checkoutPlan } from '@/lib/billing/checkout'
import { startedTrial } from '@/lib/billing/record/heldTrial'
import { purchaseTerms, termsText } from '@/lib/billing/rules/terms'

const plan = { id: 4, name: '12 месяцев', months: '12' as const, priceKopecks: 239_900, trialDays: 10, trialFeeKopecks: 100, trialStartsOnConnect: true }
const DAY = 86_400_000

describe('a trial that starts at the first connection', () => {
  it('is sold as its longest (30 days of waiting and its own days), for a first subscription only; a longer trial by a code waits too', () => {
    expect(checkoutPlan(plan, { firstSubscription: true, promo: null })).toMatchObject({ trialDays: 40, trialHoldDays: 10, trialFeeKopecks: 100, first: { todayKopecks: 100 } })
    expect(checkoutPlan({ ...plan, trialStartsOnConnect: false }, { firstSubscription: true, promo: null })).toMatchObject({ trialDays: 10, trialHoldDays: 0 })
    expect(checkoutPlan(plan, { firstSubscription: false, promo: null })).toMatchObject({ trialDays: 0, trialHoldDays: 0, first: { todayKopecks: 239_900 } })
    const longer = { id: 1, code: 'LONG', offer: { kind: 'trial' as const, trialDays: 30 } }
    expect(checkoutPlan(plan, { firstSubscription: true, promo: longer })).toMatchObject({ trialDays: 60, trialHoldDays: 30 })
    // Money off has no trial to hold.
    expect(checkoutPlan(plan, { firstSubscription: true, promo: { id: 2, code: 'OFF', offer: { kind: 'percent', percentOff: 10 } } })).toMatchObject({ trialDays: 0, trialHoldDays: 0 })
  })

  it('is told to the buyer without a date, in both languages', () => {
    const terms = purchaseTerms(plan, { trial: true, now: new Date('2026-12-01T09:00:00Z') })
    expect(terms).toMatchObject({ todayKopecks: 100, heldTrialDays: 10, renewsAt: '2027-01-10T09:00:00.000Z' })
    expect(termsText(terms, 'ru')).toMatch(/^1\s₽ сегодня; 10 дней пробного периода начнутся с первого подключения устройства \(не позже чем через 30 дней\), затем — 2\s399\s₽ каждые 12 месяцев, пока вы не отключите автопродление\./)
    expect(termsText(terms, 'en', 'short')).toBe('₽1 today; the trial starts at your first connection, then ₽2,399 every 12 months until you cancel')
    expect(termsText(terms, 'ru', 'short').length).toBeLessThanOrEqual(128)
  })

  it('runs its days from the first connection, and never longer than it was first set for', () => {
    const paidAt = Date.parse('2026-12-01T09:00:00Z')
    const hold = { days: 10, until: new Date(paidAt + 30 * DAY).toISOString() }
    const waiting = { status: 'trialing' as const, trialEndsAt: new Date(paidAt + 40 * DAY).toISOString(), currentPeriodEnd: new Date(paidAt + 40 * DAY).toISOString(), nextPaymentAt: new Date(paidAt + 40 * DAY).toISOString(), cancelAtPeriodEnd: false }
    const connected = new Date(paidAt + 3 * DAY)
    expect(startedTrial(waiting, hold, connected)).toEqual({ ...waiting, trialEndsAt: new Date(paidAt + 13 * DAY).toISOString(), currentPeriodEnd: new Date(paidAt + 13 * DAY).toISOString(), nextPaymentAt: new Date(paidAt + 13 * DAY).toISOString() })
    expect(startedTrial({ ...waiting, cancelAtPeriodEnd: true }, hold, connected)?.nextPaymentAt).toBeNull()
    // After the longest wait, or once it is no trial any more: nothing moves.
    expect(startedTrial(waiting, hold, new Date(paidAt + 31 * DAY))).toBeNull()
    expect(startedTrial({ ...waiting, status: 'cancelled' }, hold, connected)).toBeNull()
  })
})
