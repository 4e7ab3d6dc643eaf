// Our record of a subscription, moved by one change: `applyChange` is the one place that writes its state, dates,
// history, money, mail and follow-ups, in the caller's transaction under the subscription's lock (LOCKS.billing).
// A change is either the provider's view of the subscription or a transition the site decided on its own record:
// - provider-run subscriptions (Stripe) come here through their verified events: each event id is applied once
//   (stored in provider events in the same transaction as its effects), the subscription is re-read from the
//   provider and moved only forward (lifecycle.ts), so events in any order end in the provider's final state;
// - site-run ones (YooKassa) come through siteRenewals.ts: a first payment as the view it starts, everything after as a
//   transition of our record (renewals, the subscriber's choices);
// - staff's extensions and cancellations come through editorChange.ts, as transitions too.
import type { Payload, PayloadRequest } from 'payload'

import type { Locale } from '@/i18n/locales'
import { accountByEmail, createCustomer } from '@/lib/auth/accounts'
import { isPlaceholderEmail } from '@/lib/auth/placeholderEmail'
import { issueToken } from '@/lib/auth/tokens'
import { LOCKS } from '@/lib/db/locks'
import { withTransaction } from '@/lib/db/transaction'
import { queueFollowUp, runFollowUps } from '@/lib/queue/afterCommit'
import { attachReferral, owedReferralSettlements, referralAfterMoney } from '@/lib/referral'
import type { BillingMailKind } from '@/lib/mail/billingTemplates'
import { renderBillingMail } from '@/lib/mail/billingTemplates'
import { env } from '@/lib/env'
import { urlsOnEveryHost } from '@/lib/http/siteUrl'
import { localizedPath } from '@/lib/routing/localizedPath'
import { personalFeedPath } from '@/lib/feeds/personalUrl'
import type { Subscription, User } from '@/payload-types'

import { formatMoney } from '../rules/pricing'
import type { Currency } from '../rules/pricing'
import { discounted } from '../rules/renewalPlan'
import { termsText } from '../rules/terms'
import type { ChargeTerms } from '../rules/terms'
import { advance, endsSubscription, grantsVip, isEnded, start } from '../rules/lifecycle'
import type { HistoryEntry, SubscriptionState, Transition } from '../rules/lifecycle'
import { mailsOf } from '../rules/mails'
import type { MailCause, RenewalRunner } from '../rules/mails'
import { STARS_PROVIDER } from '../providers/provider'
import type { BillingEvent, PromoMetadata, ProviderRunBilling, ProviderSubscription, SubscriptionMetadata } from '../providers/provider'
import { readSiteSettings } from '@/lib/data/siteSettings'

export type ApplyResult = 'applied' | 'duplicate' | 'ignored'

/** `amountKopecks`: the next charge, for mails that name it; `terms`: what was paid and what renewal charges (activation). */
type PendingMail = { to: string; userId: number; locale: Locale; kind: BillingMailKind; subscription: SubscriptionState; amount?: Money; terms?: ChargeTerms; heldUntil?: string | null }

/** An amount with its currency (kopecks for rubles, whole Stars for Telegram Stars). */
type Money = { amount: number; currency: Currency }

/** Our record's state, as the state machine reads it. */
export function stateOf(subscription: Subscription): SubscriptionState {
  return {
    status: subscription.status,
    trialEndsAt: subscription.trialEndsAt ?? null,
    currentPeriodEnd: subscription.currentPeriodEnd ?? null,
    nextPaymentAt: subscription.nextPaymentAt ?? null,
    cancelAtPeriodEnd: Boolean(subscription.cancelAtPeriodEnd),
  }
}

/** The buyer's account: by id when they were signed in, else by the paid e-mail, created if new. */
async function buyerOf(payload: Payload, req: PayloadRequest, metadata: SubscriptionMetadata): Promise<User> {
  const { userId, email, locale } = metadata
  if (userId) {
    const byId = await payload.findByID({ collection: 'users', id: userId, depth: 0, req, disableErrors: true })
    if (byId) return byId
  }
  return (await accountByEmail(payload, email, req)) ?? createCustomer(payload, { email, locale, verified: false }, req)
}

/** Stores the event as seen; false when it was seen before (a replay or a second delivery). */
export async function recordEventOnce(payload: Payload, req: PayloadRequest, providerName: string, eventId: string, type: string): Promise<boolean> {
  const seen = await payload.count({ collection: 'provider-events', where: { eventId: { equals: eventId } }, req })
  if (seen.totalDocs > 0) return false
  await payload.create({
    collection: 'provider-events',
    data: { provider: providerName, eventId, type, processedAt: new Date().toISOString() },
    depth: 0,
    req,
  })
  return true
}

export async function findRecord(payload: Payload, req: PayloadRequest, providerSubscriptionId: string): Promise<Subscription | undefined> {
  const found = await payload.find({ collection: 'subscriptions', where: { 'provider.subscriptionId': { equals: providerSubscriptionId } }, limit: 1, depth: 0, req })
  return found.docs[0]
}

/**
 * A known subscription keeps its account, or stays anonymous once that account was purged; only a new one finds
 * or creates the buyer's account.
 */
async function accountFor(payload: Payload, req: PayloadRequest, existing: Subscription | undefined, metadata: SubscriptionMetadata): Promise<User | null> {
  if (!existing) return buyerOf(payload, req, metadata)
  const userRef = existing.user
  if (!userRef) return null
  return payload.findByID({ collection: 'users', id: typeof userRef === 'object' ? userRef.id : userRef, depth: 0, req })
}

/** What a site-run subscription keeps beside its state: the saved method and the terms renewals are charged on. */
export type SiteRunData = { paymentMethodId?: string | null; renewal?: Partial<NonNullable<Subscription['renewal']>> }

/** The provider's view of the subscription: Stripe's, re-read; or the one a first site-run payment starts. */
export type ReportedChange = { providerName: string; remote: ProviderSubscription; existing: Subscription | undefined }

/**
 * A transition the site decided for its own record (lifecycle.ts, renewalPlan.ts, editorChange.ts).
 * `cancelDiscount`: the change gives the cancel offer's discount, which is used once.
 */
export type DecidedChange = {
  existing: Subscription
  transition: Transition
  cancelDiscount?: boolean
  /** A held trial started, or its hold ran out (heldTrial.ts): the subscription waits for no first device any more. */
  trialHoldDone?: boolean
  /** Days given to (or taken from) a trial that still waits for its first device: its days once it starts (freeDays.ts). */
  trialHoldDays?: number
}

export type Change = ReportedChange | DecidedChange

const isReported = (change: Change): change is ReportedChange => 'remote' in change

type SaveInput = {
  change: Change
  user: User | null
  next: SubscriptionState
  siteRun?: SiteRunData
  /** The subscriber unlinked the saved method: its id and what the account showed of it are forgotten. */
  methodRemoved?: boolean
}

/**
 * The terms the next charge is made on: the site's own (site-run), or the price and period on the provider's
 * subscription, with the cancel offer's percentage while the provider holds a discount for the next invoice.
 */
async function renewalTermsOf(payload: Payload, req: PayloadRequest, { change, siteRun }: SaveInput): Promise<SiteRunData['renewal']> {
  if (siteRun?.renewal || !isReported(change)) return siteRun?.renewal
  const { remote, existing } = change
  const { price } = remote
  if (!price) return undefined
  let discountPercent: number | null = null
  if (remote.hasDiscount) {
    discountPercent = existing?.renewal?.discountPercent ?? (await readSiteSettings(payload, { req })).cancelDiscountPercent
  }
  return { amountKopecks: price.amountKopecks, months: price.months, discountPercent }
}

const NO_METHOD = { kind: null, brand: null, last4: null, validUntil: null }

/** What the provider's view writes beside the state: who the provider knows it as, its plan and card. */
function reportedFields({ providerName, remote, existing }: ReportedChange, { user, siteRun, methodRemoved }: SaveInput) {
  const tariff = existing?.tariff ?? remote.metadata.tariffId
  if (!tariff) throw new Error(`Subscription ${remote.id} has no plan in its metadata`)
  return {
    tariff: typeof tariff === 'object' ? tariff.id : tariff,
    cancelDiscountUsed: Boolean(existing?.cancelDiscountUsed) || remote.hasDiscount,
    provider: {
      name: providerName,
      customerId: remote.customerId,
      subscriptionId: remote.id,
      paymentMethodId: methodRemoved ? null : siteRun?.paymentMethodId !== undefined ? siteRun.paymentMethodId : (existing?.provider?.paymentMethodId ?? null),
      // The address typed for the first payment, where the account has none of its own to send receipts to.
      receiptEmail: existing?.provider?.receiptEmail ?? (isPlaceholderEmail(user?.email) && remote.metadata.email && !isPlaceholderEmail(remote.metadata.email) ? remote.metadata.email : null),
    },
    // Card details only while the subscription belongs to an account, and until its owner unlinks the card.
    paymentMethod: user && !methodRemoved ? (remote.paymentMethod ?? existing?.paymentMethod ?? {}) : NO_METHOD,
  }
}

/** What a decided change writes beside the state: the discount it gives, and the saved method it forgets. */
function decidedFields({ existing, cancelDiscount = false, trialHoldDone = false, trialHoldDays }: DecidedChange, { user, methodRemoved }: SaveInput) {
  return {
    cancelDiscountUsed: Boolean(existing.cancelDiscountUsed) || cancelDiscount,
    ...(trialHoldDone ? { trialHold: { days: null, until: null, connectedAt: null } } : {}),
    ...(trialHoldDays !== undefined && !trialHoldDone ? { trialHold: { ...existing.trialHold, days: trialHoldDays } } : {}),
    ...(methodRemoved ? { provider: { ...existing.provider, paymentMethodId: null } } : {}),
    ...(user && !methodRemoved ? {} : { paymentMethod: NO_METHOD }),
  }
}

async function saveSubscription(payload: Payload, req: PayloadRequest, input: SaveInput): Promise<Subscription> {
  const { change, user, next } = input
  const { existing } = change
  const renewal = await renewalTermsOf(payload, req, input)
  const state = { user: user?.id ?? null, ...next, ...(renewal ? { renewal: { ...existing?.renewal, ...renewal } } : {}) }
  if (!isReported(change)) return payload.update({ collection: 'subscriptions', id: change.existing.id, data: { ...state, ...decidedFields(change, input) }, depth: 0, req })
  const data = { ...state, ...reportedFields(change, input), ...(existing ? {} : { ...(await promoFields(payload, req, change.remote.metadata.promo)), ...holdFields(change.remote) }) }
  return existing
    ? payload.update({ collection: 'subscriptions', id: existing.id, data, depth: 0, req })
    : payload.create({ collection: 'subscriptions', data, depth: 0, req })
}

/**
 * The promo code a new subscription's first payment was made with (src/lib/promo), as the provider carried it back:
 * a use of the code from now on. A code deleted since the checkout opened is no longer named.
 */
async function promoFields(payload: Payload, req: PayloadRequest, promo: PromoMetadata | null | undefined) {
  if (!promo) return {}
  const known = await payload.count({ collection: 'promo-codes', where: { id: { equals: promo.id } }, req })
  if (known.totalDocs === 0) return {}
  return { promo: { code: promo.id, discountKopecks: promo.discountKopecks, extraDays: promo.extraDays, trialDays: promo.trialDays } }
}

/** A new subscription whose trial waits for the first device (heldTrial.ts): its days, and the latest they start. */
function holdFields(remote: ProviderSubscription) {
  const days = remote.metadata.trialHoldDays
  if (!days || remote.status !== 'trialing' || !remote.trialEndsAt) return {}
  return { trialHold: { days, until: new Date(Date.parse(remote.trialEndsAt) - days * 86_400_000).toISOString() } }
}

type HistoryInput = { saved: Subscription; user: User | null; history: readonly HistoryEntry[]; occurredAt: string; note?: string; created: boolean }

/** One activation-history row per step, with who took it when staff did, and the promo code a new one was bought with. */
async function recordHistory(payload: Payload, req: PayloadRequest, { saved, user, history, occurredAt, note, created }: HistoryInput): Promise<void> {
  const promo = created && saved.promo?.code ? (typeof saved.promo.code === 'object' ? saved.promo.code.id : saved.promo.code) : null
  for (const entry of history) {
    await payload.create({ collection: 'subscription-events', data: { subscription: saved.id, user: user?.id ?? null, type: entry, occurredAt, note, promo }, depth: 0, req })
  }
}

/** Money that moved (or was asked for and declined), recorded once per reference in the history. */
export type MoneyMovement = { type: 'payment' | 'refund' | 'payment_failed'; reference: string; amountKopecks: number }

/**
 * A refund reported as a payment's running total (`refund:<payment>:<total>`, siteRenewals.ts) is recorded as what went
 * back since the refunds already recorded for that payment: two partial refunds of 100 and 50 are 100 and 50, not
 * 100 and 150.
 */
async function refundedSince(payload: Payload, req: PayloadRequest, movement: MoneyMovement): Promise<number> {
  const prefix = movement.reference.slice(0, movement.reference.lastIndexOf(':') + 1)
  const { docs } = await payload.find({ collection: 'subscription-events', where: { invoiceId: { like: prefix } }, pagination: false, depth: 0, req, select: { invoiceId: true, amountKopecks: true } })
  const recorded = docs.filter((event) => event.invoiceId?.startsWith(prefix)).reduce((sum, event) => sum + Math.abs(event.amountKopecks ?? 0), 0)
  return movement.amountKopecks - recorded
}

/**
 * Each payment (or refund) is recorded once per reference, whichever of its events arrives first. Returns the jobs a
 * referral's decision queued (src/lib/referral: a friend's first full payment, or its refund).
 */
async function recordMoney(payload: Payload, req: PayloadRequest, { money, saved, user, occurredAt }: { money: readonly MoneyMovement[]; saved: Subscription; user: User | null; occurredAt: string }): Promise<(string | number)[]> {
  const followUps: (string | number)[] = []
  for (const movement of money) {
    if (movement.amountKopecks <= 0) continue
    const known = await payload.count({ collection: 'subscription-events', where: { invoiceId: { equals: movement.reference } }, req })
    if (known.totalDocs > 0) continue
    const amountKopecks = movement.type === 'refund' ? await refundedSince(payload, req, movement) : movement.amountKopecks
    if (amountKopecks <= 0) continue
    await payload.create({
      collection: 'subscription-events',
      data: { subscription: saved.id, user: user?.id ?? null, type: movement.type, amountKopecks, invoiceId: movement.reference, occurredAt },
      depth: 0,
      req,
    })
    followUps.push(...(await referralAfterMoney(payload, req, { subscription: saved, type: movement.type, reference: movement.reference, amount: amountKopecks })))
  }
  return followUps
}

/**
 * What the next charge takes: where the site charges renewals, the agreed price less a pending discount; with Stripe,
 * the plan's price, less the cancel offer's discount while Stripe holds it for the next invoice. Null when unknown.
 */
async function nextCharge(payload: Payload, req: PayloadRequest, saved: Subscription, hasDiscount: boolean): Promise<Money | null> {
  // Telegram Stars: the price the buyer subscribed at, which Telegram keeps charging.
  if (saved.provider?.name === STARS_PROVIDER) return saved.renewal?.stars ? { amount: saved.renewal.stars, currency: 'XTR' } : null
  const kopecks = await nextChargeKopecks(payload, req, saved, hasDiscount)
  return kopecks === null ? null : { amount: kopecks, currency: 'RUB' }
}

async function nextChargeKopecks(payload: Payload, req: PayloadRequest, saved: Subscription, hasDiscount: boolean): Promise<number | null> {
  if (saved.renewal?.amountKopecks) return discounted(saved.renewal.amountKopecks, saved.renewal.discountPercent ?? null)
  const tariffId = typeof saved.tariff === 'object' ? saved.tariff.id : saved.tariff
  const tariff = await payload.findByID({ collection: 'tariffs', id: tariffId, depth: 0, req, disableErrors: true })
  if (!tariff?.priceKopecks) return null
  if (!hasDiscount) return tariff.priceKopecks
  const { cancelDiscountPercent } = await readSiteSettings(payload, { req })
  return discounted(tariff.priceKopecks, cancelDiscountPercent)
}

/** Mails that name the next charge carry its amount. */
const MAILS_WITH_AMOUNT: ReadonlySet<BillingMailKind> = new Set(['activated', 'renewed', 'renewalResumed', 'trialEnding'])

/**
 * The activation mail's terms: what was paid (this change's payment, else the plan's trial fee or price) and what
 * renewal charges from the next payment date. Null when nothing renews.
 */
async function activationTerms(payload: Payload, req: PayloadRequest, saved: Subscription, money: readonly MoneyMovement[], renewal: Money): Promise<ChargeTerms | null> {
  const renewalKopecks = renewal.amount
  if (!saved.nextPaymentAt || saved.cancelAtPeriodEnd) return null
  const tariffId = typeof saved.tariff === 'object' ? saved.tariff.id : saved.tariff
  const tariff = await payload.findByID({ collection: 'tariffs', id: tariffId, depth: 0, req, disableErrors: true })
  const paid = money.filter((movement) => movement.type === 'payment').reduce((sum, movement) => sum + movement.amountKopecks, 0)
  // Before the payment's own event has arrived: the trial fee, or the first period's price after its promo code.
  const planned = saved.status === 'trialing' ? tariff?.trialFeeKopecks : renewalKopecks - (saved.promo?.discountKopecks ?? 0)
  const months = saved.renewal?.months ?? Number(tariff?.months)
  if (!months) return null
  // In Stars, the first payment is the plan's one price (no trial).
  if (renewal.currency === 'XTR') return { todayKopecks: renewalKopecks, renewsAt: saved.nextPaymentAt, renewalKopecks, months, currency: 'XTR' }
  const held = saved.trialHold?.until && saved.trialHold.days ? { heldTrialDays: saved.trialHold.days } : {}
  return { todayKopecks: paid || (planned ?? 0), renewsAt: saved.nextPaymentAt, renewalKopecks, months, ...held }
}

/**
 * Mail and revocation are queued with the change: a failure after the commit cannot lose them, and a failed (and
 * retried) event queues nothing twice. Returns the jobs to run right after the commit.
 */
async function queueFollowUps(payload: Payload, req: PayloadRequest, { endedFor, mails }: { endedFor: number | null; mails: readonly PendingMail[] }): Promise<(string | number)[]> {
  const followUps: (string | number)[] = []
  if (endedFor !== null) followUps.push(await queueFollowUp(payload, req, { task: 'revokeVipKeys', input: { user: endedFor } }))
  for (const mail of mails) {
    const { siteName } = await payload.findGlobal({ slug: 'site-settings', locale: mail.locale, depth: 0, req })
    // The activation mail's button signs the buyer in (a one-time link) and sets up their first key.
    const isActivation = mail.kind === 'activated'
    const [link, ...linkOnMirrors] = isActivation
      ? urlsOnEveryHost(localizedPath(`/verify-email/${await issueToken(payload, { purpose: 'activation', email: mail.to, locale: mail.locale, req })}`, mail.locale))
      : []
    // And the subscription URL for apps, on the site and on each mirror (for when the main domain is blocked).
    const subscriptionUrls = isActivation ? urlsOnEveryHost(await personalFeedPath(payload, mail.userId, req)) : undefined
    const amount = mail.amount ? formatMoney(mail.amount.amount, mail.amount.currency, mail.locale) : undefined
    const terms = mail.terms ? termsText(mail.terms, mail.locale) : undefined
    const rendered = await renderBillingMail({ kind: mail.kind, locale: mail.locale, siteName, serverUrl: env().serverUrl, subscription: mail.subscription, link, linkOnMirrors, amount, terms, subscriptionUrls, heldUntil: mail.heldUntil })
    // A notice: in Telegram where the account takes them there (src/lib/bot/notices.ts), else this e-mail.
    followUps.push(await queueFollowUp(payload, req, { task: 'sendNotice', input: { userId: mail.userId, to: mail.to, ...rendered } }))
  }
  return followUps
}

function localeOf(user: User): Locale {
  return user.locale === 'en' ? 'en' : 'ru'
}

export type Outcome = { result: ApplyResult; followUps: (string | number)[] }

export type ChangeInput = Change & {
  occurredAt: string
  money?: readonly MoneyMovement[]
  siteRun?: SiteRunData
  /** Who charges its renewals: which mail each step sends (mails.ts). */
  runner: RenewalRunner
  /** What else about the change decides its mail (mails.ts); `methodRemoved` also forgets the saved method. */
  mail?: MailCause
  /** Who made the change by hand (staff's address and what changed), written beside its steps. */
  note?: string
}

const NO_BUYER: SubscriptionMetadata = { email: '', userId: null, tariffId: null, locale: 'ru' }

/**
 * Applies one change to our record, in the caller's transaction (under its lock): the account, the monotone
 * transition (worked out here from the provider's view, or decided by the caller), the record, its history and
 * payment, and the follow-ups queued with them.
 */
export async function applyChange(payload: Payload, req: PayloadRequest, input: ChangeInput): Promise<Outcome> {
  const { existing, occurredAt, money = [], siteRun, runner, mail, note } = input
  const methodRemoved = mail === 'methodRemoved'
  const user = await accountFor(payload, req, existing, isReported(input) ? input.remote.metadata : NO_BUYER)
  const transition = isReported(input) ? (existing ? advance(stateOf(existing), input.remote) : start(input.remote)) : input.transition
  if (!transition.ok) {
    // An ended subscription never comes back; the change is recorded as seen and does nothing.
    const id = isReported(input) ? input.remote.id : existing?.id
    payload.logger.warn({ msg: `Billing: refused ${transition.from} → ${transition.to} for ${String(id)}` })
    return { result: 'ignored', followUps: [] }
  }
  const { next, history } = transition
  const saved = await saveSubscription(payload, req, { change: input, user, next, siteRun, methodRemoved })
  await recordHistory(payload, req, { saved, user, history, occurredAt, note, created: !existing })
  // A first subscription bought by a referral link makes its buyer the referrer's friend (src/lib/referral).
  const referrerId = isReported(input) && !existing ? input.remote.metadata.referrerId : null
  if (referrerId && user) await attachReferral(payload, req, { friendId: user.id, referrerId, subscriptionId: saved.id })
  const settling = await recordMoney(payload, req, { money, saved, user, occurredAt })
  // A new subscription of someone whose friends earned them days while they had none: the days go to it.
  if (!existing && user && grantsVip(saved.status)) settling.push(...(await owedReferralSettlements(payload, req, user.id)))
  // To the account's address, each in its language.
  const mails: PendingMail[] = user
    ? mailsOf(history, runner, mail).map((kind) => ({ to: user.email, userId: user.id, locale: localeOf(user), kind, subscription: next, heldUntil: saved.trialHold?.until ?? null }))
    : []
  if (mails.some((mail) => MAILS_WITH_AMOUNT.has(mail.kind))) {
    const hasDiscount = isReported(input) ? input.remote.hasDiscount : Boolean(input.cancelDiscount)
    const amount = await nextCharge(payload, req, saved, hasDiscount)
    if (amount !== null) {
      const terms = mails.some((mail) => mail.kind === 'activated') ? await activationTerms(payload, req, saved, money, amount) : null
      for (const mail of mails) {
        if (MAILS_WITH_AMOUNT.has(mail.kind)) mail.amount = amount
        if (mail.kind === 'activated' && terms) mail.terms = terms
      }
    }
  }
  const ended = endsSubscription(existing?.status, next)
  return { result: 'applied', followUps: [...(await queueFollowUps(payload, req, { endedFor: user && ended ? user.id : null, mails })), ...settling] }
}

/**
 * Brings our record of a provider-run subscription (Stripe) to the provider's current view: for a webhook event
 * (applied once), or right after the site itself changed the subscription at the provider (`event` null).
 */
export async function syncSubscription(
  payload: Payload,
  provider: ProviderRunBilling,
  subscriptionId: string | null,
  event: BillingEvent | null,
): Promise<ApplyResult> {
  const outcome = await withTransaction(payload, LOCKS.billing(subscriptionId ?? event?.id ?? 'none'), async (req): Promise<Outcome> => {
    // Re-read under the lock: the provider's current view, whatever the event said, and never older than what
    // a delivery that committed before us saw.
    let remote = subscriptionId ? await provider.getSubscription(subscriptionId) : null
    if (event && !(await recordEventOnce(payload, req, provider.name, event.id, event.type))) return { result: 'duplicate', followUps: [] }
    const existing = remote ? await findRecord(payload, req, remote.id) : undefined
    // A paid subscription never goes back to its trial: a trial now is free time given without the provider's mark
    // (in Stripe's dashboard, or by the site before it marked it). Marked, it reads as the paid time it is.
    if (remote?.status === 'trialing' && existing && existing.status !== 'trialing' && !isEnded(existing.status)) {
      await provider.markGrantedTime(remote.id)
      remote = await provider.getSubscription(remote.id)
    }
    // Not a subscription of ours (no plan in its metadata), or not one yet: seen, and nothing to do.
    if (!remote || (!existing && !remote.metadata.tariffId)) return { result: 'ignored', followUps: [] }
    const paid = event?.type === 'invoice.paid' && event.invoice ? event.invoice : null
    // The saved card is gone at the provider (its owner unlinked it here, or in the provider's own pages).
    const methodGone = Boolean(remote.methodDetached && existing?.paymentMethod?.kind)
    return applyChange(payload, req, {
      providerName: provider.name,
      remote,
      existing,
      occurredAt: event ? new Date(event.created * 1000).toISOString() : new Date().toISOString(),
      money: paid ? [{ type: 'payment', reference: paid.id, amountKopecks: paid.amountPaidKopecks }] : [],
      runner: 'provider',
      mail: methodGone ? 'methodRemoved' : event?.type === 'customer.subscription.trial_will_end' && remote.status === 'trialing' ? 'trialEnding' : undefined,
    })
  })
  // After the commit: the ended subscription's VIP keys stop being served, and the mails go out.
  await runFollowUps(payload, outcome.followUps)
  return outcome.result
}

/**
 * Runs `work` on a subscription re-read under its lock (the one its payments and events take), in one transaction,
 * then the follow-ups it queued, after the commit. Returns its outcome; null when there is no such subscription.
 */
export async function underLock<T extends Outcome>(payload: Payload, subscriptionId: number, work: (existing: Subscription, req: PayloadRequest) => Promise<T>): Promise<T | null> {
  const head = await payload.findByID({ collection: 'subscriptions', id: subscriptionId, depth: 0, select: { provider: true }, disableErrors: true })
  if (!head) return null
  const outcome = await withTransaction(payload, LOCKS.billing({ id: subscriptionId, provider: head.provider }), async (req) =>
    work(await payload.findByID({ collection: 'subscriptions', id: subscriptionId, depth: 0, req }), req),
  )
  await runFollowUps(payload, outcome.followUps)
  return outcome
}
