// The subscription lifecycle as a pure state machine: trialing → active → expired or cancelled, with
// past_due on a failed renewal. The provider's current view of a subscription is applied to ours so
// that events in any order, or repeated, end in the same state: status only moves forward, dates
// only later, and an ended subscription never comes back (a new purchase is a new subscription).
export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'cancelled', 'expired'] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

export const ENDED_STATUSES: readonly SubscriptionStatus[] = ['cancelled', 'expired']

const ALLOWED: Record<SubscriptionStatus, readonly SubscriptionStatus[]> = {
  trialing: ['active', 'past_due', 'cancelled', 'expired'],
  active: ['past_due', 'cancelled', 'expired'],
  past_due: ['active', 'cancelled', 'expired'],
  cancelled: [],
  expired: [],
}

export function canTransition(from: SubscriptionStatus, to: SubscriptionStatus): boolean {
  return from === to || ALLOWED[from].includes(to)
}

export function isEnded(status: SubscriptionStatus): boolean {
  return ENDED_STATUSES.includes(status)
}

/** The statuses in which a subscription gives VIP access (a failed renewal keeps it while retries run). */
export const VIP_STATUSES: readonly SubscriptionStatus[] = ['trialing', 'active', 'past_due']

export function grantsVip(status: SubscriptionStatus): boolean {
  return VIP_STATUSES.includes(status)
}

export type SubscriptionState = {
  status: SubscriptionStatus
  /** ISO dates; null when unknown. */
  trialEndsAt: string | null
  currentPeriodEnd: string | null
  nextPaymentAt: string | null
  cancelAtPeriodEnd: boolean
}

export type HistoryEntry =
  | 'trial_started'
  | 'activated'
  | 'renewed'
  | 'payment_failed'
  | 'renewal_cancelled'
  | 'renewal_resumed'
  | 'cancelled'
  | 'expired'
  /** Steps staff take by hand in the admin (editorChange.ts), recorded with who took them. */
  | 'extended_by_editor'
  | 'cancelled_by_editor'
  /** A trial that waited for the first device started when it connected (heldTrial.ts). */
  | 'trial_started_on_connect'
  /** Days a referral earned, and the same days taken back when its payment was refunded (src/lib/referral). */
  | 'referral_reward'
  | 'referral_taken_back'
  /** A gift's period added to a live subscription, or a subscription a gift started (src/lib/gift). */
  | 'gift_redeemed'

export type Transition =
  | { ok: true; next: SubscriptionState; history: HistoryEntry[] }
  | { ok: false; reason: 'illegal'; from: SubscriptionStatus; to: SubscriptionStatus }

function later(a: string | null, b: string | null): string | null {
  if (!a) return b
  if (!b) return a
  return Date.parse(b) > Date.parse(a) ? b : a
}

/** Whether a transition from `from` ends the subscription (its VIP keys then stop being served). */
export function endsSubscription(from: SubscriptionStatus | undefined, next: SubscriptionState): boolean {
  return isEnded(next.status) && (from === undefined || !isEnded(from))
}

/** The state of a subscription we do not have yet. */
export function start(incoming: SubscriptionState): Transition {
  const history: HistoryEntry[] = []
  if (incoming.status === 'trialing') history.push('trial_started')
  else if (incoming.status === 'active') history.push('activated')
  else if (incoming.status === 'past_due') history.push('activated', 'payment_failed')
  else if (incoming.status === 'cancelled' || incoming.status === 'expired') history.push(incoming.status)
  if (incoming.cancelAtPeriodEnd && !isEnded(incoming.status)) history.push('renewal_cancelled')
  return { ok: true, next: incoming, history }
}

/**
 * Applies the provider's current view to our state. Going back (active → trialing, ended → anything)
 * is refused; a stale view with the same status never moves a date backwards.
 */
export function advance(current: SubscriptionState, incoming: SubscriptionState): Transition {
  const from = current.status
  const to = incoming.status
  if (!canTransition(from, to)) return { ok: false, reason: 'illegal', from, to }
  if (isEnded(from)) return { ok: true, next: current, history: [] }

  const currentPeriodEnd = later(current.currentPeriodEnd, incoming.currentPeriodEnd)
  const next: SubscriptionState = {
    status: to,
    trialEndsAt: incoming.trialEndsAt ?? current.trialEndsAt,
    currentPeriodEnd,
    // Nothing more is charged once renewal is off or the subscription has ended.
    nextPaymentAt: isEnded(to) || incoming.cancelAtPeriodEnd ? null : (incoming.nextPaymentAt ?? current.nextPaymentAt),
    cancelAtPeriodEnd: isEnded(to) ? current.cancelAtPeriodEnd : incoming.cancelAtPeriodEnd,
  }
  const history: HistoryEntry[] = []
  if (from !== to) {
    if (to === 'active') history.push(from === 'trialing' ? 'activated' : 'renewed')
    else if (to === 'past_due') history.push('payment_failed')
    else if (to === 'cancelled' || to === 'expired') history.push(to)
  } else if (to === 'active' && currentPeriodEnd !== current.currentPeriodEnd && current.currentPeriodEnd) {
    history.push('renewed')
  }
  if (!isEnded(to) && next.cancelAtPeriodEnd !== current.cancelAtPeriodEnd) {
    history.push(next.cancelAtPeriodEnd ? 'renewal_cancelled' : 'renewal_resumed')
  }
  return { ok: true, next, history }
}
