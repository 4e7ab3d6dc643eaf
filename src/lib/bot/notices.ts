// A customer's notices (their subscription's payments and trial, their account's deletion) go where they take them:
// through the site's bot to an account linked to Telegram whose owner keeps Telegram notices on, else by e-mail as
// before. Decided when the notice is sent, so a link made or ended since counts. A user who blocked the bot gets the
// e-mail instead; a Telegram-only account without the bot gets nothing (it has no address to mail).
import { Api } from 'grammy'
import type { Payload } from 'payload'

import { isPlaceholderEmail } from '@/lib/auth/telegramAccounts'
import type { RenderedMail } from '@/lib/mail/templates'

import { refusedForGood } from './refusals'
import { siteBotConfig } from './config'
import type { SiteBotConfig } from './config'

/** Telegram's longest message. */
const MESSAGE_MAX_LENGTH = 4096

export type NoticeInput = { userId: number; to: string } & RenderedMail
export type NoticeDelivery = 'telegram' | 'email' | 'none'

/** The notice as a Telegram message: its subject, then its plain text. */
export function noticeText({ subject, text }: Pick<RenderedMail, 'subject' | 'text'>): string {
  const message = `${subject}\n\n${text.trim()}`
  return message.length <= MESSAGE_MAX_LENGTH ? message : `${message.slice(0, MESSAGE_MAX_LENGTH - 1)}…`
}

/** The Telegram chat an account's notices go to: its linked Telegram user's, where the owner keeps them on. */
async function noticeChat(payload: Payload, userId: number): Promise<number | null> {
  const user = await payload.findByID({ collection: 'users', id: userId, depth: 0, disableErrors: true })
  if (!user?.telegramId || user.telegramNotices === false) return null
  return Number(user.telegramId)
}

/** Sends one notice now; throws when neither way took it for a reason that may pass (the queue tries again). */
export async function deliverNotice(payload: Payload, notice: NoticeInput, config: SiteBotConfig | null = siteBotConfig()): Promise<NoticeDelivery> {
  const chat = config ? await noticeChat(payload, notice.userId) : null
  if (config && chat) {
    try {
      await new Api(config.token, { apiRoot: config.apiRoot }).sendMessage(chat, noticeText(notice), { link_preview_options: { is_disabled: true } })
      return 'telegram'
    } catch (error) {
      // The user blocked the bot (or never started it): the e-mail, as if they had no Telegram.
      if (!refusedForGood(error)) throw error
    }
  }
  if (isPlaceholderEmail(notice.to)) return 'none'
  await payload.sendEmail({ to: notice.to, subject: notice.subject, html: notice.html, text: notice.text })
  return 'email'
}

/** Sends a notice now, or queues it (retried until it goes) when that fails. */
export async function deliverNoticeOrQueue(payload: Payload, notice: NoticeInput): Promise<NoticeDelivery | 'queued'> {
  try {
    return await deliverNotice(payload, notice)
  } catch (error) {
    payload.logger.warn({ err: error, msg: `A notice for user ${notice.userId} not sent now; queued for retry` })
    await payload.jobs.queue({ task: 'sendNotice', input: notice })
    return 'queued'
  }
}
