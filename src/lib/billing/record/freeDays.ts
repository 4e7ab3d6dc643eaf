// Days given to a subscription, or taken back, by the site itself (a referral's reward, src/lib/referral): the paid
// period's end, the trial's and the next charge move together, at the provider that charges renewals (Stripe) and in
// our record through the one writer, with the step in the history. Staff's own extensions are editorChange.ts.
import type { Payload, PayloadRequest } from 'payload'

import type { Subscription } from '@/payload-types'
import { shiftedEnd } from '@/lib/referral/rules'

import { billingProvider, isProviderOf } from '../index'
import { isEnded } from '../rules/lifecycle'
import type { HistoryEntry, SubscriptionState } from '../rules/lifecycle'
import { GIFT_PROVIDER, STARS_PROVIDER } from '../providers/provider'
import { applyChange, stateOf, underLock } from './subscriptionRecord'

/** A provider takes no end in the past: days taken back leave at least this much. */
const SOONEST_MS = 60_000

/**
 * The state with `days` more (negative: taken back, down to now at the least) (pure). Null when nothing can move: an
 * ended subscription keeps its end.
 */
export function shiftedState(current: SubscriptionState, days: number, now: Date, { chargeStays = false }: { chargeStays?: boolean } = {}): SubscriptionState | null {
  if (isEnded(current.status) || days === 0) return null
  const end = shiftedEnd(current.currentPeriodEnd, days, new Date(now.getTime() + SOONEST_MS)).toISOString()
  return {
    ...current,
    status: current.status === 'past_due' && days > 0 ? 'active' : current.status,
    trialEndsAt: current.status === 'trialing' ? end : current.trialEndsAt,
    currentPeriodEnd: end,
    // Telegram charges a Stars subscription on its own date, whatever days the site gives (`chargeStays`): the next
    // payment stays there, and the renewal carries the days past it (stars.ts, paidState).
    nextPaymentAt: current.nextPaymentAt && !current.cancelAtPeriodEnd && !chargeStays ? end : current.nextPaymentAt,
  }
}

export type ShiftOutcome = 'shifted' | 'ended' | 'otherProvider' | 'unknown'

/**
 * Moves subscription `subscriptionId` by the days `days` answers under its lock (history step `step`, `note` beside
 * it), then runs `also` in the same transaction with what happened (the caller's own record of it: done exactly when
 * the change is). Throws when the provider refuses; nothing is changed then.
 */
export async function shiftByDays(
  payload: Payload,
  { subscriptionId, days: daysOf, step, note, also }: { subscriptionId: number; days: (req: PayloadRequest, existing: Subscription) => Promise<number>; step: HistoryEntry; note: string; also: (req: PayloadRequest, outcome: ShiftOutcome, existing: Subscription) => Promise<void> },
): Promise<ShiftOutcome> {
  const provider = billingProvider()
  let result: ShiftOutcome = 'unknown'
  await underLock(payload, subscriptionId, async (existing, req) => {
    const now = new Date()
    // Decided under the lock: two runs of one change give the days once.
    const days = await daysOf(req, existing)
    if (days === 0) return { result: 'ignored' as const, followUps: [] }
    // Telegram runs Stars subscriptions and takes no change of date, and nobody charges a gift's: the record alone moves.
    const recordOnly = existing.provider?.name === STARS_PROVIDER || existing.provider?.name === GIFT_PROVIDER
    const next = shiftedState(stateOf(existing), days, now, { chargeStays: existing.provider?.name === STARS_PROVIDER })
    const providerId = existing.provider?.subscriptionId
    result = !next ? 'ended' : !recordOnly && provider && providerId && !isProviderOf(provider, existing) ? 'otherProvider' : 'shifted'
    if (result !== 'shifted' || !next) {
      await also(req, result, existing)
      return { result: 'ignored' as const, followUps: [] }
    }
    if (!recordOnly && provider && !provider.runsRenewals && providerId) {
      await provider.extendTo(providerId, new Date(next.currentPeriodEnd!), existing.status !== 'trialing', `free-days-${existing.id}-${Date.parse(next.currentPeriodEnd!)}`)
    }
    // A trial still waiting for its first device runs its days from that connection (heldTrial.ts): they change too.
    const holdDays = existing.trialHold?.until && existing.trialHold.days ? Math.max(1, existing.trialHold.days + days) : undefined
    const outcome = await applyChange(payload, req, {
      existing,
      transition: { ok: true, next, history: [step] },
      ...(holdDays !== undefined ? { trialHoldDays: holdDays } : {}),
      occurredAt: now.toISOString(),
      runner: existing.provider?.name === 'yookassa' ? 'site' : 'provider',
      note,
      // The renewal's attempts restart for the new date; a trial is reminded of again before its new end.
      ...(existing.renewal ? { siteRun: { renewal: { failedCharges: 0, ...(existing.status === 'trialing' ? { trialReminderSentAt: null } : {}) } } } : {}),
    })
    await also(req, result, existing)
    return outcome
  })
  return result
}
