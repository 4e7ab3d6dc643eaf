// Staff extend or cancel a subscription by hand, from its page in the admin (the form posts to
// /api/subscriptions/:id/change): free time up to a later date, which moves the next charge there, or the end now,
// which stops its VIP keys at once. The change is decided here on the record re-read under its lock, made at the
// provider that charges it (Stripe), and applied by the one writer (applyChange) with who made it in the history.
import type { Payload } from 'payload'

import { fromMoscowWallClock, moscowWallClock } from '@/lib/time/moscow'

import { billingProvider, isProviderOf } from '../index'
import { isEnded } from '../rules/lifecycle'
import type { SubscriptionState, Transition } from '../rules/lifecycle'
import { applyChange, stateOf, underLock } from './subscriptionRecord'

/** `date`: the new last day (YYYY-MM-DD, Moscow), kept at the time of day the paid period ends. */
export type EditorEdit = { kind: 'extend'; date: string } | { kind: 'cancel' }

export type EditorRefusal = 'unknown' | 'ended' | 'dateInvalid' | 'notLater' | 'tooFar' | 'otherProvider' | 'provider'

export class EditorChangeError extends Error {
  override name = 'EditorChangeError'
  /** `notLater`: the moment (ISO) the new date must pass; `tooFar`: the last day (YYYY-MM-DD, Moscow) it may be. */
  constructor(readonly reason: EditorRefusal, readonly bound?: string) {
    super(reason)
  }
}

const DAY_MS = 86_400_000
/** Free time reaches at most the Moscow day this far from now: a staff member's slip (or a stolen staff account) gives a year, not ten. */
export const MAX_EXTENSION_MS = 366 * DAY_MS
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * The moment a subscription extended to `date` ends: that day in Moscow at the clock time its paid period ends
 * now (end of the day if it has none), so extending by a month keeps the hour. Null for a date that does not exist.
 */
export function extendedUntil(date: string, currentPeriodEnd: string | null): Date | null {
  const parts = DATE.exec(date)
  if (!parts) return null
  const [year, month, day] = parts.slice(1).map(Number) as [number, number, number]
  const midnight = Date.UTC(year, month - 1, day)
  const back = new Date(midnight)
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null
  const end = currentPeriodEnd ? Date.parse(currentPeriodEnd) : NaN
  const timeOfDay = Number.isNaN(end) ? DAY_MS - 60_000 : moscowWallClock(new Date(end)).getTime() % DAY_MS
  return fromMoscowWallClock(midnight + timeOfDay)
}

export type EditorDecision = { ok: true; transition: Extract<Transition, { ok: true }>; until: Date | null } | { ok: false; refusal: EditorRefusal; bound?: string }

/**
 * What an edit does to a subscription's state (pure). An ended subscription is never changed. Free time goes to a
 * date after both the paid period's end and now, and at most MAX_EXTENSION_MS from now: it moves the next charge
 * there (none while renewal is off), makes a trial that long, and restores a declined one to active. Cancelling ends
 * the subscription now.
 */
export function decideEditorChange(current: SubscriptionState, edit: EditorEdit, now: Date): EditorDecision {
  if (isEnded(current.status)) return { ok: false, refusal: 'ended' }
  if (edit.kind === 'cancel') {
    const next: SubscriptionState = { ...current, status: 'cancelled', nextPaymentAt: null, currentPeriodEnd: now.toISOString() }
    return { ok: true, transition: { ok: true, next, history: ['cancelled_by_editor'] }, until: null }
  }
  const until = extendedUntil(edit.date, current.currentPeriodEnd)
  if (!until) return { ok: false, refusal: 'dateInvalid' }
  const earliest = Math.max(Date.parse(current.currentPeriodEnd ?? '') || 0, now.getTime())
  if (until.getTime() <= earliest) return { ok: false, refusal: 'notLater', bound: new Date(earliest).toISOString() }
  const lastDay = moscowWallClock(new Date(now.getTime() + MAX_EXTENSION_MS)).toISOString().slice(0, 10)
  if (edit.date > lastDay) return { ok: false, refusal: 'tooFar', bound: lastDay }
  const next: SubscriptionState = {
    ...current,
    status: current.status === 'past_due' ? 'active' : current.status,
    trialEndsAt: current.status === 'trialing' ? until.toISOString() : current.trialEndsAt,
    currentPeriodEnd: until.toISOString(),
    nextPaymentAt: current.cancelAtPeriodEnd ? null : until.toISOString(),
  }
  return { ok: true, transition: { ok: true, next, history: ['extended_by_editor'] }, until }
}

/**
 * Applies a staff member's edit (`by`: their address) to the subscription, at its provider first when the provider
 * charges it. Throws EditorChangeError with the reason when the change is refused; nothing is changed then.
 */
export async function changeByEditor(payload: Payload, { subscriptionId, edit, by }: { subscriptionId: number; edit: EditorEdit; by: string }): Promise<SubscriptionState> {
  const provider = billingProvider()
  // After the commit, a cancelled subscription's VIP keys stop being served.
  const outcome = await underLock(payload, subscriptionId, async (existing, req) => {
    const now = new Date()
    const decision = decideEditorChange(stateOf(existing), edit, now)
    if (!decision.ok) throw new EditorChangeError(decision.refusal, decision.bound)
    const providerId = existing.provider?.subscriptionId
    // Bought through another provider than the one configured now: a change here would not reach the one charging.
    if (provider && providerId && !isProviderOf(provider, existing)) throw new EditorChangeError('otherProvider')
    // Under the lock, so the provider's own event about the change waits for our record of it.
    if (provider && !provider.runsRenewals && providerId) {
      try {
        if (decision.until) await provider.extendTo(providerId, decision.until, existing.status !== 'trialing', `editor-extend-${existing.id}-${decision.until.getTime()}`)
        else await provider.cancelNow(providerId, `editor-cancel-${existing.id}`)
      } catch (error) {
        payload.logger.error({ err: error, msg: `Editor change of subscription ${existing.id} refused by the provider` })
        throw new EditorChangeError('provider')
      }
    }
    const note = decision.until ? `${by}: ${existing.currentPeriodEnd ?? '—'} → ${decision.until.toISOString()}` : by
    const result = await applyChange(payload, req, {
      existing,
      transition: decision.transition,
      occurredAt: now.toISOString(),
      runner: existing.provider?.name === 'yookassa' ? 'site' : 'provider',
      note,
      // Free time restarts the renewal's attempts: the next charge is for the period from the new date; a longer
      // trial is reminded of again before its new end.
      ...(decision.until && existing.renewal
        ? { siteRun: { renewal: { failedCharges: 0, ...(existing.status === 'trialing' ? { trialReminderSentAt: null } : {}) } } }
        : {}),
    })
    return { ...result, next: decision.transition.next }
  })
  if (!outcome) throw new EditorChangeError('unknown')
  return outcome.next
}
