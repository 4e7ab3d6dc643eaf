import { describe, expect, it } from 'vitest'

import { advance, canTransition, grantsVip, start, SUBSCRIPTION_STATUSES } from '@/lib/billing/rules/lifecycle'
import type { SubscriptionState, SubscriptionStatus } from '@/lib/billing/rules/lifecycle'

const base: SubscriptionState = {
  status: 'trialing',
  trialEndsAt: '2027-01-11T00:00:00.000Z',
  currentPeriodEnd: '2027-01-11T00:00:00.000Z',
  nextPaymentAt: '2027-01-11T00:00:00.000Z',
  cancelAtPeriodEnd: false,
}
const state = (patch: Partial<SubscriptionState>): SubscriptionState => ({ ...base, ...patch })

describe('subscription lifecycle', () => {
  it('allows exactly the forward transitions', () => {
    const allowed: Record<SubscriptionStatus, SubscriptionStatus[]> = {
      trialing: ['trialing', 'active', 'past_due', 'cancelled', 'expired'],
      active: ['active', 'past_due', 'cancelled', 'expired'],
      past_due: ['past_due', 'active', 'cancelled', 'expired'],
      cancelled: ['cancelled'],
      expired: ['expired'],
    }
    for (const from of SUBSCRIPTION_STATUSES) {
      for (const to of SUBSCRIPTION_STATUSES) {
        expect(canTransition(from, to), `${from} → ${to}`).toBe(allowed[from].includes(to))
      }
    }
  })

  it('starts with the history of what the first view shows', () => {
    expect(start(base)).toMatchObject({ ok: true, history: ['trial_started'] })
    expect(start(state({ status: 'active' }))).toMatchObject({ ok: true, history: ['activated'] })
    expect(start(state({ status: 'past_due' }))).toMatchObject({ ok: true, history: ['activated', 'payment_failed'] })
    expect(start(state({ status: 'active', cancelAtPeriodEnd: true }))).toMatchObject({ history: ['activated', 'renewal_cancelled'] })
  })

  it('activates after the trial with the full period from the trial end', () => {
    const paid = state({ status: 'active', currentPeriodEnd: '2027-02-11T00:00:00.000Z', nextPaymentAt: '2027-02-11T00:00:00.000Z' })
    const result = advance(base, paid)
    expect(result).toEqual({ ok: true, next: paid, history: ['activated'] })
  })

  it('records renewals, failed payments and recovery', () => {
    const active = state({ status: 'active', currentPeriodEnd: '2027-02-11T00:00:00.000Z' })
    const renewed = advance(active, state({ status: 'active', currentPeriodEnd: '2027-03-11T00:00:00.000Z' }))
    expect(renewed).toMatchObject({ ok: true, history: ['renewed'] })
    const failed = advance(active, state({ status: 'past_due' }))
    expect(failed).toMatchObject({ ok: true, history: ['payment_failed'], next: { status: 'past_due', currentPeriodEnd: '2027-02-11T00:00:00.000Z' } })
    const recovered = advance(state({ status: 'past_due' }), state({ status: 'active', currentPeriodEnd: '2027-03-11T00:00:00.000Z' }))
    expect(recovered).toMatchObject({ ok: true, history: ['renewed'] })
  })

  it('cancels auto-renewal but stays active until the period ends, then is cancelled', () => {
    const active = state({ status: 'active', currentPeriodEnd: '2027-02-11T00:00:00.000Z' })
    const off = advance(active, { ...active, cancelAtPeriodEnd: true, nextPaymentAt: null })
    expect(off).toMatchObject({ ok: true, history: ['renewal_cancelled'], next: { status: 'active', cancelAtPeriodEnd: true, nextPaymentAt: null } })
    if (!off.ok) return
    const ended = advance(off.next, { ...off.next, status: 'cancelled' })
    expect(ended).toMatchObject({ ok: true, history: ['cancelled'], next: { status: 'cancelled', nextPaymentAt: null } })
  })

  it('refuses going back and never moves a date backwards', () => {
    const active = state({ status: 'active', currentPeriodEnd: '2027-02-11T00:00:00.000Z' })
    expect(advance(active, base)).toEqual({ ok: false, reason: 'illegal', from: 'active', to: 'trialing' })
    expect(advance(state({ status: 'expired' }), active)).toEqual({ ok: false, reason: 'illegal', from: 'expired', to: 'active' })
    expect(advance(state({ status: 'cancelled' }), active)).toMatchObject({ ok: false })
    const stale = advance(active, state({ status: 'active', currentPeriodEnd: '2027-01-11T00:00:00.000Z' }))
    expect(stale).toMatchObject({ ok: true, history: [], next: { currentPeriodEnd: '2027-02-11T00:00:00.000Z' } })
  })

  it('gives the same state whatever order the views arrive in, and repeating one changes nothing', () => {
    const views = [
      base,
      state({ status: 'active', currentPeriodEnd: '2027-02-11T00:00:00.000Z' }),
      state({ status: 'active', currentPeriodEnd: '2027-03-11T00:00:00.000Z' }),
      state({ status: 'expired', currentPeriodEnd: '2027-03-11T00:00:00.000Z', nextPaymentAt: null }),
    ]
    const finals = new Set<string>()
    for (const order of [[0, 1, 2, 3], [3, 2, 1, 0], [1, 3, 0, 2], [2, 0, 3, 1], [0, 0, 1, 1, 2, 3, 3]]) {
      let current: SubscriptionState | null = null
      for (const index of order) {
        const view = views[index]!
        const result: ReturnType<typeof advance> = current ? advance(current, view) : start(view)
        if (result.ok) current = result.next
      }
      finals.add(JSON.stringify(current))
    }
    expect(finals.size).toBe(1)
    expect(JSON.parse([...finals][0]!)).toMatchObject({ status: 'expired', currentPeriodEnd: '2027-03-11T00:00:00.000Z' })
  })

  it('grants VIP while trialing, active or in the retry window only', () => {
    expect(SUBSCRIPTION_STATUSES.filter(grantsVip)).toEqual(['trialing', 'active', 'past_due'])
  })
})
