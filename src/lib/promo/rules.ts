// Promo codes' rules, pure: what a code is as typed, whether it applies to a purchase, and what the first payment
// then is. The site's form, its checkout with each provider and the bot all ask here (src/lib/promo/index.ts reads
// the code and its uses); the price a buyer is shown and the price a provider charges are this one answer.
//
// A code changes the first purchase only, one of four ways:
// - `percent` / `amount`: money off the first period's price; the first period is paid today (no trial), never
//   below MIN_FIRST_PAYMENT_KOPECKS (a provider saves the method for renewals only with a payment), in whole kopecks.
// - `days`: the first period at its full price, with extra days before the first renewal.
// - `trial`: a longer trial, for buyers the plan's trial is for (a first subscription, a plan with a trial).
// Renewals are at the plan's full price, as they are without a code.

/** The least a money-off code leaves to pay today: the providers save a card for renewals only with a payment. */
export const MIN_FIRST_PAYMENT_KOPECKS = 100

/** At most this many extra days, or days of trial, a code can give (Stripe takes a trial of up to two years). */
export const MAX_PROMO_DAYS = 365

export const PROMO_KINDS = ['percent', 'amount', 'days', 'trial'] as const
export type PromoKind = (typeof PROMO_KINDS)[number]

export type PromoOffer =
  | { kind: 'percent'; percentOff: number }
  | { kind: 'amount'; amountOffKopecks: number }
  | { kind: 'days'; extraDays: number }
  | { kind: 'trial'; trialDays: number }

export type PromoPlan = { priceKopecks: number; trialDays: number; trialFeeKopecks: number }

/** What the buyer pays today and how the first period runs; renewals are at the plan's price. */
export type FirstPurchase = {
  /** Days of trial before the first charge at the plan's price (0: the first period is paid today). */
  trialDays: number
  todayKopecks: number
  /** Days added to the first paid period, before the first renewal. */
  extraDays: number
  /** What the code took off today's payment. */
  discountKopecks: number
}

/**
 * A code as typed into a form or a link: case, spaces and dashes do not matter (`spring-25`, ` Spring25 `), letters
 * and digits only, 3 to 32 of them; null for anything else, which is never looked up.
 */
export function normalizePromoCode(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > 100) return null
  const code = input.normalize('NFKC').replace(/[\s\-_]/g, '').toUpperCase()
  return /^[A-Z0-9А-ЯЁ]{3,32}$/.test(code) ? code : null
}

/** The first purchase of `plan` with `offer` (or none); `trial`: the plan's trial is the buyer's (a first subscription). */
export function firstPurchase(plan: PromoPlan, { trial, offer }: { trial: boolean; offer: PromoOffer | null }): FirstPurchase {
  const withTrial = trial && plan.trialDays > 0
  const plain: FirstPurchase = withTrial
    ? { trialDays: plan.trialDays, todayKopecks: plan.trialFeeKopecks, extraDays: 0, discountKopecks: 0 }
    : { trialDays: 0, todayKopecks: plan.priceKopecks, extraDays: 0, discountKopecks: 0 }
  if (!offer) return plain
  switch (offer.kind) {
    case 'percent':
    case 'amount': {
      // Today's amount in whole kopecks, rounded down: never a fraction more than the percentage leaves to pay.
      const off = offer.kind === 'percent' ? Math.ceil((plan.priceKopecks * clamp(offer.percentOff, 0, 100)) / 100) : Math.max(0, Math.trunc(offer.amountOffKopecks))
      const todayKopecks = Math.max(Math.min(plan.priceKopecks, MIN_FIRST_PAYMENT_KOPECKS), plan.priceKopecks - off)
      return { trialDays: 0, todayKopecks, extraDays: 0, discountKopecks: plan.priceKopecks - todayKopecks }
    }
    case 'days':
      return { trialDays: 0, todayKopecks: plan.priceKopecks, extraDays: clamp(Math.trunc(offer.extraDays), 0, MAX_PROMO_DAYS), discountKopecks: 0 }
    case 'trial':
      // A longer trial only where there is one to lengthen: never a shorter one.
      return withTrial ? { ...plain, trialDays: Math.max(plan.trialDays, clamp(Math.trunc(offer.trialDays), 0, MAX_PROMO_DAYS)) } : plain
  }
}

/** A first purchase in Telegram Stars: what is paid (whole Stars) and the extra days; null where the code has nothing for Stars. */
export type StarsFirstPurchase = { stars: number; extraDays: number; discountStars: number }

/**
 * The first purchase of a plan sold for `stars` with a promo code's offer, in whole Stars. Money off is the same share
 * of the Stars price as of the rubles one (rounded in the buyer's favour, at least 1 Star left to pay); extra days are
 * added to the period. Stars have no trial, so a trial code has nothing for them. Telegram charges a Stars
 * subscription the same price every period: a purchase with a code is one payment for the plan's period.
 */
export function starsFirstPurchase(plan: { priceKopecks: number; stars: number }, offer: PromoOffer): StarsFirstPurchase | null {
  const share =
    offer.kind === 'percent' ? clamp(offer.percentOff, 0, 100) / 100 : offer.kind === 'amount' ? clamp(offer.amountOffKopecks / Math.max(1, plan.priceKopecks), 0, 1) : 0
  if (offer.kind === 'trial') return null
  const stars = Math.max(Math.min(plan.stars, 1), plan.stars - Math.ceil(plan.stars * share))
  return { stars, extraDays: offer.kind === 'days' ? clamp(Math.trunc(offer.extraDays), 0, MAX_PROMO_DAYS) : 0, discountStars: plan.stars - stars }
}

const clamp = (value: number, min: number, max: number) => (Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min)

/** What an editor set up, as the rules need it (the collection's document, read in src/lib/promo/index.ts). */
export type PromoRule = {
  offer: PromoOffer
  active: boolean
  /** Plan ids it is for; empty for every plan. */
  plans: readonly number[]
  startsAt: string | null
  endsAt: string | null
  /** Uses in total and per buyer; null for no limit. */
  maxUses: number | null
  maxUsesPerBuyer: number | null
  firstPurchaseOnly: boolean
}

/** Who is buying, as far as it is known: a stranger (an address not yet confirmed) has `buyer` null. */
export type PromoContext = {
  planId: number
  planHasTrial: boolean
  now: Date
  usesTotal: number
  buyer: { uses: number; firstPurchase: boolean } | null
}

/**
 * Why a code does not apply, each a text in the buyer's language. `invalid` is one answer for a code that does not
 * exist, is switched off, has not started, has ended or is used up: trying codes tells a stranger nothing more.
 * The buyer's own reasons (`usedByYou`, `firstPurchaseOnly`, `trialNotYours`) are known only once the buyer is.
 * `notInStars`: a trial code, where the plan is paid in Telegram Stars (which have no trial).
 */
export const PROMO_REFUSALS = ['invalid', 'notForPlan', 'usedByYou', 'firstPurchaseOnly', 'trialNotYours', 'notInStars'] as const
export type PromoRefusal = (typeof PROMO_REFUSALS)[number]

export function promoRefusal(rule: PromoRule, context: PromoContext): PromoRefusal | null {
  const now = context.now.getTime()
  if (!rule.active) return 'invalid'
  if (rule.startsAt && Date.parse(rule.startsAt) > now) return 'invalid'
  if (rule.endsAt && Date.parse(rule.endsAt) <= now) return 'invalid'
  if (rule.maxUses !== null && context.usesTotal >= rule.maxUses) return 'invalid'
  if (rule.plans.length > 0 && !rule.plans.includes(context.planId)) return 'notForPlan'
  if (rule.offer.kind === 'trial' && !context.planHasTrial) return 'notForPlan'
  if (!context.buyer) return null
  if (rule.maxUsesPerBuyer !== null && context.buyer.uses >= rule.maxUsesPerBuyer) return 'usedByYou'
  if (rule.firstPurchaseOnly && !context.buyer.firstPurchase) return 'firstPurchaseOnly'
  if (rule.offer.kind === 'trial' && !context.buyer.firstPurchase) return 'trialNotYours'
  return null
}
