// What the bot keeps, outside Payload's collections (raw tables, migrations/…_site_bot.ts):
// - telegram_updates: each update's id once, so one update is handled once whichever instance Telegram reaches and
//   however often it is sent again; a day's worth is kept (Telegram gives up on an update long before).
// - telegram_chats: the language a Telegram user chose in the bot, and whether they take the site's news (in which
//   language), keyed by their Telegram id.
// - telegram_launches: the hash of each Mini App launch and Login Widget answer that opened a session, so the same
//   data cannot open another (a copy of it from someone's screen or logs); kept a day, as long as the data is taken.
import type { Payload } from 'payload'

import { isLocale } from '@/i18n/locales'
import type { Locale } from '@/i18n/locales'
import { sqlPool } from '@/lib/db/pool'

/** Claims an update for this instance: false when it was handled (or is being handled) already. */
export async function claimUpdate(payload: Payload, updateId: number): Promise<boolean> {
  const { rowCount } = await sqlPool(payload).query('INSERT INTO telegram_updates (update_id, received_at) VALUES ($1, now()) ON CONFLICT DO NOTHING', [updateId])
  return rowCount === 1
}

/** Gives a claimed update back after its handling failed, so Telegram's next delivery of it is handled. */
export async function releaseUpdate(payload: Payload, updateId: number): Promise<void> {
  await sqlPool(payload).query('DELETE FROM telegram_updates WHERE update_id = $1', [updateId])
}

/** Forgets the updates and Mini App launches of more than a day ago (the hourly job). */
export async function forgetTelegramUpdates(payload: Payload, now: Date = new Date()): Promise<number> {
  const dayAgo = new Date(now.getTime() - 24 * 3_600_000)
  const updates = await sqlPool(payload).query('DELETE FROM telegram_updates WHERE received_at < $1', [dayAgo])
  // A launch is taken for a day after Telegram signed it, and claimed at most that long after.
  const launches = await sqlPool(payload).query('DELETE FROM telegram_launches WHERE used_at < $1', [dayAgo])
  return (updates.rowCount ?? 0) + (launches.rowCount ?? 0)
}

/** Claims a Mini App launch or a Login Widget answer (its hash) for one session: false when it opened one already. */
export async function claimLaunch(payload: Payload, hash: string): Promise<boolean> {
  const { rowCount } = await sqlPool(payload).query('INSERT INTO telegram_launches (hash, used_at) VALUES ($1, now()) ON CONFLICT DO NOTHING', [hash])
  return rowCount === 1
}

export async function chosenLanguage(payload: Payload, telegramId: number): Promise<Locale | null> {
  const { rows } = await sqlPool(payload).query('SELECT language FROM telegram_chats WHERE telegram_id = $1', [telegramId])
  const language: unknown = (rows[0] as { language?: unknown } | undefined)?.language
  return isLocale(language) ? language : null
}

export async function chooseLanguage(payload: Payload, telegramId: number, language: Locale): Promise<void> {
  await sqlPool(payload).query(
    // The news come in the language the user reads the bot in (./broadcasts.ts).
    `INSERT INTO telegram_chats (telegram_id, language, news_language, updated_at) VALUES ($1, $2, $2, now())
     ON CONFLICT (telegram_id) DO UPDATE SET language = excluded.language, news_language = excluded.news_language, updated_at = excluded.updated_at`,
    [telegramId, language],
  )
}
