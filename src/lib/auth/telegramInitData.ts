// A Telegram Mini App's launch data (`initData`, https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app):
// the query string Telegram hands the app, with the user, `auth_date` and `hash`. It is Telegram's when `hash` is the
// hex HMAC-SHA-256 of the data-check-string (every other field, sorted, `key=value` per line: the Login Widget's
// rule) under HMAC-SHA-256("WebAppData", the bot's token); it is taken only within a day of `auth_date`.
import { createHmac, timingSafeEqual } from 'node:crypto'

import { z } from 'zod'

import { dataCheckString, LOGIN_MAX_AGE_SECONDS } from './telegramLoginWidget'
import type { TelegramLogin } from './telegramLoginWidget'

/** Telegram's launch data is a few hundred bytes; more is not Telegram's. */
export const INIT_DATA_MAX_LENGTH = 4096
const CLOCK_DRIFT_SECONDS = 5 * 60

const TelegramUser = z.object({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  first_name: z.string().max(256).catch(''),
  last_name: z.string().max(256).optional(),
  username: z.string().max(64).optional(),
  language_code: z.string().max(16).optional(),
})

export type MiniAppLaunch = TelegramLogin & { languageCode: string | null; startParam: string | null; hash: string }

export type InitDataCheck = { ok: true; launch: MiniAppLaunch } | { ok: false; reason: 'malformed' | 'signature' | 'stale' }

/** The hash Telegram gives these fields for this bot's Mini App. */
export function initDataHash(fields: Record<string, string>, botToken: string): string {
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest()
  return createHmac('sha256', secret).update(dataCheckString(fields)).digest('hex')
}

export function checkInitData(initData: string, botToken: string, now: Date = new Date()): InitDataCheck {
  if (initData.length === 0 || initData.length > INIT_DATA_MAX_LENGTH) return { ok: false, reason: 'malformed' }
  const params = new URLSearchParams(initData)
  const fields: Record<string, string> = {}
  for (const [key, value] of params) {
    // A field twice, or a name no Telegram field has: not what Telegram sends.
    if (key in fields || !/^[a-z_]{1,32}$/.test(key) || value.includes('\n')) return { ok: false, reason: 'malformed' }
    fields[key] = value
  }
  const { hash, auth_date: authDate, user } = fields
  if (!hash || !/^[0-9a-f]{64}$/.test(hash) || !authDate || !/^\d{1,12}$/.test(authDate) || !user) return { ok: false, reason: 'malformed' }
  const expected = Buffer.from(initDataHash(fields, botToken), 'hex')
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return { ok: false, reason: 'signature' }
  const age = now.getTime() / 1000 - Number(authDate)
  if (age > LOGIN_MAX_AGE_SECONDS || age < -CLOCK_DRIFT_SECONDS) return { ok: false, reason: 'stale' }
  let parsed: z.infer<typeof TelegramUser>
  try {
    parsed = TelegramUser.parse(JSON.parse(user))
  } catch {
    return { ok: false, reason: 'malformed' }
  }
  return {
    ok: true,
    launch: {
      id: parsed.id,
      firstName: parsed.first_name,
      lastName: parsed.last_name ?? null,
      username: parsed.username ?? null,
      authDate: new Date(Number(authDate) * 1000),
      languageCode: parsed.language_code ?? null,
      startParam: fields.start_param ?? null,
      hash,
    },
  }
}
