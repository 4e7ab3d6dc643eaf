// Gifts in the site's bot (src/lib/gift's rules): bought for Stars ("🎁 Подарить" on the VIP screen: one payment for a
// plan's period, whatever the plan, its code then sent to the buyer's chat to forward), and redeemed by the link
// `t.me/<bot>?start=gift-CODE` into the Telegram user's account (made for them if new). Each code given counts against
// the user's allowance of code tries, as a network address's does on the site.
import { InlineKeyboard } from 'grammy'
import type { Payload } from 'payload'

import { accountForTelegramLogin } from '@/lib/auth/telegramAccounts'
import { formatMoney } from '@/lib/billing/rules/pricing'
import { starsInvoiceLink } from '@/lib/billing/providers/stars'
import { billingDate } from '@/lib/billing/rules/terms'
import { readPlans } from '@/lib/data/tariffs'
import { consumeBotAllowance, consumeBotPromoTry } from '@/lib/http/rateLimit'
import { redeemGift } from '@/lib/gift'
import { displayGiftCode, GIFT_START_PREFIX } from '@/lib/gift/rules'
import { siteUrl } from '@/lib/http/siteUrl'

import { escapeHtml, show } from './context'
import type { BotContext } from './context'
import { botStartLink } from './identity'

/** Redeems the linked code for the user who pressed Start; says what came of it. */
export async function redeemInBot(ctx: BotContext, payload: Payload, typed: string): Promise<void> {
  if (!ctx.from) return
  if (!(await consumeBotPromoTry(payload, ctx.from.id)).ok) {
    await ctx.reply(ctx.t('giftTooMany'))
    return
  }
  const user = await accountForTelegramLogin(payload, { id: ctx.from.id, username: ctx.from.username ?? null }, ctx.locale)
  const outcome = await redeemGift(payload, { code: typed, user })
  if (!outcome.ok) {
    await ctx.reply(ctx.t(outcome.refusal === 'usedByYou' ? 'giftUsedByYou' : 'giftInvalid'))
    return
  }
  const { currentPeriodEnd } = await payload.findByID({ collection: 'subscriptions', id: outcome.subscriptionId, depth: 0, select: { currentPeriodEnd: true } })
  const date = billingDate(currentPeriodEnd ?? new Date().toISOString(), ctx.locale)
  await ctx.reply(ctx.t(outcome.kind === 'new' ? 'giftRedeemedNew' : 'giftRedeemedExtend', { date }))
}

/** "🎁 Подарить": the plans sold for Stars, each as one payment for its period, for someone else. */
export async function showGiftPlans(ctx: BotContext): Promise<void> {
  const plans = (await readPlans(ctx.locale)).filter((plan) => plan.starsPrice !== null)
  const keyboard = new InlineKeyboard()
  for (const plan of plans) keyboard.text(ctx.t('giftPlanButton', { plan: plan.name, stars: formatMoney(plan.starsPrice!, 'XTR', ctx.locale) }), `gb:${plan.id}`).row()
  await show(ctx, escapeHtml(ctx.t('giftIntro')), keyboard.text(ctx.t('back'), 'vip'))
}

/** `gb:<plan>`: the invoice for a gift of the plan, made for the user who pressed (a subscriber may give one too). */
export async function sendGiftInvoice(ctx: BotContext, payload: Payload, invoiceSecret: string, planId: number): Promise<void> {
  const plan = (await readPlans(ctx.locale)).find((candidate) => candidate.id === planId)
  if (!plan?.starsPrice || !ctx.from) {
    await ctx.answerCallbackQuery({ text: ctx.t('starsNotOnSale') })
    return
  }
  if (!(await consumeBotAllowance(payload, 'botCostly', ctx.from.id)).ok) {
    await ctx.answerCallbackQuery({ text: ctx.t('tooFast') })
    return
  }
  await ctx.answerCallbackQuery()
  const stars = formatMoney(plan.starsPrice, 'XTR', ctx.locale)
  const link = await starsInvoiceLink(ctx.api, invoiceSecret, {
    plan,
    stars: plan.starsPrice,
    telegramId: ctx.from.id,
    title: ctx.t('giftInvoiceTitle', { plan: plan.name }),
    description: ctx.t('giftInvoiceText', { plan: plan.name, months: plan.months, stars }),
    gift: true,
  })
  const keyboard = new InlineKeyboard().url(ctx.t('payButton', { stars }), link).row().text(ctx.t('back'), 'gift')
  await ctx.reply(escapeHtml(ctx.t('giftInvoice', { plan: plan.name, stars })), { parse_mode: 'HTML', reply_markup: keyboard })
}

/** The paid gift's message, to forward: the code, and where to redeem it (the bot's link, and the site's). */
export async function sendGiftCode(ctx: BotContext, code: string): Promise<void> {
  const links = [ctx.me.username ? botStartLink(ctx.me.username, `${GIFT_START_PREFIX}${code}`) : null, siteUrl('/gift', ctx.locale, { code })].filter((link) => link !== null)
  const lines = [escapeHtml(ctx.t('giftPaid')), '', `<code>${displayGiftCode(code)}</code>`, '', escapeHtml(ctx.t('giftRedeemAt')), ...links.map((link) => escapeHtml(link))]
  await ctx.reply(lines.join('\n'), { parse_mode: 'HTML' })
}
