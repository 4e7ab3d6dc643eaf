// Gift subscriptions as the site keeps them (the rules are ./rules.ts): the checkout of a plan's period for someone
// else, its payment (the code is made then and mailed to the buyer), its redemption into the recipient's subscription
// through the subscriptions' one writer, and its refund, which voids a code not yet redeemed.
import { createHash, randomInt } from 'node:crypto'

import { Api } from 'grammy'
import type { Payload, PayloadRequest } from 'payload'

import type { Locale } from '@/i18n/locales'
import { billingProvider } from '@/lib/billing'
import { shiftByDays } from '@/lib/billing/record/freeDays'
import { grantsVip } from '@/lib/billing/rules/lifecycle'
import { formatRubles } from '@/lib/billing/rules/pricing'
import { GIFT_PROVIDER, STARS_PROVIDER } from '@/lib/billing/providers/provider'
import type { ProviderPayment } from '@/lib/billing/providers/provider'
import { buildReceipt, paymentDescription, receiptSettingsOf } from '@/lib/billing/providers/receipt'
import type { StarsInvoice } from '@/lib/billing/providers/stars'
import { applyChange } from '@/lib/billing/record/subscriptionRecord'
import { siteBotConfig } from '@/lib/bot/config'
import { botStartLink, siteBotUsername } from '@/lib/bot/identity'
import { LOCKS } from '@/lib/db/locks'
import { lockForTransaction, withTransaction } from '@/lib/db/transaction'
import { absoluteUrl, siteUrl } from '@/lib/http/siteUrl'
import { queueFollowUp, runFollowUps } from '@/lib/queue/afterCommit'
import { idOf } from '@/lib/validation/recordId'
import type { Gift, User } from '@/payload-types'

import { giftMail } from './mail'
import { displayGiftCode, GIFT_START_PREFIX, giftDays, giftState, newGiftCode, normalizeGiftCode } from './rules'

export type GiftCheckoutError = 'unavailable' | 'invalidPlan' | 'checkoutFailed'

/**
 * Opens the payment for a gift of `plan`: one payment of the plan's price, no trial, nothing saved for renewals. The
 * code goes to `email` once it is paid. The same form sent twice (`attempt`) opens one payment.
 */
export async function openGiftCheckout(
  payload: Payload,
  { plan, email, userId, locale, attempt, origin }: { plan: number; email: string; userId: number | null; locale: Locale; attempt: string; origin: string },
): Promise<{ ok: true; url: string } | { ok: false; error: GiftCheckoutError }> {
  const provider = billingProvider()
  if (!provider) return { ok: false, error: 'unavailable' }
  const tariff = plan ? await payload.findByID({ collection: 'tariffs', id: plan, depth: 0, locale, overrideAccess: false, disableErrors: true }) : null
  if (!tariff?.active || !tariff.priceKopecks) return { ok: false, error: 'invalidPlan' }
  const months = Number(tariff.months)
  const order = `gift_${createHash('sha256').update(`gift:${email}:${tariff.id}:${attempt}`).digest('hex').slice(0, 32)}`
  const known = (await payload.find({ collection: 'gifts', where: { 'provider.order': { equals: order } }, limit: 1, depth: 0 })).docs[0]
  const gift =
    known ??
    (await payload.create({
      collection: 'gifts',
      data: { status: 'pending', tariff: tariff.id, months, amountKopecks: tariff.priceKopecks, buyer: userId, buyerEmail: email, locale, provider: { name: provider.name, order } },
      depth: 0,
    }))
  const { siteName, receipts } = await payload.findGlobal({ slug: 'site-settings', locale: 'ru', depth: 0 })
  try {
    const { url, paymentId } = await provider.createGiftCheckout({
      email,
      plan: { id: tariff.id, name: tariff.name, months, priceKopecks: tariff.priceKopecks },
      locale,
      giftId: gift.id,
      order,
      successUrl: siteUrl('/gift', locale, { bought: order }, origin),
      cancelUrl: siteUrl('/gift', locale, { plan: String(tariff.id) }, origin),
      returnUrl: absoluteUrl(`/api/gift/return?${new URLSearchParams({ locale, order }).toString()}`, origin),
      siteName,
      receipts: receiptSettingsOf(receipts),
      description: giftDescription(months, tariff.priceKopecks, locale),
      idempotencyKey: order,
    })
    if (paymentId && gift.provider?.payment !== paymentId) await payload.update({ collection: 'gifts', id: gift.id, data: { provider: { ...gift.provider, payment: paymentId } }, depth: 0 })
    return { ok: true, url }
  } catch (error) {
    payload.logger.error({ err: error, msg: `The gift checkout ${order} could not be created` })
    return { ok: false, error: 'checkoutFailed' }
  }
}

/** What the payer is shown (YooKassa's description: at most 128 characters). */
export function giftDescription(months: number, priceKopecks: number, locale: Locale): string {
  const price = formatRubles(priceKopecks, locale)
  return locale === 'en'
    ? `Gift: VIP for ${months} ${months === 1 ? 'month' : 'months'}, ${price} once, no auto-renewal`
    : `Подарок: VIP на ${months} мес., ${price} один раз, без автопродления`
}

/**
 * A gift's payment is in (Stripe's event, YooKassa's payment re-read): the code is made and mailed to the buyer, once.
 * `payment`: the provider's payment, by which a refund finds the gift.
 */
export async function giftPaid(payload: Payload, { giftId, payment, amountKopecks }: { giftId: number; payment: string; amountKopecks: number }): Promise<'paid' | 'duplicate' | 'unknown'> {
  // The mail's link to the bot, where the site has one: its name asked of Telegram before any lock is taken (left out
  // while Telegram cannot be reached).
  const botUsername = await siteBotUsername()
  const outcome = await withTransaction(payload, LOCKS.gift(giftId), async (req) => {
    const gift = await payload.findByID({ collection: 'gifts', id: giftId, depth: 0, req, disableErrors: true })
    if (!gift) return { result: 'unknown' as const, followUps: [] }
    if (gift.status !== 'pending') return { result: 'duplicate' as const, followUps: [] }
    if (amountKopecks !== gift.amountKopecks) payload.logger.warn({ msg: `Gift ${giftId} was paid ${amountKopecks} kopecks, not its ${gift.amountKopecks}` })
    const code = newGiftCode(randomInt)
    await payload.update({ collection: 'gifts', id: giftId, data: { status: 'paid', code, paidAt: new Date().toISOString(), provider: { ...gift.provider, payment } }, depth: 0, req })
    const locale: Locale = gift.locale === 'en' ? 'en' : 'ru'
    const { siteName } = await payload.findGlobal({ slug: 'site-settings', locale, depth: 0, req })
    const tariff = await payload.findByID({ collection: 'tariffs', id: idOf(gift.tariff), locale, depth: 0, req })
    const botLink = botUsername ? botStartLink(botUsername, `${GIFT_START_PREFIX}${code}`) : null
    const mail = await giftMail({ locale, siteName, code: displayGiftCode(code), link: siteUrl('/gift', locale, { code }), botLink, plan: tariff.name, months: gift.months })
    // A signed-in buyer's account takes it where it takes notices (their Telegram, where they chose it); else by e-mail.
    const buyer = gift.buyer ? idOf(gift.buyer) : null
    const followUp = buyer ? await queueFollowUp(payload, req, { task: 'sendNotice', input: { userId: buyer, to: gift.buyerEmail, ...mail } }) : await queueFollowUp(payload, req, { task: 'sendEmail', input: { to: gift.buyerEmail, ...mail } })
    return { result: 'paid' as const, followUps: [followUp] }
  })
  await runFollowUps(payload, outcome.followUps)
  return outcome.result
}

/**
 * A gift bought in the bot for Stars (src/lib/billing/providers/stars.ts, in the payment's transaction): paid at once, its code
 * for the buyer's chat (the bot sends it; no e-mail, a Telegram-only buyer has none).
 */
export async function paidStarsGift(
  payload: Payload,
  req: PayloadRequest,
  { invoice, buyer, reference, locale, at }: { invoice: StarsInvoice; buyer: User; reference: string; locale: Locale; at: Date },
): Promise<string> {
  const code = newGiftCode(randomInt)
  await payload.create({
    collection: 'gifts',
    data: {
      status: 'paid',
      code,
      tariff: invoice.tariffId,
      months: invoice.months,
      amountKopecks: 0,
      amountStars: invoice.stars,
      buyer: buyer.id,
      buyerEmail: buyer.email,
      locale,
      provider: { name: STARS_PROVIDER, order: `stars-gift:${invoice.nonce}:${invoice.telegramId}`, payment: reference, customerId: String(invoice.telegramId) },
      paidAt: at.toISOString(),
    },
    depth: 0,
    req,
  })
  return code
}

/** A gift's payment was refunded (by staff here, or in the provider's own dashboard): a code not yet redeemed is void. */
export async function giftRefunded(payload: Payload, payment: string): Promise<'void' | 'redeemed' | 'unknown'> {
  const found = (await payload.find({ collection: 'gifts', where: { 'provider.payment': { equals: payment } }, limit: 1, depth: 0 })).docs[0]
  if (!found) return 'unknown'
  return withTransaction(payload, LOCKS.gift(found.id), async (req) => {
    const gift = await payload.findByID({ collection: 'gifts', id: found.id, depth: 0, req })
    if (gift.status === 'redeemed') {
      payload.logger.warn({ msg: `Gift ${gift.id} was refunded after it was redeemed: its subscription stays (end it from its page if it should)` })
      return 'redeemed'
    }
    if (gift.status !== 'void') await payload.update({ collection: 'gifts', id: gift.id, data: { status: 'void', voidedAt: new Date().toISOString() }, depth: 0, req })
    return 'void'
  })
}

/** A YooKassa payment whose metadata names a gift: paid, or refunded. */
export async function applyGiftPayment(payload: Payload, payment: ProviderPayment): Promise<'paid' | 'duplicate' | 'unknown' | 'void' | 'redeemed' | 'ignored'> {
  const giftId = Number(payment.metadata.gift)
  if (!Number.isSafeInteger(giftId) || giftId <= 0 || payment.status !== 'succeeded') return 'ignored'
  const paid = await giftPaid(payload, { giftId, payment: payment.id, amountKopecks: payment.amountKopecks })
  return payment.refundedKopecks > 0 ? giftRefunded(payload, payment.id) : paid
}

export type RedeemRefusal = 'invalid' | 'usedByYou'
export type RedeemOutcome = { ok: true; kind: 'new' | 'extend'; subscriptionId: number } | { ok: false; refusal: RedeemRefusal }

/** The gift a code names, read under the gift's lock in `req`'s transaction. */
async function lockedGift(payload: Payload, req: PayloadRequest, giftId: number): Promise<Gift> {
  await lockForTransaction(payload, req, LOCKS.gift(giftId))
  return payload.findByID({ collection: 'gifts', id: giftId, depth: 0, req })
}

/**
 * Redeems a gift code into `user`'s subscription, once: their live subscription gets the gift's period after its paid
 * end (at Stripe too), or a new subscription runs for the period, with no renewal. A code that is not a paid gift's
 * (unknown, redeemed, void, still unpaid) is `invalid` to anyone but the one who redeemed it.
 */
export async function redeemGift(payload: Payload, { code: typed, user, now = new Date() }: { code: string; user: User; now?: Date }): Promise<RedeemOutcome> {
  const code = normalizeGiftCode(typed)
  const found = code ? (await payload.find({ collection: 'gifts', where: { code: { equals: code } }, limit: 1, depth: 0 })).docs[0] : undefined
  if (!found) return { ok: false, refusal: 'invalid' }
  const refusalOf = (gift: Gift): RedeemOutcome => ({ ok: false, refusal: gift.status === 'redeemed' && gift.redeemedBy && idOf(gift.redeemedBy) === user.id ? 'usedByYou' : 'invalid' })
  if (found.status !== 'paid') return refusalOf(found)
  const note = `gift ${found.id}`
  const live = (await payload.find({ collection: 'subscriptions', where: { user: { equals: user.id } }, sort: '-createdAt', pagination: false, depth: 0, select: { status: true, provider: true } })).docs.find((subscription) =>
    grantsVip(subscription.status),
  )
  // A live subscription another provider than the configured one charges is not moved (shiftByDays says so, and the
  // code stays unredeemed): a new one is not possible either, one live subscription per account.
  if (live) {
    let outcome: RedeemOutcome = { ok: false, refusal: 'invalid' }
    await shiftByDays(payload, {
      subscriptionId: live.id,
      // Under the subscription's lock, then the gift's: a code redeemed meanwhile (by anyone) adds nothing.
      days: async (req, existing) => {
        const gift = await lockedGift(payload, req, found.id)
        if (gift.status !== 'paid') {
          outcome = refusalOf(gift)
          return 0
        }
        return giftDays(existing.currentPeriodEnd ?? null, gift.months, now)
      },
      step: 'gift_redeemed',
      note,
      also: async (req, shifted) => {
        // Ended meanwhile, or charged elsewhere: nothing was added, and the code stays the recipient's to redeem again.
        if (shifted !== 'shifted') return
        await payload.update({ collection: 'gifts', id: found.id, data: { status: 'redeemed', redeemedBy: user.id, redeemedAt: now.toISOString(), subscription: live.id }, depth: 0, req })
        outcome = { ok: true, kind: 'extend', subscriptionId: live.id }
      },
    })
    return outcome
  }
  const recordId = `gift:${found.id}`
  const result = await withTransaction(payload, [LOCKS.gift(found.id), LOCKS.billing(recordId)], async (req): Promise<{ outcome: RedeemOutcome; followUps: (string | number)[] }> => {
    const gift = await payload.findByID({ collection: 'gifts', id: found.id, depth: 0, req })
    if (gift.status !== 'paid') return { outcome: refusalOf(gift), followUps: [] }
    const tariff = idOf(gift.tariff)
    const applied = await applyChange(payload, req, {
      providerName: GIFT_PROVIDER,
      remote: {
        ...giftState(gift.months, now),
        id: recordId,
        customerId: null,
        metadata: { email: user.email, userId: user.id, tariffId: tariff, locale: user.locale === 'en' ? 'en' : 'ru' },
        paymentMethod: null,
        hasDiscount: false,
      },
      existing: undefined,
      occurredAt: now.toISOString(),
      siteRun: { renewal: { months: gift.months } },
      runner: 'site',
      mail: 'noRenewal',
      note,
    })
    const saved = (await payload.find({ collection: 'subscriptions', where: { 'provider.subscriptionId': { equals: recordId } }, limit: 1, depth: 0, req })).docs[0]!
    await payload.update({ collection: 'gifts', id: gift.id, data: { status: 'redeemed', redeemedBy: user.id, redeemedAt: now.toISOString(), subscription: saved.id }, depth: 0, req })
    return { outcome: { ok: true, kind: 'new', subscriptionId: saved.id }, followUps: applied.followUps }
  })
  await runFollowUps(payload, result.followUps)
  return result.outcome
}

export class GiftRefundError extends Error {
  override name = 'GiftRefundError'
  constructor(readonly reason: 'unknown' | 'notPaid' | 'redeemed' | 'otherProvider' | 'provider') {
    super(reason)
  }
}

/** Staff return a gift's payment (all of it) from its page: the provider refunds it, and the code is void. */
export async function refundGift(payload: Payload, { giftId, by, api = null }: { giftId: number; by: string; api?: Api | null }): Promise<void> {
  const provider = billingProvider()
  const gift = await payload.findByID({ collection: 'gifts', id: giftId, depth: 0, disableErrors: true })
  if (!gift) throw new GiftRefundError('unknown')
  if (gift.status === 'redeemed') throw new GiftRefundError('redeemed')
  if (gift.status !== 'paid' || !gift.provider?.payment) throw new GiftRefundError('notPaid')
  // Bought for Stars in the bot: Telegram returns the Stars (all of them) to its buyer.
  if (gift.provider.name === STARS_PROVIDER) {
    await refundStarsGift(payload, gift, api)
    payload.logger.info({ msg: `Gift ${gift.id} refunded by ${by}` })
    await giftRefunded(payload, gift.provider.payment)
    return
  }
  if (!provider || gift.provider.name !== provider.name) throw new GiftRefundError('otherProvider')
  // The refund's 54-FZ receipt where the shop sends receipts (YooKassa with receipts on).
  const { siteName, receipts } = await payload.findGlobal({ slug: 'site-settings', locale: 'ru', depth: 0 })
  const settings = provider.name === 'yookassa' ? receiptSettingsOf(receipts) : null
  const receipt = settings ? buildReceipt({ email: gift.buyerEmail, description: paymentDescription({ kind: 'period', months: gift.months }, siteName), amountKopecks: gift.amountKopecks, settings }) : null
  try {
    await provider.refund({ paymentReference: gift.provider.payment, amountKopecks: gift.amountKopecks, receipt, idempotencyKey: `gift-refund-${gift.id}` })
  } catch (error) {
    payload.logger.error({ err: error, msg: `The refund of gift ${gift.id} was refused by ${provider.name}` })
    throw new GiftRefundError('provider')
  }
  payload.logger.info({ msg: `Gift ${gift.id} refunded by ${by}` })
  await giftRefunded(payload, gift.provider.payment)
}

/** Through the site's bot (`api`; the one the environment configures when none is given). */
async function refundStarsGift(payload: Payload, gift: Gift, given: Api | null): Promise<void> {
  const config = siteBotConfig()
  const api = given ?? (config ? new Api(config.token, { apiRoot: config.apiRoot }) : null)
  const telegramId = Number(gift.provider?.customerId)
  if (!api || !Number.isSafeInteger(telegramId)) throw new GiftRefundError('otherProvider')
  try {
    await api.refundStarPayment(telegramId, gift.provider!.payment!.slice('stars:'.length))
  } catch (error) {
    // Refunded already (in another way, or a retry after a lost answer): the record follows.
    if (!/CHARGE_ALREADY_REFUNDED/i.test(String((error as { description?: string }).description ?? ''))) {
      payload.logger.error({ err: error, msg: `Telegram refused to refund the Stars of gift ${gift.id}` })
      throw new GiftRefundError('provider')
    }
  }
}

export type GiftFigures = { sold: number; redeemed: number; void: number }

/** The dashboard's gift figures for the last 30 days: paid (redeemed or not), redeemed, voided. */
export async function giftFigures(payload: Payload, since: Date): Promise<GiftFigures> {
  const count = (status: string[]) => payload.count({ collection: 'gifts', where: { status: { in: status }, paidAt: { greater_than_equal: since.toISOString() } } }).then((found) => found.totalDocs)
  const [sold, redeemed, voided] = await Promise.all([count(['paid', 'redeemed', 'void']), count(['redeemed']), count(['void'])])
  return { sold, redeemed, void: voided }
}

