// Trials that start when used (a plan's "The trial starts at the first connection", Marzban's `on_hold`): the buyer
// pays the trial fee, and the trial's days count from their first device's connection, not from the payment. Until
// then the subscription waits: it serves keys, says "starts when you connect your first device", and its provider
// holds the first charge at the latest date (the trial's days after TRIAL_HOLD_MAX_DAYS). The first poll of the
// subscription URL notes the connection (src/lib/feeds/firstConnection.ts); the job startHeldTrials then moves the
// trial's end, and the first charge with it, to that moment plus the trial's days, at the provider (Stripe) and
// through the one writer, and the trial reminder follows. Unused for TRIAL_HOLD_MAX_DAYS, the trial runs from then.
import type { Payload } from 'payload'

import type { Subscription } from '@/payload-types'

import { billingProvider, isProviderOf } from '../index'
import type { SubscriptionState } from '../rules/lifecycle'
import { applyChange, stateOf, underLock } from './subscriptionRecord'

const DAY_MS = 86_400_000

/** The trial a subscription waits to start: its days and the latest moment they start. */
export type TrialHold = { days: number; until: string }

/**
 * The state once a held trial starts at `at` (pure): its end, the paid period's and the first charge at `at` plus its
 * days. Null when nothing moves: it is no trial any more, or the moment is past the hold (its days already ran from
 * the hold's end, as the provider was told).
 */
export function startedTrial(current: SubscriptionState, hold: TrialHold, at: Date): SubscriptionState | null {
  if (current.status !== 'trialing' || at.getTime() >= Date.parse(hold.until)) return null
  const end = new Date(at.getTime() + hold.days * DAY_MS).toISOString()
  return { ...current, trialEndsAt: end, currentPeriodEnd: end, nextPaymentAt: current.cancelAtPeriodEnd ? null : end }
}

const holdOf = (subscription: Subscription): TrialHold | null =>
  subscription.trialHold?.until && subscription.trialHold.days ? { days: subscription.trialHold.days, until: subscription.trialHold.until } : null

/**
 * Starts the held trial of subscription `id` from its first connection, or lets go of a hold that is over. At the
 * provider first (Stripe's trial end), then in the record with the history's step; a failure leaves the hold for the
 * next run. True when the trial's dates moved.
 */
async function startHeldTrial(payload: Payload, id: number, now: Date): Promise<boolean> {
  const provider = billingProvider()
  let moved = false
  const outcome = await underLock(payload, id, async (existing, req) => {
    const hold = holdOf(existing)
    if (!hold) return { result: 'ignored' as const, followUps: [] }
    const connectedAt = existing.trialHold?.connectedAt ? new Date(existing.trialHold.connectedAt) : null
    const started = connectedAt ? startedTrial(stateOf(existing), hold, connectedAt) : null
    // A run so late that the trial's days are over already ends it a minute from now: a provider takes no end in the past.
    const soonest = new Date(now.getTime() + 60_000).toISOString()
    const next = started && Date.parse(started.trialEndsAt!) < Date.parse(soonest) ? { ...started, trialEndsAt: soonest, currentPeriodEnd: soonest, nextPaymentAt: started.nextPaymentAt && soonest } : started
    // Not connected yet, and the hold still runs: nothing to do.
    if (!next && !connectedAt && Date.parse(hold.until) > now.getTime()) return { result: 'ignored' as const, followUps: [] }
    const providerId = existing.provider?.subscriptionId
    if (next && provider && !provider.runsRenewals && providerId && isProviderOf(provider, existing)) {
      await provider.extendTo(providerId, new Date(next.trialEndsAt!), false, `held-trial-${existing.id}-${Date.parse(next.trialEndsAt!)}`)
    }
    moved = next !== null
    return applyChange(payload, req, {
      existing,
      transition: { ok: true, next: next ?? stateOf(existing), history: next ? ['trial_started_on_connect'] : [] },
      occurredAt: (connectedAt ?? now).toISOString(),
      runner: existing.provider?.name === 'yookassa' ? 'site' : 'provider',
      trialHoldDone: true,
      // The reminder before the trial's end is sent before its new end.
      ...(next && existing.renewal ? { siteRun: { renewal: { trialReminderSentAt: null } } } : {}),
    })
  })
  return outcome?.result === 'applied' && moved
}

/**
 * The job startHeldTrials (every minute): the held trials whose first device has connected start from it, and the
 * holds that have run their TRIAL_HOLD_MAX_DAYS are let go of (the trial's days run from there, as first set).
 */
export async function startHeldTrials(payload: Payload, now: Date = new Date()): Promise<number> {
  const { docs } = await payload.find({
    collection: 'subscriptions',
    where: { and: [{ 'trialHold.until': { exists: true } }, { or: [{ 'trialHold.connectedAt': { exists: true } }, { 'trialHold.until': { less_than_equal: now.toISOString() } }] }] },
    // The longest waiting first: a row that keeps failing cannot hold back the others for long.
    sort: 'trialHold.until',
    limit: 100,
    depth: 0,
    select: { status: true },
  })
  let started = 0
  for (const { id } of docs) {
    try {
      if (await startHeldTrial(payload, id, now)) started += 1
    } catch (error) {
      payload.logger.error({ err: error, msg: `The held trial of subscription ${id} could not be started; the next run tries again` })
    }
  }
  return started
}
