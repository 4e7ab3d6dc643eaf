// Telegram's Login Widget (https://core.telegram.org/widgets/login#checking-authorization): the widget sends the
// visitor back with their Telegram id, names, photo, `auth_date` and `hash`. The data is Telegram's when `hash` is the
// hex HMAC-SHA-256 of the data-check-string (every other field as `key=value`, sorted by key, joined by "\n") under
// the SHA-256 of the bot's token. It is taken only within a day of `auth_date` (a link someone kept or sent on is no
// sign-in later), and never from the future beyond a clock's drift.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

/** How old a widget's answer may be: Telegram's own advice is to refuse outdated data; a day, as for a Mini App. */
export const LOGIN_MAX_AGE_SECONDS = 24 * 60 * 60
/** Clocks differ a little: an `auth_date` this far ahead of ours still counts. */
const CLOCK_DRIFT_SECONDS = 5 * 60

export type TelegramLogin = { id: number; firstName: string; lastName: string | null; username: string | null; authDate: Date }

export type LoginCheck = { ok: true; login: TelegramLogin } | { ok: false; reason: 'malformed' | 'signature' | 'stale' }

/** The data-check-string of the fields (all but `hash`). */
export function dataCheckString(fields: Record<string, string>): string {
  return Object.keys(fields)
    .filter((key) => key !== 'hash')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n')
}

/** The hash Telegram gives these fields for this bot. */
export function loginHash(fields: Record<string, string>, botToken: string): string {
  const secret = createHash('sha256').update(botToken).digest()
  return createHmac('sha256', secret).update(dataCheckString(fields)).digest('hex')
}

/** The widget's fields: a handful of short strings (Telegram sends seven at most today; a few more are allowed). */
function isFieldSet(fields: Record<string, unknown>): fields is Record<string, string> {
  const entries = Object.entries(fields)
  return entries.length <= 16 && entries.every(([key, value]) => /^[a-z_]{1,32}$/.test(key) && typeof value === 'string' && value.length <= 512 && !value.includes('\n'))
}

export function checkLogin(fields: Record<string, unknown>, botToken: string, now: Date = new Date()): LoginCheck {
  if (!isFieldSet(fields)) return { ok: false, reason: 'malformed' }
  const { id, hash, auth_date: authDate, first_name: firstName } = fields
  if (!id || !/^[1-9]\d{0,15}$/.test(id) || !hash || !/^[0-9a-f]{64}$/.test(hash) || !authDate || !/^\d{1,12}$/.test(authDate)) {
    return { ok: false, reason: 'malformed' }
  }
  const expected = Buffer.from(loginHash(fields, botToken), 'hex')
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return { ok: false, reason: 'signature' }
  const age = now.getTime() / 1000 - Number(authDate)
  if (age > LOGIN_MAX_AGE_SECONDS || age < -CLOCK_DRIFT_SECONDS) return { ok: false, reason: 'stale' }
  return {
    ok: true,
    login: {
      id: Number(id),
      firstName: firstName ?? '',
      lastName: fields.last_name ?? null,
      username: fields.username ?? null,
      authDate: new Date(Number(authDate) * 1000),
    },
  }
}
