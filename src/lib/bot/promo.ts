// Promo codes in the site's bot: a code comes by the link `t.me/<bot>?start=promo-CODE` or is typed after
// "🎟 Промокод" on the VIP screen, and is kept for the Telegram user (telegram_chats, migrations/…_bot_promo.ts) until
// they remove it or buy. The same rules as the site's (src/lib/promo): the VIP screen shows each plan's price in
// Stars after the code, and its invoice is made at that price (./starsInvoice.ts). Each code tried counts against
// the user's allowance, as a network address's does on the site.
import type { Payload } from 'payload'

import { accountByTelegram } from '@/lib/auth/telegramAccounts'
import { sqlPool } from '@/lib/db/pool'
import { consumeBotPromoTry } from '@/lib/http/rateLimit'
import { checkPromo, promoBuyerOf } from '@/lib/promo'
import type { FoundPromo } from '@/lib/promo'
import { normalizePromoCode, starsFirstPurchase } from '@/lib/promo/rules'
import type { PromoRefusal } from '@/lib/promo/rules'

/** How long the bot waits for the code after "🎟 Промокод". */
const WAIT_MS = 15 * 60_000

/** The `/start` parameter of a promo link: `promo-SPRING25`. */
export const PROMO_START_PREFIX = 'promo-'

export async function keptPromo(payload: Payload, telegramId: number): Promise<string | null> {
  const { rows } = await sqlPool(payload).query('SELECT promo_code FROM telegram_chats WHERE telegram_id = $1', [telegramId])
  return normalizePromoCode((rows[0] as { promo_code?: unknown } | undefined)?.promo_code)
}

/** Keeps `code` (null: forgets the one kept) and stops waiting for one. */
export async function keepPromo(payload: Payload, telegramId: number, code: string | null): Promise<void> {
  await sqlPool(payload).query(
    `INSERT INTO telegram_chats (telegram_id, promo_code, promo_until, updated_at) VALUES ($1, $2, NULL, now())
     ON CONFLICT (telegram_id) DO UPDATE SET promo_code = excluded.promo_code, promo_until = NULL, updated_at = excluded.updated_at`,
    [telegramId, code],
  )
}

/** The bot now waits for this user's code (and no longer for a message to staff: one wait at a time). */
export async function awaitPromo(payload: Payload, telegramId: number, now = new Date()): Promise<void> {
  await sqlPool(payload).query(
    `INSERT INTO telegram_chats (telegram_id, promo_until, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (telegram_id) DO UPDATE SET promo_until = excluded.promo_until, support_until = NULL, updated_at = excluded.updated_at`,
    [telegramId, new Date(now.getTime() + WAIT_MS)],
  )
}

/** "Отмена" under the prompt: the bot waits for no code. */
export async function stopAwaitingPromo(payload: Payload, telegramId: number): Promise<void> {
  await sqlPool(payload).query('UPDATE telegram_chats SET promo_until = NULL WHERE telegram_id = $1', [telegramId])
}

/** Whether the bot waited for this user's code (the wait ends): then their message is the code. */
export async function takeAwaitedPromo(payload: Payload, telegramId: number, now = new Date()): Promise<boolean> {
  const { rowCount } = await sqlPool(payload).query('UPDATE telegram_chats SET promo_until = NULL WHERE telegram_id = $1 AND promo_until > $2', [telegramId, now])
  return rowCount === 1
}

/** A code given to the bot, as typed or linked: counted, then kept if it is one; else why not. */
export async function givePromo(payload: Payload, telegramId: number, typed: string): Promise<{ ok: true; code: string } | { ok: false; error: 'promoInvalid' | 'promoTooMany' }> {
  if (!(await consumeBotPromoTry(payload, telegramId)).ok) return { ok: false, error: 'promoTooMany' }
  const code = normalizePromoCode(typed)
  if (!code) return { ok: false, error: 'promoInvalid' }
  await keepPromo(payload, telegramId, code)
  return { ok: true, code }
}

/** A plan as the bot sells it for Stars. */
export type StarsPlanOnSale = { id: number; trialDays: number; totalKopecks: number; starsPrice: number | null }

/** A plan's Stars price with the user's code: the price after it and what it adds, with the code; null where it does not apply. */
export type StarsDeal = { stars: number; extraDays: number; promo: FoundPromo }

/**
 * What the kept code makes of each plan sold for Stars, for this Telegram user (their account's own uses and history):
 * the deals by plan, and, where it applies to none, why (for the first plan it was tried on).
 */
export async function starsDeals(payload: Payload, telegramId: number, code: string, plans: readonly StarsPlanOnSale[]): Promise<{ deals: Map<number, StarsDeal>; refusal: PromoRefusal | null }> {
  const buyer = await promoBuyerOf(payload, (await accountByTelegram(payload, telegramId))?.id ?? null)
  const deals = new Map<number, StarsDeal>()
  let refusal: PromoRefusal | null = null
  for (const plan of plans) {
    if (plan.starsPrice === null) continue
    const checked = await checkPromo(payload, code, { plan: { id: plan.id, trialDays: plan.trialDays }, buyer })
    const first = checked.ok ? starsFirstPurchase({ priceKopecks: plan.totalKopecks, stars: plan.starsPrice }, checked.promo.offer) : null
    if (checked.ok && first) deals.set(plan.id, { stars: first.stars, extraDays: first.extraDays, promo: checked.promo })
    else refusal ??= checked.ok ? 'notInStars' : checked.refusal
  }
  return { deals, refusal: deals.size > 0 ? null : refusal }
}
