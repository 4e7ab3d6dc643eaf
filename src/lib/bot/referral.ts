// Referral links in the site's bot: `t.me/<bot>?start=ref-CODE` keeps the code for the Telegram user
// (telegram_chats.referral_code, migrations/…_referrals.ts); their first Stars purchase then names its owner as the
// referrer (src/lib/billing/providers/stars.ts), under the same rules as the site's (src/lib/referral). A later link replaces
// an earlier one, as the site's cookie does.
import type { Payload } from 'payload'

import { sqlPool } from '@/lib/db/pool'
import { referrerOf } from '@/lib/referral'
import { normalizeReferralCode } from '@/lib/referral/rules'

/** The `/start` parameter of a referral link: `ref-k7m2x9qa`. */
export const REFERRAL_START_PREFIX = 'ref-'

/** Keeps the code a link brought; false when it is no code. */
export async function keepReferral(payload: Payload, telegramId: number, typed: string): Promise<boolean> {
  const code = normalizeReferralCode(typed)
  if (!code) return false
  await sqlPool(payload).query(
    `INSERT INTO telegram_chats (telegram_id, referral_code, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (telegram_id) DO UPDATE SET referral_code = excluded.referral_code, updated_at = excluded.updated_at`,
    [telegramId, code],
  )
  return true
}

/** The account whose link this Telegram user came by; null for none. */
export async function referrerOfChat(payload: Payload, telegramId: number): Promise<number | null> {
  const { rows } = await sqlPool(payload).query('SELECT referral_code FROM telegram_chats WHERE telegram_id = $1', [telegramId])
  return referrerOf(payload, (rows[0] as { referral_code?: unknown } | undefined)?.referral_code)
}
