// VIP bought with Telegram Stars (XTR) in the site's bot. Telegram is the payment provider here, beside the site's own
// (YooKassa or Stripe), and runs the subscription itself: a monthly plan is a Stars subscription Telegram renews every
// 30 days (`subscription_period`, the only period it allows), the other plans are one payment for their period. The
// site learns of payments only from the bot's updates:
// - an invoice carries a payload the site signed (plan, price, buyer, when), so a payment for an invoice the site did
//   not issue, or for another user's, changes nothing;
// - `pre_checkout_query` is answered at once from that payload and the plan (Telegram waits 10 seconds);
// - `successful_payment` is recorded once by its charge id, as the first payment (the subscription starts), a
//   renewal (`is_recurring`: the period moves to the new expiration date) or another one-time period;
// - Telegram sends nothing when a subscriber cancels in Telegram's settings or a renewal fails: a subscription whose
//   period ended without a renewal ends after a grace period (`endLapsedStarsSubscriptions`, a job);
// - staff refund a payment from the subscription's page (`refundStarPayment`), which ends the access it paid for.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

import type { Api } from 'grammy'
import type { PreCheckoutQuery, SuccessfulPayment } from 'grammy/types'
import type { Payload, PayloadRequest } from 'payload'

import type { Locale } from '@/i18n/locales'
import { accountByTelegram, accountForTelegramLogin } from '@/lib/auth/telegramAccounts'
import { LOCKS } from '@/lib/db/locks'
import { lockForTransaction, withTransaction } from '@/lib/db/transaction'
import { checkPromo, promoBuyerOf } from '@/lib/promo'
import { giftRefunded, paidStarsGift } from '@/lib/gift'
import { referralAfterMoney } from '@/lib/referral'
import { referrerOfChat } from '@/lib/bot/referral'
import { runFollowUps } from '@/lib/queue/afterCommit'
import type { Subscription } from '@/payload-types'

import { vipSubscriptionOf } from '../record/account'
import { grantsVip, isEnded } from '../rules/lifecycle'
import type { SubscriptionState } from '../rules/lifecycle'
import { GIFT_PROVIDER, isOneTimeStars, renewsInStars, STARS_PROVIDER } from './provider'
import { starsPriceOf } from '../rules/pricing'
import { addMonths } from '../rules/renewalPlan'
import { applyChange, findRecord, recordEventOnce, stateOf, underLock } from '../record/subscriptionRecord'
import type { ApplyResult, Outcome } from '../record/subscriptionRecord'

export { renewsInStars, STARS_PROVIDER }
export const STARS_CURRENCY = 'XTR'
/** The one period Telegram allows a Stars subscription: 30 days, in seconds. */
export const STARS_SUBSCRIPTION_PERIOD = 30 * 86_400
/** An invoice older than this is refused at checkout: the buyer asks the bot for a new one at today's price. */
export const INVOICE_LIFETIME_MS = 86_400_000
/**
 * How long after its period a renewing subscription waits for Telegram's renewal before it ends (Telegram charges on
 * the expiration date; the update may come late, or be retried).
 */
export const RENEWAL_GRACE_MS = 86_400_000

/**
 * What the site signed into an invoice: the plan at its price, the Telegram user it was made for, and when; with a
 * promo code (src/lib/promo), the code and the days it adds (the price being the one after it).
 */
export type StarsInvoice = {
  tariffId: number
  stars: number
  months: number
  telegramId: number
  issuedAt: number
  nonce: string
  promo?: { id: number; extraDays: number } | null
  /** A gift (src/lib/gift): the plan's period bought for someone else, its code sent to the buyer's chat. */
  gift?: boolean
}

// Telegram's user ids take up to 52 bits: 16 digits. `s2` carries a promo code's id and extra days after the time; `s3`
// is a gift's (never with a code).
const FIELDS = /^s([123])\.(\d{1,9})\.(\d{1,5})\.(\d{1,2})\.(\d{1,16})\.([0-9a-z]{1,9})\.(?:(\d{1,9})\.(\d{1,3})\.)?([\w-]{8})\.([\w-]{22})$/

function signature(secret: string, body: string): string {
  return createHmac('sha256', secret).update(`telegram-stars-invoice:${body}`).digest('base64url').slice(0, 22)
}

/**
 * The invoice's payload (at most 128 bytes, as Telegram allows): `s1.<plan>.<stars>.<months>.<user>.<time>.<nonce>.<mac>`,
 * or `s2.…<time>.<promo>.<extra days>.<nonce>.<mac>` with a promo code.
 */
export function signInvoice(secret: string, invoice: Omit<StarsInvoice, 'nonce'> & { nonce?: string }): string {
  const nonce = invoice.nonce ?? randomBytes(6).toString('base64url')
  const promo = invoice.promo && !invoice.gift ? `${invoice.promo.id}.${invoice.promo.extraDays}.` : ''
  const body = `s${promo ? 2 : invoice.gift ? 3 : 1}.${invoice.tariffId}.${invoice.stars}.${invoice.months}.${invoice.telegramId}.${invoice.issuedAt.toString(36)}.${promo}${nonce}`
  return `${body}.${signature(secret, body)}`
}

/** The invoice a payload names, or null when the site did not sign it (`verified: false`: its fields, unchecked). */
export function readInvoice(secret: string, payloadText: string, { verified = true } = {}): StarsInvoice | null {
  const match = FIELDS.exec(payloadText)
  // The version says whether a code is there: `s1` never carries one, `s2` always does.
  if (!match || (match[1] === '2') !== (match[7] !== undefined)) return null
  if (verified) {
    const body = payloadText.slice(0, payloadText.lastIndexOf('.'))
    const given = Buffer.from(match[10]!)
    const expected = Buffer.from(signature(secret, body))
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  }
  return {
    tariffId: Number(match[2]),
    stars: Number(match[3]),
    months: Number(match[4]),
    telegramId: Number(match[5]),
    issuedAt: parseInt(match[6]!, 36),
    nonce: match[9]!,
    promo: match[7] ? { id: Number(match[7]), extraDays: Number(match[8]) } : null,
    gift: match[1] === '3',
  }
}

/**
 * The invoice of a payment: signed by the site; or, for a renewal Telegram charged of a subscription the site
 * recorded (its first payment's invoice was checked then), the record's own invoice even if the signing key has
 * changed since (a new PAYLOAD_SECRET): only Telegram sends payments, and only for invoices the site's bot made.
 */
async function invoiceOfPayment(payload: Payload, secret: string, paid: SuccessfulPayment, from: { id: number }): Promise<StarsInvoice | null> {
  const signed = readInvoice(secret, paid.invoice_payload)
  if (signed || !paid.is_recurring || paid.is_first_recurring) return signed
  return recordedInvoice(payload, secret, paid.invoice_payload, from)
}

/** The invoice of a subscription the site recorded for this Telegram user at this price, its signature unchecked. */
async function recordedInvoice(payload: Payload, secret: string, payloadText: string, from: { id: number }): Promise<StarsInvoice | null> {
  const named = readInvoice(secret, payloadText, { verified: false })
  if (!named || named.telegramId !== from.id) return null
  const { docs } = await payload.find({ collection: 'subscriptions', where: { 'provider.subscriptionId': { equals: subscriptionIdOf(named) } }, limit: 1, depth: 0 })
  const record = docs[0]
  return record && record.provider?.customerId === String(from.id) && record.renewal?.stars === named.stars ? named : null
}

/** Our record's id at the provider: one per invoice, which a Stars subscription's renewals name again. */
export const subscriptionIdOf = (invoice: StarsInvoice) => `stars:${invoice.nonce}:${invoice.telegramId}`

/**
 * The link to pay for `plan` in Stars, made for the Telegram user `telegramId`: Telegram's own payment form, with a
 * Stars subscription for a monthly plan. With a promo code (src/lib/promo), one payment at the price after it: Telegram
 * charges a Stars subscription the same price every period, so a first period's offer cannot be one.
 */
export async function starsInvoiceLink(
  api: Api,
  secret: string,
  {
    plan,
    stars,
    telegramId,
    title,
    description,
    promo = null,
    gift = false,
    now = new Date(),
  }: { plan: { id: number; months: number }; stars: number; telegramId: number; title: string; description: string; promo?: StarsInvoice['promo']; gift?: boolean; now?: Date },
): Promise<string> {
  const invoice = signInvoice(secret, { tariffId: plan.id, stars, months: plan.months, telegramId, issuedAt: Math.floor(now.getTime() / 1000), promo, gift })
  // A gift is one payment whatever the plan: nothing renews for its buyer.
  return api.createInvoiceLink(title.slice(0, 32), description.slice(0, 255), invoice, '', STARS_CURRENCY, [{ label: title.slice(0, 32), amount: stars }], {
    ...(renewsInStars(plan.months) && !promo && !gift ? { subscription_period: STARS_SUBSCRIPTION_PERIOD } : {}),
  })
}

/** Why a checkout is refused, as the bot's messages name it (`Bot.stars.<reason>`). */
export type CheckoutRefusal = 'unknownInvoice' | 'outdated' | 'notOnSale' | 'alreadyVip' | 'promoEnded'

/** The answer to Telegram's pre-checkout query: null to accept, else why not. */
export async function checkStarsCheckout(payload: Payload, secret: string, query: Pick<PreCheckoutQuery, 'from' | 'currency' | 'total_amount' | 'invoice_payload'>, now = new Date()): Promise<CheckoutRefusal | null> {
  const invoice = readInvoice(secret, query.invoice_payload)
  if (!invoice || invoice.telegramId !== query.from.id || query.currency !== STARS_CURRENCY || query.total_amount !== invoice.stars) return 'unknownInvoice'
  if (now.getTime() - invoice.issuedAt * 1000 > INVOICE_LIFETIME_MS) return 'outdated'
  const plan = await payload.findByID({ collection: 'tariffs', id: invoice.tariffId, depth: 0, disableErrors: true })
  if (!plan || starsPriceOf(plan) === null || Number(plan.months) !== invoice.months) return 'notOnSale'
  // One VIP subscription per account: a subscriber renews the one they have (and may still buy a gift).
  const buyer = await accountByTelegram(payload, invoice.telegramId)
  if (!invoice.gift && buyer && (await vipSubscriptionOf(payload, buyer.id))) return 'alreadyVip'
  // The invoice's promo code must still apply (its uses may have run out since the invoice was made).
  if (invoice.promo) {
    const code = (await payload.findByID({ collection: 'promo-codes', id: invoice.promo.id, depth: 0, disableErrors: true }))?.code
    const checked = code ? await checkPromo(payload, code, { plan, buyer: await promoBuyerOf(payload, buyer?.id ?? null), now }) : null
    if (!checked?.ok) return 'promoEnded'
  }
  return null
}

/**
 * A payment that bought nothing, to be given back: for an invoice the site did not issue, or a renewal that came after
 * its subscription had ended (`subscription`: that record, whose history shows the refund and whose renewals stop).
 */
export type UnusedStarsPayment = { telegramId: number; chargeId: string; stars: number; subscription: Subscription | null }
/** `gift`: the code of a gift this payment bought (src/lib/gift), for the buyer's chat. */
export type StarsPaymentResult = { result: ApplyResult; userId: number | null; unused: UnusedStarsPayment | null; gift?: { code: string } | null }

/** The state a payment brings: a Stars subscription until its new expiration date; a one-time period after the last one. */
function paidState(paid: SuccessfulPayment, invoice: StarsInvoice, existing: Subscription | undefined, now: Date): SubscriptionState {
  if (paid.is_recurring) {
    const expires = (paid.subscription_expiration_date ?? Math.floor(now.getTime() / 1000) + STARS_SUBSCRIPTION_PERIOD) * 1000
    // Days the site gave on top of Telegram's period (a referral's, a gift's: freeDays.ts) lie past the date Telegram
    // charged on; its new date knows nothing of them, so the renewal carries them on.
    const given = existing?.currentPeriodEnd && existing.nextPaymentAt ? Math.max(0, Date.parse(existing.currentPeriodEnd) - Date.parse(existing.nextPaymentAt)) : 0
    return { status: 'active', trialEndsAt: null, currentPeriodEnd: new Date(expires + given).toISOString(), nextPaymentAt: new Date(expires).toISOString(), cancelAtPeriodEnd: false }
  }
  const paidUntil = existing?.currentPeriodEnd && Date.parse(existing.currentPeriodEnd) > now.getTime() ? existing.currentPeriodEnd : now.toISOString()
  // A promo code's extra days come after the period.
  const end = new Date(Date.parse(addMonths(paidUntil, invoice.months)) + (invoice.promo?.extraDays ?? 0) * 86_400_000).toISOString()
  return { status: 'active', trialEndsAt: null, currentPeriodEnd: end, nextPaymentAt: null, cancelAtPeriodEnd: true }
}

/**
 * Records a `successful_payment` from `from` once (by Telegram's charge id): the subscription it starts or renews,
 * its payment in Stars, and the notices. A payment for an invoice the site did not sign, or signed for someone else,
 * changes nothing; it and a renewal that came after its subscription ended are `unused`, for returnUnusedStarsPayment.
 */
export async function recordStarsPayment(
  payload: Payload,
  secret: string,
  { from, paid, locale, now = new Date() }: { from: { id: number; username?: string }; paid: SuccessfulPayment; locale: Locale; now?: Date },
): Promise<StarsPaymentResult> {
  const invoice = await invoiceOfPayment(payload, secret, paid, from)
  const chargeId = paid.telegram_payment_charge_id
  if (!invoice || invoice.telegramId !== from.id || paid.currency !== STARS_CURRENCY || paid.total_amount !== invoice.stars) {
    payload.logger.error({ msg: `Telegram Stars: payment ${chargeId} of ${paid.total_amount} ${paid.currency} from ${from.id} is for an invoice the site did not issue; nothing was recorded, and it is returned` })
    const unused = paid.currency === STARS_CURRENCY ? { telegramId: from.id, chargeId, stars: paid.total_amount, subscription: null } : null
    return { result: 'ignored', userId: null, unused }
  }
  const user = await accountForTelegramLogin(payload, { id: from.id, username: from.username ?? null }, locale)
  // A gift: no subscription of the buyer's; the paid gift and its code, once per charge.
  if (invoice.gift) {
    const reference = `stars:${chargeId}`
    const code = await withTransaction(payload, LOCKS.billing(reference), async (req) => {
      if (!(await recordEventOnce(payload, req, STARS_PROVIDER, reference, 'gift_payment'))) return null
      return paidStarsGift(payload, req, { invoice, buyer: user, reference, locale, at: now })
    })
    return { result: code ? 'applied' : 'duplicate', userId: user.id, unused: null, gift: code ? { code } : null }
  }
  const subscriptionId = subscriptionIdOf(invoice)
  // The referral link the buyer came by in the bot (src/lib/bot/referral.ts), for a first subscription.
  const referrerId = await referrerOfChat(payload, from.id)
  const reference = `stars:${paid.telegram_payment_charge_id}`
  const outcome = await withTransaction(payload, LOCKS.billing(subscriptionId), async (req): Promise<Outcome & { unused: UnusedStarsPayment | null }> => {
    if (!(await recordEventOnce(payload, req, STARS_PROVIDER, reference, paid.is_recurring ? 'subscription_payment' : 'payment'))) return { result: 'duplicate', followUps: [], unused: null }
    const existing = await findRecord(payload, req, subscriptionId)
    const state = paidState(paid, invoice, existing, now)
    const outcome = await applyChange(payload, req, {
      providerName: STARS_PROVIDER,
      remote: {
        ...state,
        id: subscriptionId,
        customerId: String(from.id),
        metadata: {
          email: user.email,
          userId: user.id,
          tariffId: invoice.tariffId,
          locale,
          promo: invoice.promo ? { id: invoice.promo.id, discountKopecks: 0, extraDays: invoice.promo.extraDays, trialDays: 0 } : null,
          referrerId,
        },
        paymentMethod: null,
        hasDiscount: false,
      },
      existing,
      occurredAt: now.toISOString(),
      // The first payment's charge id names the Stars subscription (to turn its renewal off, or refund).
      siteRun: {
        ...(existing ? {} : { paymentMethodId: paid.telegram_payment_charge_id }),
        renewal: { stars: paid.total_amount, months: invoice.months },
      },
      runner: 'site',
      mail: state.cancelAtPeriodEnd ? 'noRenewal' : paid.is_recurring && existing ? 'renewalCharge' : undefined,
    })
    const saved = existing ?? (await findRecord(payload, req, subscriptionId))
    const settling = saved ? await recordStarsMoney(payload, req, { subscription: saved, type: 'payment', reference, stars: paid.total_amount, occurredAt: now.toISOString() }) : null
    outcome.followUps.push(...(settling ?? []))
    // Paid, but the record refused it (it had ended before the renewal came): the payment is given back.
    if (outcome.result !== 'applied' && saved) {
      payload.logger.warn({ msg: `Telegram Stars: payment ${chargeId} came for the ended subscription ${subscriptionId}; it is returned` })
      return { ...outcome, unused: { telegramId: from.id, chargeId, stars: paid.total_amount, subscription: saved } }
    }
    return { ...outcome, unused: null }
  })
  await runFollowUps(payload, outcome.followUps)
  return { result: outcome.result, userId: user.id, unused: outcome.unused }
}

/**
 * Gives back a payment that bought nothing (recordStarsPayment's `unused`): Telegram returns the Stars
 * (`refundStarPayment`), the ended subscription's history says so, and its renewals at Telegram stop. False when
 * Telegram refused (logged; staff refund it from the subscription's page, or @BotFather's).
 */
export async function returnUnusedStarsPayment(payload: Payload, api: Api, unused: UnusedStarsPayment, now = new Date()): Promise<boolean> {
  try {
    await api.refundStarPayment(unused.telegramId, unused.chargeId)
  } catch (error) {
    if (!/CHARGE_ALREADY_REFUNDED/i.test(String((error as { description?: string }).description ?? ''))) {
      payload.logger.error({ err: error, msg: `Telegram refused to return the unused Stars payment ${unused.chargeId}` })
      return false
    }
  }
  const { subscription } = unused
  if (!subscription) return true
  await withTransaction(payload, LOCKS.billing(subscription), (req) =>
    recordStarsMoney(payload, req, { subscription, type: 'refund', reference: starsRefundReference(`stars:${unused.chargeId}`), stars: unused.stars, occurredAt: now.toISOString(), note: 'telegram-stars: paid after the subscription ended' }),
  )
  const first = subscription.provider?.paymentMethodId
  if (first && renewsInStars(subscription.renewal?.months ?? 0)) {
    try {
      await api.editUserStarSubscription(unused.telegramId, first, true)
    } catch (error) {
      payload.logger.warn({ err: error, msg: `Telegram did not stop the renewals of the ended Stars subscription ${subscription.id}` })
    }
  }
  return true
}

/** A payment or refund in Stars in the subscription's history, once per reference. */
async function recordStarsMoney(
  payload: Payload,
  req: PayloadRequest,
  { subscription, type, reference, stars, occurredAt, note }: { subscription: Subscription; type: 'payment' | 'refund'; reference: string; stars: number; occurredAt: string; note?: string },
): Promise<(string | number)[] | null> {
  const known = await payload.count({ collection: 'subscription-events', where: { invoiceId: { equals: reference } }, req })
  if (known.totalDocs > 0) return null
  const userId = typeof subscription.user === 'object' && subscription.user ? subscription.user.id : subscription.user
  await payload.create({ collection: 'subscription-events', data: { subscription: subscription.id, user: userId ?? null, type, amountStars: stars, invoiceId: reference, occurredAt, note }, depth: 0, req })
  // A referred friend's first full payment decides the referral; its refund takes the reward back (src/lib/referral).
  return referralAfterMoney(payload, req, { subscription: (await payload.findByID({ collection: 'subscriptions', id: subscription.id, depth: 0, req })), type, reference, amount: stars })
}

/** The reference a refund of the Stars payment `reference` is recorded under. */
export const starsRefundReference = (reference: string) => `refund:${reference}:stars`

export class StarsRefundError extends Error {
  override name = 'StarsRefundError'
  constructor(readonly reason: 'unknownPayment' | 'refunded' | 'provider') {
    super(reason)
  }
}

/**
 * Staff return a Stars payment (all of it: Telegram refunds whole payments) through `refundStarPayment`; the access
 * it paid for ends now, and the history says who did it. Telegram's own notice of the refund (`refunded_payment`)
 * then finds it done.
 */
export async function refundStarsPayment(payload: Payload, api: Api, { subscriptionId, reference, by, now = new Date() }: { subscriptionId: number; reference: string; by: string; now?: Date }): Promise<{ stars: number }> {
  const { stars, followUps } = await withTransaction(payload, LOCKS.refund(reference), async (req) => {
    const subscription = await payload.findByID({ collection: 'subscriptions', id: subscriptionId, depth: 0, req, disableErrors: true })
    const { docs } = await payload.find({ collection: 'subscription-events', where: { and: [{ subscription: { equals: subscriptionId } }, { type: { equals: 'payment' } }, { invoiceId: { equals: reference } }] }, limit: 1, depth: 0, req })
    const payment = docs[0]
    const telegramId = Number(subscription?.provider?.customerId)
    if (!subscription || subscription.provider?.name !== STARS_PROVIDER || !payment?.amountStars || !reference.startsWith('stars:') || !Number.isSafeInteger(telegramId)) throw new StarsRefundError('unknownPayment')
    const refunded = await payload.count({ collection: 'subscription-events', where: { invoiceId: { equals: starsRefundReference(reference) } }, req })
    if (refunded.totalDocs > 0) throw new StarsRefundError('refunded')
    try {
      await api.refundStarPayment(telegramId, reference.slice('stars:'.length))
    } catch (error) {
      // Refunded already (in another way, or a retry after a lost answer): Telegram says so, and the record follows.
      if (!/CHARGE_ALREADY_REFUNDED/i.test(String((error as { description?: string }).description ?? ''))) {
        payload.logger.error({ err: error, msg: `Refund of the Stars payment ${reference} refused by Telegram` })
        throw new StarsRefundError('provider')
      }
    }
    await lockForTransaction(payload, req, LOCKS.billing(subscription))
    const settling = await recordStarsMoney(payload, req, { subscription, type: 'refund', reference: starsRefundReference(reference), stars: payment.amountStars, occurredAt: now.toISOString(), note: by })
    const { followUps } = await endStars(payload, req, subscription, now, by)
    return { stars: payment.amountStars, followUps: [...followUps, ...(settling ?? [])] }
  })
  // After the commit: the VIP keys stop being served, and the subscriber is told.
  await runFollowUps(payload, followUps)
  return { stars }
}

const NOTHING: Outcome = { result: 'ignored', followUps: [] }

/**
 * The subscriber turns a Stars subscription's renewal off or back on (the subscription page, the Mini App): Telegram
 * is told (`editUserStarSubscription`, by the first payment's charge id), then our record, its history and notice.
 * A one-time purchase has no renewal to turn on. False when Telegram refused it or there is nothing to change.
 */
export async function changeStarsRenewal(payload: Payload, api: Api, subscription: Subscription, cancel: boolean, now = new Date()): Promise<boolean> {
  const telegramId = Number(subscription.provider?.customerId)
  const chargeId = subscription.provider?.paymentMethodId
  if (!chargeId || !Number.isSafeInteger(telegramId) || isOneTimeStars(subscription) || isEnded(subscription.status)) return false
  try {
    await api.editUserStarSubscription(telegramId, chargeId, cancel)
  } catch (error) {
    payload.logger.error({ err: error, msg: `Telegram refused to turn renewal ${cancel ? 'off' : 'on'} for the Stars subscription ${subscription.id}` })
    return false
  }
  await underLock(payload, subscription.id, async (existing, req) => {
    if (isEnded(existing.status) || Boolean(existing.cancelAtPeriodEnd) === cancel) return NOTHING
    const state = stateOf(existing)
    const next: SubscriptionState = { ...state, cancelAtPeriodEnd: cancel, nextPaymentAt: cancel ? null : state.currentPeriodEnd }
    return applyChange(payload, req, { existing, transition: { ok: true, next, history: [cancel ? 'renewal_cancelled' : 'renewal_resumed'] }, occurredAt: now.toISOString(), runner: 'site' })
  })
  return true
}

/** Ends the access a refunded payment paid for, now (cancelled), unless it has ended already. */
function endStars(payload: Payload, req: PayloadRequest, existing: Subscription, now: Date, note?: string): Promise<Outcome> {
  if (isEnded(existing.status)) return Promise.resolve(NOTHING)
  const state = stateOf(existing)
  const next: SubscriptionState = { ...state, status: 'cancelled', currentPeriodEnd: now.toISOString(), nextPaymentAt: null }
  return applyChange(payload, req, { existing, transition: { ok: true, next, history: ['cancelled'] }, occurredAt: now.toISOString(), runner: 'site', note })
}

/**
 * Telegram's notice that a Stars payment was refunded (`refunded_payment`: by staff here, or by Telegram): the refund
 * in the history once, and the access ended.
 */
export async function recordStarsRefund(payload: Payload, secret: string, { from, refunded, now = new Date() }: { from: { id: number }; refunded: { invoice_payload: string; telegram_payment_charge_id: string; total_amount: number }; now?: Date }): Promise<ApplyResult> {
  // A payment the site recorded is refunded whatever key its invoice was signed with (as renewals are counted).
  const invoice = readInvoice(secret, refunded.invoice_payload) ?? (await recordedInvoice(payload, secret, refunded.invoice_payload, from))
  if (!invoice || invoice.telegramId !== from.id) return 'ignored'
  const reference = `stars:${refunded.telegram_payment_charge_id}`
  // A gift's payment: its code is void unless redeemed already.
  if (invoice.gift) return (await giftRefunded(payload, reference)) === 'void' ? 'applied' : 'ignored'
  const subscriptionId = subscriptionIdOf(invoice)
  const outcome = await withTransaction(payload, LOCKS.billing(subscriptionId), async (req): Promise<Outcome> => {
    const existing = await findRecord(payload, req, subscriptionId)
    if (!existing) return NOTHING
    const settling = await recordStarsMoney(payload, req, { subscription: existing, type: 'refund', reference: starsRefundReference(reference), stars: refunded.total_amount, occurredAt: now.toISOString() })
    const ended = await endStars(payload, req, existing, now)
    const followUps = [...ended.followUps, ...(settling ?? [])]
    return settling !== null || ended.result === 'applied' ? { result: 'applied', followUps } : { result: 'duplicate', followUps }
  })
  await runFollowUps(payload, outcome.followUps)
  return outcome.result
}

/**
 * The job's step: Stars subscriptions whose period is over end (expired, with the site's notice): a one-time period at
 * its end (a gift's too), a renewing one when Telegram's renewal has not come within the grace period.
 */
export async function endLapsedStarsSubscriptions(payload: Payload, now = new Date()): Promise<number> {
  const { docs } = await payload.find({
    collection: 'subscriptions',
    where: {
      // And a gift's subscription (src/lib/gift): a one-time period too, charged by nobody.
      'provider.name': { in: [STARS_PROVIDER, GIFT_PROVIDER] },
      status: { in: ['trialing', 'active', 'past_due'] },
      or: [
        { and: [{ cancelAtPeriodEnd: { equals: true } }, { currentPeriodEnd: { less_than_equal: now.toISOString() } }] },
        { currentPeriodEnd: { less_than_equal: new Date(now.getTime() - RENEWAL_GRACE_MS).toISOString() } },
      ],
    },
    limit: 200,
    depth: 0,
  })
  let ended = 0
  for (const subscription of docs) {
    const outcome = await underLock(payload, subscription.id, async (existing, req) => {
      const due = existing.currentPeriodEnd && Date.parse(existing.currentPeriodEnd) <= now.getTime() - (existing.cancelAtPeriodEnd ? 0 : RENEWAL_GRACE_MS)
      if (!grantsVip(existing.status) || !due) return NOTHING
      const next: SubscriptionState = { ...stateOf(existing), status: 'expired', nextPaymentAt: null }
      return applyChange(payload, req, { existing, transition: { ok: true, next, history: ['expired'] }, occurredAt: now.toISOString(), runner: 'site' })
    })
    if (outcome?.result === 'applied') ended += 1
  }
  return ended
}
