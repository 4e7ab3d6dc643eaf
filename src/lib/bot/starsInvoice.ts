// A plan sold for Telegram Stars, in the bot's words: what buying it means (renewed by Telegram every 30 days, or one
// period) and the invoice Telegram's payment form opens, made for one Telegram user. The bot's VIP screen and the Mini
// App's plans page (api/telegram/stars-invoice) make the same invoice.
import { Api } from 'grammy'
import type { Payload } from 'payload'

import type { Locale } from '@/i18n/locales'
import { vipSubscriptionOf } from '@/lib/billing/record/account'
import { formatMoney } from '@/lib/billing/rules/pricing'
import { renewsInStars, starsInvoiceLink } from '@/lib/billing/providers/stars'
import { readPlans } from '@/lib/data/tariffs'
import { consumeBotAllowance } from '@/lib/http/rateLimit'
import { promoError } from '@/lib/browser/purchaseForm'
import { tariffsTranslator } from '@/lib/promo/texts'
import type { User } from '@/payload-types'

import type { SiteBotConfig } from './config'
import { givePromo, starsDeals } from './promo'
import type { StarsDeal } from './promo'
import { botTranslator } from './context'
import type { BotTranslator } from './context'

export type StarsPlan = { id: number; name: string; months: number; starsPrice: number }

/**
 * What buying a plan for Stars means: renewed by Telegram every 30 days (monthly), or one period; with a promo code
 * (`deal`, src/lib/bot/promo.ts), one payment at the price after it, for the period and the days it adds.
 */
export function starsTerms(t: BotTranslator, locale: Locale, plan: Pick<StarsPlan, 'months' | 'starsPrice'>, deal: StarsDeal | null = null): string {
  if (deal) return t('starsPromo', { stars: formatMoney(deal.stars, 'XTR', locale), months: plan.months, extraDays: deal.extraDays })
  const stars = formatMoney(plan.starsPrice, 'XTR', locale)
  return renewsInStars(plan.months) ? t('starsRenewing', { stars }) : t('starsOnce', { stars, months: plan.months })
}

/** The link to Telegram's payment form for `plan` (at a promo code's price, with `deal`), for the Telegram user `telegramId`, in the user's language. */
export function starsInvoiceFor(api: Api, secret: string, { plan, telegramId, locale, deal = null }: { plan: StarsPlan; telegramId: number; locale: Locale; deal?: StarsDeal | null }): Promise<string> {
  const t = botTranslator(locale)
  return starsInvoiceLink(api, secret, {
    plan,
    stars: deal?.stars ?? plan.starsPrice,
    telegramId,
    title: t('starsInvoiceTitle', { plan: plan.name }),
    description: starsTerms(t, locale, plan, deal),
    promo: deal ? { id: deal.promo.id, extraDays: deal.extraDays } : null,
  })
}

export type MiniAppInvoice = { ok: true; url: string } | { ok: false; error: 'unavailable' | 'notOnSale' | 'alreadyVip' | 'tooFast' } | { ok: false; error: 'promo'; message: string }

/**
 * The invoice the Mini App's plans page opens (api/telegram/stars-invoice): for the Telegram user the signed-in
 * account is linked to, never one the request names; refused where there is no bot or no link, the plan is not sold
 * for Stars, the account has VIP already, or it asked too often (the bot's own allowance).
 */
export async function miniAppInvoice(
  payload: Payload,
  config: SiteBotConfig | null,
  { user, planId, locale, promo = '' }: { user: User; planId: number; locale: Locale; promo?: string },
): Promise<MiniAppInvoice> {
  const telegramId = Number(user.telegramId)
  if (!config || !user.telegramId || !Number.isSafeInteger(telegramId)) return { ok: false, error: 'unavailable' }
  const found = (await readPlans(locale)).find((plan) => plan.id === planId)
  if (!found || found.starsPrice === null) return { ok: false, error: 'notOnSale' }
  if (await vipSubscriptionOf(payload, user.id)) return { ok: false, error: 'alreadyVip' }
  if (!(await consumeBotAllowance(payload, 'botCostly', telegramId)).ok) return { ok: false, error: 'tooFast' }
  const plan = { ...found, starsPrice: found.starsPrice }
  // The form's promo code, checked again for this account: the invoice at the price after it, or why it cannot be.
  let deal: StarsDeal | null = null
  if (promo.trim()) {
    const given = await givePromo(payload, telegramId, promo)
    const { deals, refusal } = given.ok ? await starsDeals(payload, telegramId, given.code, [plan]) : { deals: new Map<number, StarsDeal>(), refusal: null }
    deal = deals.get(plan.id) ?? null
    if (!deal) return { ok: false, error: 'promo', message: tariffsTranslator(locale)(given.ok ? promoError(refusal ?? 'invalid') : given.error) }
  }
  return { ok: true, url: await starsInvoiceFor(new Api(config.token, { apiRoot: config.apiRoot }), config.invoiceSecret, { plan, telegramId, locale, deal }) }
}
