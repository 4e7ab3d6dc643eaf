// What every screen of the site's bot shares (./bot.ts, ./subscription.ts): the context with the user's language,
// the texts, HTML escaping, how a screen is shown, and the subscriber behind a Telegram user.
import { GrammyError } from 'grammy'
import type { Context, InlineKeyboard } from 'grammy'
import { createTranslator } from 'next-intl'
import type { Payload } from 'payload'

import type { Locale } from '@/i18n/locales'
import en from '@/i18n/messages/en.json'
import ru from '@/i18n/messages/ru.json'
import { accountByTelegram } from '@/lib/auth/telegramAccounts'
import { vipSubscriptionOf } from '@/lib/billing/record/account'
import type { Subscription, User } from '@/payload-types'

import { refusedForGood } from './refusals'

export function botTranslator(locale: Locale) {
  return createTranslator({ locale, messages: locale === 'en' ? en : ru, namespace: 'Bot' })
}
export type BotTranslator = ReturnType<typeof botTranslator>

export type BotContext = Context & { locale: Locale; t: BotTranslator }

/** Text for Telegram's HTML (which knows &amp;, &lt; and &gt;). */
export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The site's account linked to this Telegram user, and its subscription that gives VIP now (none when not linked). */
export async function linkedSubscriber(payload: Payload, telegramId: number | undefined): Promise<{ user: User; subscription: Subscription | null } | null> {
  const user = telegramId ? await accountByTelegram(payload, telegramId) : null
  if (!user || user.deletionRequestedAt) return null
  return { user, subscription: await vipSubscriptionOf(payload, user.id) }
}

/**
 * Edits the message a button sits on, or sends a new one when there is none to edit (a command) or it cannot be
 * edited (a photo, a message too old); the same text again ("message is not modified") is left as it is.
 */
export async function show(ctx: BotContext, text: string, keyboard: InlineKeyboard): Promise<void> {
  const options = { reply_markup: keyboard, parse_mode: 'HTML', link_preview_options: { is_disabled: true } } as const
  if (ctx.callbackQuery?.message) {
    try {
      await ctx.editMessageText(text, options)
      return
    } catch (error) {
      if (!refusedForGood(error)) throw error
      if (error instanceof GrammyError && /not modified/i.test(error.description)) return
    }
  }
  await ctx.reply(text, options)
}
