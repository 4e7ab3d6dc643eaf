// Writing to staff from the bot: "✍️ Написать нам" under Support waits a quarter of an hour for one message, which
// goes to the site's support address (Site settings) as an e-mail, with who wrote it (their Telegram, and the
// account linked to it: staff answer by e-mail to the account's address shown in it, or in Telegram by the link). One message a minute per user at most; the mail is retried until the mail server takes it.
import type { Payload } from 'payload'

import { shownEmail } from '@/lib/auth/telegramAccounts'
import { sqlPool } from '@/lib/db/pool'
import { renderMail } from '@/lib/mail/renderMail'
import type { RenderedMail } from '@/lib/mail/renderMail'
import type { User } from '@/payload-types'

/** How long the bot waits for the message after "write to us". */
const WAIT_MS = 15 * 60_000
/** One message to staff per user per minute. */
const EVERY_MS = 60_000
export const MAX_SUPPORT_TEXT = 3000

/** The bot now waits for this user's message to staff (and no longer for a promo code: one wait at a time). */
export async function awaitSupportMessage(payload: Payload, telegramId: number, now = new Date()): Promise<void> {
  await sqlPool(payload).query(
    `INSERT INTO telegram_chats (telegram_id, support_until, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (telegram_id) DO UPDATE SET support_until = excluded.support_until, promo_until = NULL, updated_at = excluded.updated_at`,
    [telegramId, new Date(now.getTime() + WAIT_MS)],
  )
}

export async function stopAwaitingSupport(payload: Payload, telegramId: number): Promise<void> {
  await sqlPool(payload).query('UPDATE telegram_chats SET support_until = NULL WHERE telegram_id = $1', [telegramId])
}

/**
 * Takes the user's message for staff if the bot waits for one: 'none' when it does not (the message is not for
 * staff), 'tooSoon' within a minute of the last one, else 'taken' (the wait ends).
 */
export async function takeSupportMessage(payload: Payload, telegramId: number, now = new Date()): Promise<'none' | 'tooSoon' | 'taken'> {
  const { rows } = await sqlPool(payload).query(
    `UPDATE telegram_chats SET support_until = NULL,
       support_sent_at = CASE WHEN support_sent_at IS NULL OR support_sent_at <= $3 THEN $2 ELSE support_sent_at END
     WHERE telegram_id = $1 AND support_until > $2
     RETURNING (support_sent_at = $2) AS taken`,
    [telegramId, now, new Date(now.getTime() - EVERY_MS)],
  )
  const row = rows[0] as { taken: boolean } | undefined
  return !row ? 'none' : row.taken ? 'taken' : 'tooSoon'
}

export type SupportSender = { id: number; username?: string; first_name: string; last_name?: string; language: string }

/** The e-mail to the support address: who wrote (and how to answer them) and what. */
export function supportMail({ from, account, text, siteName }: { from: SupportSender; account: User | null; text: string; siteName: string }): Promise<RenderedMail> {
  const name = [from.first_name, from.last_name].filter(Boolean).join(' ')
  const handle = from.username ? `@${from.username}` : `id ${from.id}`
  const chat = from.username ? `https://t.me/${from.username}` : `tg://user?id=${from.id}`
  const email = account ? shownEmail(account) : null
  const about = [
    `Telegram: ${name} (${handle}), ${chat}`,
    account ? `Аккаунт на сайте / Account: #${account.id}${email ? `, ${email}` : ' (только Telegram / Telegram only)'}` : 'Аккаунта на сайте нет / No account on the site',
    `Язык / Language: ${from.language}`,
  ]
  const body = text.slice(0, MAX_SUPPORT_TEXT)
  // To the site's staff: in the admin's language.
  return renderMail({ locale: 'ru', siteName, subject: `${siteName}: сообщение из Telegram от ${handle}`, body: { lines: about, quote: body }, text: [...about, '', body].join('\n') })
}
