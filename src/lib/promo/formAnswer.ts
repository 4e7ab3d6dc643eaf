// What the plans page's form shows for a promo code before the buyer pays: the button's words, the terms (today's
// amount, the renewals) and a line saying what the code gives, from the same rules the checkout charges by
// (./rules.ts, src/lib/billing/rules/terms.ts). Asked by api/promo/check as the buyer types or changes the plan.
import type { Payload } from 'payload'

import type { Locale } from '@/i18n/locales'
import { formatMoney, formatRubles, starsPriceOf } from '@/lib/billing/rules/pricing'
import { purchaseTerms, termsText } from '@/lib/billing/rules/terms'
import { promoError } from '@/lib/browser/purchaseForm'
import type { PurchaseError } from '@/lib/browser/purchaseForm'
import { botTranslator } from '@/lib/bot/context'
import { starsTerms } from '@/lib/bot/starsInvoice'
import type { Tariff, User } from '@/payload-types'

import { checkPromo, promoBuyerOf } from '.'
import type { PromoBuyer } from '.'
import { firstPurchase, starsFirstPurchase } from './rules'
import { tariffsTranslator } from './texts'
import type { PromoOffer } from './rules'

/** `stars`: in the Mini App, the Stars button's words and terms after the code, where it gives something in Stars. */
export type PromoFormAnswer =
  | { ok: true; code: string; submit: string; terms: string; applied: string; stars: { button: string; terms: string } | null }
  | { ok: false; error: PurchaseError }


/** `Промокод VESNA25: −75 ₽ к первой оплате` and the like. */
export function appliedText(code: string, offer: PromoOffer, discountKopecks: number, locale: Locale): string {
  const t = tariffsTranslator(locale)
  switch (offer.kind) {
    case 'percent':
    case 'amount':
      return t('promoAppliedOff', { code, amount: formatRubles(discountKopecks, locale) })
    case 'days':
      return t('promoAppliedDays', { code, days: offer.extraDays })
    case 'trial':
      return t('promoAppliedTrial', { code, days: offer.trialDays })
  }
}

/** The buyer as far as the site knows them: a signed-in account's own history; a visitor not signed in is a stranger. */
export async function formBuyer(payload: Payload, user: User | null): Promise<PromoBuyer | null> {
  return user ? promoBuyerOf(payload, user.id) : null
}

export async function promoFormAnswer(payload: Payload, { code, plan, user, locale, now = new Date() }: { code: string; plan: Tariff; user: User | null; locale: Locale; now?: Date }): Promise<PromoFormAnswer> {
  const buyer = await formBuyer(payload, user)
  const checked = await checkPromo(payload, code, { plan, buyer, now })
  if (!checked.ok) return { ok: false, error: promoError(checked.refusal) }
  const { offer } = checked.promo
  // A stranger is shown what a first purchase gets, as the page shows the trial; the checkout decides for the address.
  const trial = buyer ? buyer.firstPurchase : true
  const first = firstPurchase(plan, { trial, offer })
  const t = tariffsTranslator(locale)
  const submit = first.trialDays > 0 ? t('submit', { fee: formatRubles(first.todayKopecks, locale) }) : t('submitFull', { price: formatRubles(first.todayKopecks, locale) })
  const starsPrice = starsPriceOf(plan)
  const inStars = starsPrice === null ? null : starsFirstPurchase({ priceKopecks: plan.priceKopecks, stars: starsPrice }, offer)
  const bot = botTranslator(locale)
  return {
    ok: true,
    code: checked.promo.code,
    submit,
    terms: termsText(purchaseTerms(plan, { trial, now, offer }), locale),
    applied: appliedText(checked.promo.code, offer, first.discountKopecks, locale),
    stars: inStars
      ? {
          button: t('starsPay', { stars: formatMoney(inStars.stars, 'XTR', locale) }),
          terms: starsTerms(bot, locale, { months: Number(plan.months), starsPrice: starsPrice! }, { stars: inStars.stars, extraDays: inStars.extraDays, promo: checked.promo }),
        }
      : null,
  }
}
