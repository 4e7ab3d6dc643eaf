// Staff's extend-or-cancel decided in one pure place (src/lib/billing/record/editorChange.ts): what each edit does to the
// state, what it refuses, and the moment a chosen day means.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { MAX_EXTENSION_MS, decideEditorChange, extendedUntil } from '@/lib/billing/record/editorChange'
import { SUBSCRIPTION_STATUSES, isEnded } from '@/lib/billing/rules/lifecycle'
import type { SubscriptionState } from '@/lib/billing/rules/lifecycle'
import { mailsOf } from '@/lib/billing/rules/mails'

const NOW = new Date('2027-01-05T09:00:00.000Z')
const active: SubscriptionState = {
  status: 'active',
  trialEndsAt: '2026-11-20T10:00:00.000Z',
  currentPeriodEnd: '2027-01-20T10:15:00.000Z',
  nextPaymentAt: '2027-01-20T10:15:00.000Z',
  cancelAtPeriodEnd: false,
}

describe('an editor’s change', () => {
  it('extends to the chosen Moscow day at the hour the period ends, moving the next charge; a declined one is active again', () => {
    const decided = decideEditorChange({ ...active, status: 'past_due' }, { kind: 'extend', date: '2027-02-20' }, NOW)
    expect(decided).toMatchObject({
      ok: true,
      until: new Date('2027-02-20T10:15:00.000Z'),
      transition: { next: { status: 'active', currentPeriodEnd: '2027-02-20T10:15:00.000Z', nextPaymentAt: '2027-02-20T10:15:00.000Z', trialEndsAt: active.trialEndsAt }, history: ['extended_by_editor'] },
    })
    // Renewal off: the new date is the end, with nothing charged; a trial lasts that long.
    expect(decideEditorChange({ ...active, cancelAtPeriodEnd: true, nextPaymentAt: null }, { kind: 'extend', date: '2027-02-20' }, NOW)).toMatchObject({ transition: { next: { nextPaymentAt: null } } })
    expect(decideEditorChange({ ...active, status: 'trialing' }, { kind: 'extend', date: '2027-02-20' }, NOW)).toMatchObject({ transition: { next: { status: 'trialing', trialEndsAt: '2027-02-20T10:15:00.000Z' } } })
  })

  it('refuses an earlier or the same day, a day before now, a day that does not exist, and any change of an ended one', () => {
    expect(decideEditorChange(active, { kind: 'extend', date: '2027-01-20' }, NOW)).toEqual({ ok: false, refusal: 'notLater', bound: active.currentPeriodEnd })
    const lapsed = { ...active, status: 'past_due' as const, currentPeriodEnd: '2027-01-01T10:15:00.000Z' }
    expect(decideEditorChange(lapsed, { kind: 'extend', date: '2027-01-04' }, NOW)).toEqual({ ok: false, refusal: 'notLater', bound: NOW.toISOString() })
    for (const date of ['2027-02-30', '2027-13-01', '27-02-01', '2027-02-01T00:00', '']) {
      expect(decideEditorChange(active, { kind: 'extend', date }, NOW), date).toEqual({ ok: false, refusal: 'dateInvalid' })
    }
    for (const status of SUBSCRIPTION_STATUSES.filter(isEnded)) {
      expect(decideEditorChange({ ...active, status }, { kind: 'cancel' }, NOW)).toEqual({ ok: false, refusal: 'ended' })
      expect(decideEditorChange({ ...active, status }, { kind: 'extend', date: '2030-01-01' }, NOW)).toEqual({ ok: false, refusal: 'ended' })
    }
  })

  it('gives free time up to the Moscow day a year from now, not further, however long the subscription has left', () => {
    expect(new Date(NOW.getTime() + MAX_EXTENSION_MS).toISOString()).toBe('2028-01-06T09:00:00.000Z')
    // The last day whole, at the hour the period ends (past the moment a year from now).
    expect(decideEditorChange(active, { kind: 'extend', date: '2028-01-06' }, NOW)).toMatchObject({ ok: true, until: new Date('2028-01-06T10:15:00.000Z') })
    expect(decideEditorChange(active, { kind: 'extend', date: '2028-01-07' }, NOW)).toEqual({ ok: false, refusal: 'tooFar', bound: '2028-01-06' })
    // Late in the Moscow evening the next day is already Moscow's.
    expect(decideEditorChange(active, { kind: 'extend', date: '2028-01-07' }, new Date('2027-01-05T21:30:00.000Z'))).toMatchObject({ ok: true })
    expect(decideEditorChange(active, { kind: 'extend', date: '2099-12-31' }, NOW)).toEqual({ ok: false, refusal: 'tooFar', bound: '2028-01-06' })
    expect(decideEditorChange({ ...active, status: 'trialing' }, { kind: 'extend', date: '2030-01-01' }, NOW)).toMatchObject({ ok: false, refusal: 'tooFar' })
  })

  it('cancels now, nothing more charged; neither change mails the subscriber', () => {
    const decided = decideEditorChange(active, { kind: 'cancel' }, NOW)
    expect(decided).toMatchObject({ ok: true, until: null, transition: { next: { status: 'cancelled', currentPeriodEnd: NOW.toISOString(), nextPaymentAt: null }, history: ['cancelled_by_editor'] } })
    for (const runner of ['provider', 'site'] as const) {
      expect(mailsOf(['cancelled_by_editor'], runner)).toEqual([])
      expect(mailsOf(['extended_by_editor'], runner)).toEqual([])
    }
  })

  it('a chosen day ends on that Moscow day, at the Moscow time of day the period ends (end of day without one)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }), fc.date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }), (day, end) => {
        const date = day.toISOString().slice(0, 10)
        const until = extendedUntil(date, end.toISOString())!
        const moscow = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(at)
        expect(moscow(until).slice(0, 10)).toBe(date)
        expect(moscow(until).slice(12)).toBe(moscow(end).slice(12))
        expect(until.getTime() % 1000).toBe(end.getTime() % 1000)
      }),
      { numRuns: 300 },
    )
    expect(extendedUntil('2027-03-01', null)).toEqual(new Date('2027-03-01T20:59:00.000Z'))
  })
})
