// Opening a checkout at the payment provider for one address and plan. The purchase form (api/billing/checkout)
// calls it for a buyer signed in as the address they pay with; everyone else is first e-mailed a purchase link,
// and its confirmation (api/auth/confirm) calls it. Whether an address has a subscription, or had the trial, is
// answered only there: to the one who reads that address's mail.
import { createHash } from 'node:crypto'

import type { Payload } from 'payload'

import type { Locale } from '@/i18n/locales'
import { env } from '@/lib/env'
import { ownHostName } from '@/lib/http/siteHosts'
import { absoluteUrl, siteUrl } from '@/lib/http/siteUrl'
import { localizedPath } from '@/lib/routing/localizedPath'
import { checkPromo, promoProof } from '@/lib/promo'
import type { FoundPromo } from '@/lib/promo'
import { firstPurchase, normalizePromoCode } from '@/lib/promo/rules'
import { referrerOf } from '@/lib/referral'
import { normalizeReferralCode, REFERRAL_PARAM } from '@/lib/referral/rules'
import type { Tariff } from '@/payload-types'

import { billingProvider } from '.'
import { grantsVip } from './rules/lifecycle'
import type { BillingProvider, CheckoutPlan } from './providers/provider'
import type { PurchaseError } from '../browser/purchaseForm'
import { promoError } from '../browser/purchaseForm'
import { receiptSettingsOf } from './providers/receipt'
import { TRIAL_HOLD_MAX_DAYS } from './rules/renewalPlan'
import { purchaseTerms, termsText } from './rules/terms'

export type PurchaseChoice = {
  /** The tariff's id. */
  plan: number
  locale: Locale
  /** The buyer ticked the agreement to automatic charges. */
  consent: boolean
  /** The promo code typed (src/lib/promo), as normalized; null for none. */
  promo?: string | null
  /** The referral code of the link the buyer came by (src/lib/referral), as normalized; null for none. */
  referral?: string | null
}

type Purchasable = { ok: true; provider: BillingProvider; tariff: Tariff } | { ok: false; error: PurchaseError }

/**
 * Whether a buyer with no address of their own (a Telegram-only account) must type one: for the 54-FZ receipts sent
 * with YooKassa's payments where the shop has receipts on. Stripe asks for it on its own page; YooKassa without
 * receipts needs none.
 */
export async function receiptEmailNeeded(payload: Payload): Promise<boolean> {
  const provider = billingProvider()?.name ?? null
  if (!receiptEmailNeededWith(provider, true)) return false
  const { receipts } = await payload.findGlobal({ slug: 'site-settings', depth: 0, select: { receipts: true } })
  return receiptEmailNeededWith(provider, receiptSettingsOf(receipts) !== null)
}

/** The same, from the provider's name and whether the shop's receipts are on (the plans page has both at hand). */
export const receiptEmailNeededWith = (provider: string | null, receiptsOn: boolean) => provider === 'yookassa' && receiptsOn

/** What the form's choice can be bought as now, before anything about the address is looked up. */
export async function purchasable(payload: Payload, { plan, locale, consent }: PurchaseChoice): Promise<Purchasable> {
  const provider = billingProvider()
  if (!provider) return { ok: false, error: 'unavailable' }
  const tariff = plan ? await payload.findByID({ collection: 'tariffs', id: plan, depth: 0, locale, overrideAccess: false, disableErrors: true }) : null
  if (!tariff || !tariff.active) return { ok: false, error: 'invalidPlan' }
  if (provider.runsRenewals && !consent) return { ok: false, error: 'consentRequired' }
  return { ok: true, provider, tariff }
}

export type CheckoutInput = PurchaseChoice & {
  email: string
  /** The account of the address, when it has one: the purchase is attached to it. */
  userId: number | null
  /** The buyer saw that the trial is not theirs again and pays the full price. */
  fullPrice: boolean
  /** One key per visit of the form: submitting it twice opens one checkout. */
  attempt: string
  /** The site's origin the buyer came from (a mirror's when the main domain is blocked): the provider sends them back there. */
  origin: string
}

export type CheckoutOutcome = { ok: true; url: string } | { ok: false; error: PurchaseError }

async function rememberOrder(payload: Payload, order: { id: string; paymentId: string; amountKopecks: number }): Promise<void> {
  const key = `first:${order.id}`
  const known = await payload.count({ collection: 'charges', where: { key: { equals: key } } })
  if (known.totalDocs === 0) {
    await payload.create({ collection: 'charges', data: { key, order: order.id, paymentId: order.paymentId, status: 'pending', amountKopecks: order.amountKopecks }, depth: 0 })
  }
}

/**
 * What the provider is asked to sell (pure): the plan, its trial for a first subscription (a promo code's longer one),
 * and the first payment after the code. A trial that starts at the first connection (heldTrial.ts) is first told to
 * the provider at its longest: its days after TRIAL_HOLD_MAX_DAYS.
 */
export function checkoutPlan(tariff: Pick<Tariff, 'id' | 'name' | 'months' | 'priceKopecks' | 'trialDays' | 'trialFeeKopecks' | 'trialStartsOnConnect'>, { firstSubscription, promo }: { firstSubscription: boolean; promo: FoundPromo | null }): CheckoutPlan {
  const first = firstPurchase(tariff, { trial: firstSubscription, offer: promo?.offer ?? null })
  const trial = first.trialDays > 0
  const held = trial && Boolean(tariff.trialStartsOnConnect)
  return {
    id: tariff.id,
    name: tariff.name,
    months: Number(tariff.months),
    priceKopecks: tariff.priceKopecks,
    trialDays: held ? first.trialDays + TRIAL_HOLD_MAX_DAYS : first.trialDays,
    trialFeeKopecks: trial ? tariff.trialFeeKopecks : 0,
    trialHoldDays: held ? first.trialDays : 0,
    first: { todayKopecks: first.todayKopecks, extraDays: first.extraDays, discountKopecks: first.discountKopecks, promo: promo ? { id: promo.id, code: promo.code } : null },
  }
}

export async function openCheckout(payload: Payload, input: CheckoutInput): Promise<CheckoutOutcome> {
  const { email, userId, locale, fullPrice, attempt, origin } = input
  const choice = await purchasable(payload, input)
  if (!choice.ok) return choice
  const { provider, tariff } = choice

  // One live subscription per address, and the trial only for a first subscription.
  const earlier = userId
    ? (await payload.find({ collection: 'subscriptions', where: { user: { equals: userId } }, pagination: false, depth: 0, select: { status: true } })).docs
    : []
  if (earlier.some((subscription) => grantsVip(subscription.status))) return { ok: false, error: 'alreadySubscribed' }
  const firstSubscription = earlier.length === 0
  // The code is checked again now that the buyer is known: their own uses, and whether this is their first purchase.
  let promo: FoundPromo | null = null
  if (input.promo) {
    const checked = await checkPromo(payload, input.promo, { plan: tariff, buyer: { userId, firstPurchase: firstSubscription } })
    if (!checked.ok) return { ok: false, error: promoError(checked.refusal) }
    promo = checked.promo
  }
  // The page promises the trial; a returning buyer is told the real price before any payment page opens (a code
  // that takes money off or adds days is paid for today anyway: it has no trial to lose).
  const paysToday = promo !== null && promo.offer.kind !== 'trial'
  if (!firstSubscription && tariff.trialDays > 0 && !fullPrice && !paysToday) return { ok: false, error: 'trialUsed' }

  const { siteName, receipts } = await payload.findGlobal({ slug: 'site-settings', locale: 'ru', depth: 0 })
  const offer = promo?.offer ?? null
  const trial = firstPurchase(tariff, { trial: firstSubscription, offer }).trialDays > 0
  const terms = purchaseTerms(tariff, { trial: firstSubscription, now: new Date(), offer })
  const promoQuery: Record<string, string> = promo ? { promo: promo.code } : {}
  // The success page names the code only with the site's own signature of it (src/lib/promo, promoProof).
  const successQuery: Record<string, string> = promo ? { ...promoQuery, proof: promoProof(tariff.id, promo.code) } : {}
  // The link's owner, unless it is the buyer's own (a first subscription makes the friend: src/lib/referral).
  const referrerId = firstSubscription ? await referrerOf(payload, input.referral) : null
  try {
    const { url, order } = await provider.createCheckout({
      referrerId: referrerId !== userId ? referrerId : null,
      email,
      userId,
      plan: checkoutPlan(tariff, { firstSubscription, promo }),
      locale,
      // The success page states the terms again, from the plan this checkout was for.
      successUrl: siteUrl('/success-payment', locale, { plan: String(tariff.id), trial: trial ? '1' : '0', ...successQuery }, origin),
      // A buyer who comes back without paying finds the form as they left it ("Try again" keeps plan, e-mail and code).
      cancelUrl: siteUrl('/fail-payment', locale, { plan: String(tariff.id), email, ...promoQuery }, origin),
      returnUrl: absoluteUrl(`/api/billing/return?${new URLSearchParams({ locale, plan: String(tariff.id), email, ...promoQuery }).toString()}`, origin),
      siteName,
      receipts: receiptSettingsOf(receipts),
      terms: { full: termsText(terms, locale), short: termsText(terms, locale, 'short') },
      // A Telegram-only buyer may give no address: their account names the checkout instead.
      idempotencyKey: createHash('sha256').update(`checkout:${email || `user:${userId ?? ''}`}:${tariff.id}:${promo?.code ?? ''}:${attempt}`).digest('hex'),
    })
    // The buyer comes back with the order only: the payment it stands for is looked up here.
    if (order) await rememberOrder(payload, order)
    return { ok: true, url: onBuyersHost(url, origin) }
  } catch (error) {
    payload.logger.error({ err: error, msg: 'Checkout could not be created' })
    return { ok: false, error: 'checkoutFailed' }
  }
}

/**
 * A checkout page on one of the site's own hosts (the local test checkout) opens on the host the buyer is on: a
 * buyer on a mirror stays there (the page's forms may only go to its own origin). The provider's own page is as given.
 */
export function onBuyersHost(url: string, origin: string): string {
  const checkout = new URL(url)
  if (ownHostName(env().hosts, checkout.host) === null) return url
  return `${origin}${checkout.pathname}${checkout.search}${checkout.hash}`
}

/** The plans page's form again, with the answer, the address and the plan (the fragment scrolls to the form). */
export function purchaseFormUrl(locale: Locale, { error, email, plan, promo }: { error: PurchaseError; email: string; plan: number; promo?: string | null }, origin: string): string {
  return `${siteUrl('/tariffs', locale, { error, email: email.slice(0, 254), plan: String(plan || ''), ...(promo ? { promo: promo.slice(0, 40) } : {}) }, origin)}#buy`
}

/** Where a purchase link leads once confirmed, carrying the form's choice (read back by `purchaseChoiceOf`). */
export function purchaseLinkNext({ plan, locale, consent, promo, referral }: PurchaseChoice): string {
  const query = new URLSearchParams({ plan: String(plan), ...(consent ? { consent: 'on' } : {}), ...(promo ? { promo } : {}), ...(referral ? { [REFERRAL_PARAM]: referral } : {}) })
  return localizedPath(`/tariffs?${query.toString()}`, locale)
}

/** The form's choice a purchase link carries; null for anything else. */
export function purchaseChoiceOf(next: string | null, locale: Locale): PurchaseChoice | null {
  if (!next) return null
  const url = new URL(next, 'http://site.invalid')
  const plan = Number(url.searchParams.get('plan'))
  if (!Number.isSafeInteger(plan) || plan <= 0) return null
  return {
    plan,
    locale,
    consent: url.searchParams.get('consent') === 'on',
    promo: normalizePromoCode(url.searchParams.get('promo')),
    referral: normalizeReferralCode(url.searchParams.get(REFERRAL_PARAM)),
  }
}
