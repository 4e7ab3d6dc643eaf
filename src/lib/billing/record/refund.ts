// Staff return money from one of a subscription's payments, from the subscription's page in the admin: through the
// provider that took it (Stripe: a refund of the invoice's payment intent; YooKassa: a refund of the payment, with
// its 54-FZ receipt when the shop has receipts on), then recorded in the subscription's history with who did it.
// The subscription itself is not changed: cancelling is its own step (editorChange.ts).
import type { Payload, PayloadRequest } from 'payload'

import { LOCKS } from '@/lib/db/locks'
import { lockForTransaction, withTransaction } from '@/lib/db/transaction'
import { runFollowUps } from '@/lib/queue/afterCommit'
import { referralAfterMoney } from '@/lib/referral'
import { checkEmail } from '@/lib/validation/checkEmail'
import type { Subscription, SubscriptionEvent } from '@/payload-types'

import { billingProvider, isProviderOf } from '../index'
import { buildReceipt, paymentDescription, receiptAddress, receiptSettingsOf } from '../providers/receipt'
import { starsRefundReference } from '../providers/stars'

/** A payment of the subscription and what of it can still be returned. */
export type RefundablePayment = {
  reference: string
  occurredAt: string
  amountKopecks: number
  refundedKopecks: number
  /** A payment in Telegram Stars (./stars.ts): its Stars, refunded whole or not at all. */
  stars: { amount: number; refunded: boolean } | null
}

export type RefundRefusal = 'noProvider' | 'otherProvider' | 'unknownPayment' | 'amount' | 'provider'

export class RefundError extends Error {
  override name = 'RefundError'
  constructor(readonly reason: RefundRefusal, readonly remainingKopecks?: number) {
    super(reason)
  }
}

/** Every refund of a payment is recorded as `refund:<payment>:<suffix>` (YooKassa's suffix is the running total). */
const refundPrefix = (reference: string) => `refund:${reference}:`

/** The subscription's payments, newest first, each with what has gone back of it. */
export async function refundablePayments(payload: Payload, subscriptionId: number, req?: PayloadRequest): Promise<RefundablePayment[]> {
  const { docs } = await payload.find({
    req,
    collection: 'subscription-events',
    where: { and: [{ subscription: { equals: subscriptionId } }, { type: { in: ['payment', 'refund'] } }] },
    sort: '-occurredAt',
    pagination: false,
    depth: 0,
    select: { type: true, amountKopecks: true, amountStars: true, invoiceId: true, occurredAt: true },
  })
  const refunds = docs.filter((event) => event.type === 'refund')
  return docs
    .filter((event): event is SubscriptionEvent & { invoiceId: string } => event.type === 'payment' && Boolean(event.invoiceId))
    .map((payment) => ({
      reference: payment.invoiceId,
      occurredAt: payment.occurredAt,
      amountKopecks: payment.amountKopecks ?? 0,
      refundedKopecks: refunds
        .filter((refund) => refund.invoiceId?.startsWith(refundPrefix(payment.invoiceId)))
        .reduce((sum, refund) => sum + Math.abs(refund.amountKopecks ?? 0), 0),
      stars: payment.amountStars ? { amount: payment.amountStars, refunded: refunds.some((refund) => refund.invoiceId === starsRefundReference(payment.invoiceId)) } : null,
    }))
}

/**
 * Returns `amountKopecks` of the payment `reference` (a payment in the subscription's history) through its
 * provider and records it once, with `by` (the staff member's address) in the history's note. One refund of a
 * payment at a time, on every instance: what is left of it is read, the provider asked and the refund recorded under
 * the payment's lock, so two refunds sent at once cannot both pass the check on what is left.
 */
export async function refundPayment(
  payload: Payload,
  { subscriptionId, reference, amountKopecks, by }: { subscriptionId: number; reference: string; amountKopecks: number; by: string },
): Promise<{ refundedKopecks: number }> {
  const provider = billingProvider()
  if (!provider) throw new RefundError('noProvider')
  const subscription = await payload.findByID({ collection: 'subscriptions', id: subscriptionId, depth: 0, disableErrors: true })
  if (!subscription) throw new RefundError('unknownPayment')
  if (!isProviderOf(provider, subscription) || !subscription.provider?.name) throw new RefundError('otherProvider')

  const outcome = await withTransaction(payload, LOCKS.refund(reference), async (req) => {
    const payment = (await refundablePayments(payload, subscriptionId, req)).find((candidate) => candidate.reference === reference)
    if (!payment) throw new RefundError('unknownPayment')
    const remaining = payment.amountKopecks - payment.refundedKopecks
    if (!Number.isInteger(amountKopecks) || amountKopecks <= 0 || amountKopecks > remaining) throw new RefundError('amount', remaining)

    const total = payment.refundedKopecks + amountKopecks
    let refundId: string
    try {
      ;({ id: refundId } = await provider.refund({
        paymentReference: reference,
        amountKopecks,
        receipt: await refundReceipt(payload, subscription, amountKopecks),
        // The same refund asked for again (a retry after a timeout) is the same one at the provider.
        idempotencyKey: `refund-${reference}-${total}`,
      }))
    } catch (error) {
      payload.logger.error({ err: error, msg: `Refund of ${amountKopecks} kopecks of ${reference} refused by ${provider.name}` })
      throw new RefundError('provider')
    }

    // YooKassa's notification of the refund names it by the payment's running total (siteRenewals.ts), and may come
    // first; it is recorded under the subscription's billing lock, taken here only after the provider answered.
    const invoiceId = provider.name === 'yookassa' ? `${refundPrefix(reference)}${total}` : `${refundPrefix(reference)}${refundId}`
    await lockForTransaction(payload, req, LOCKS.billing(subscription))
    const known = await payload.find({ collection: 'subscription-events', where: { invoiceId: { equals: invoiceId } }, limit: 1, depth: 0, req })
    const userId = typeof subscription.user === 'object' && subscription.user ? subscription.user.id : subscription.user
    const data = { subscription: subscription.id, user: userId ?? null, type: 'refund' as const, amountKopecks, invoiceId, note: by, occurredAt: new Date().toISOString() }
    if (known.docs[0]) {
      await payload.update({ collection: 'subscription-events', id: known.docs[0].id, data: { note: by }, depth: 0, req })
      return { refundedKopecks: total, followUps: [] }
    }
    await payload.create({ collection: 'subscription-events', data, depth: 0, req })
    // A referral rewarded for this payment is taken back (src/lib/referral).
    const followUps = await referralAfterMoney(payload, req, { subscription, type: 'refund', reference: invoiceId, amount: amountKopecks })
    return { refundedKopecks: total, followUps }
  })
  await runFollowUps(payload, outcome.followUps)
  return { refundedKopecks: outcome.refundedKopecks }
}

/** The refund's 54-FZ receipt, where the site sends receipts (YooKassa with receipts on). */
async function refundReceipt(payload: Payload, subscription: Subscription, amountKopecks: number) {
  // The subscription's title is its account's address: the typed one takes a Telegram-only account's placeholder's
  // place; failing both, the placeholder (a shop with receipts on refuses a refund without one), as renewals do.
  const title = subscription.title && checkEmail(subscription.title).ok ? subscription.title : null
  const email = receiptAddress(title, subscription) ?? title
  if (subscription.provider?.name !== 'yookassa' || !email) return null
  const { siteName, receipts } = await payload.findGlobal({ slug: 'site-settings', locale: 'ru', depth: 0 })
  const settings = receiptSettingsOf(receipts)
  if (!settings) return null
  const description = paymentDescription({ kind: 'period', months: subscription.renewal?.months ?? 1 }, siteName)
  return buildReceipt({ email, description, amountKopecks, settings })
}
