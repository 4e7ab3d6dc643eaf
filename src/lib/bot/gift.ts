// Gift codes in the site's bot: the link `t.me/<bot>?start=gift-CODE` (in the gift e-mail beside the site's) redeems the
// code into the Telegram user's account (made for them if new), under the site's rules (src/lib/gift). Each code given
// counts against the user's allowance of code tries, as a network address's does on the site.
import type { Payload } from 'payload'

import { accountForTelegramLogin } from '@/lib/auth/telegramAccounts'
import { billingDate } from '@/lib/billing/terms'
import { redeemGift } from '@/lib/gift'
import { GIFT_START_PREFIX } from '@/lib/gift/rules'
import { consumeBotPromoTry } from '@/lib/http/rateLimit'

import type { BotContext } from './context'

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
