// The site's bot for visitors and subscribers (./bot.ts), apart from the staff alert bot (src/lib/alerts): its token
// from @BotFather (TELEGRAM_SITE_BOT_TOKEN), the Bot API server (TELEGRAM_API_URL, as the alerts use), and the
// secret Telegram sends with each update (derived from PAYLOAD_SECRET: nothing more to configure, the same on every
// instance, and changed with it).
import { createHmac, timingSafeEqual } from 'node:crypto'

import { TELEGRAM_API_URL } from '@/lib/alerts/telegram'
import { env } from '@/lib/env'
import type { Env } from '@/lib/env'

/** `invoiceSecret` signs the bot's Stars invoices (src/lib/billing/providers/stars.ts): kept across a new token, as renewals are. */
export type SiteBotConfig = { token: string; apiRoot: string; secret: string; invoiceSecret: string }

/** The key the bot's Stars invoices are signed with, from PAYLOAD_SECRET. */
export function invoiceSecret(payloadSecret: string): string {
  return createHmac('sha256', payloadSecret).update('telegram-stars-invoices').digest('base64url')
}

/** Telegram's secret_token: 1–256 characters of A–Z, a–z, 0–9, _ and -. */
export function webhookSecret(payloadSecret: string, token: string): string {
  return createHmac('sha256', payloadSecret).update(`telegram-webhook:${token}`).digest('base64url')
}

/** The bot's settings, or null when no token is set (the webhook then answers 404 and nothing else changes). */
export function siteBotConfig(): SiteBotConfig | null {
  const settings = env()
  const token = settings.TELEGRAM_SITE_BOT_TOKEN
  if (!token) return null
  const payloadSecret = settings.PAYLOAD_SECRET ?? token
  return { token, apiRoot: (settings.TELEGRAM_API_URL ?? TELEGRAM_API_URL).replace(/\/+$/, ''), secret: webhookSecret(payloadSecret, token), invoiceSecret: invoiceSecret(payloadSecret) }
}

/** Whether the header Telegram sent is the bot's secret (compared in constant time). */
export function secretMatches(sent: string | null, secret: string): boolean {
  if (sent === null) return false
  const given = Buffer.from(sent)
  const expected = Buffer.from(secret)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * Whether the bot leads to the site's purchase form: where the site takes payments and the operator allowed it
 * (TELEGRAM_BOT_SITE_CHECKOUT; else the bot sells for Stars only, as Telegram's rules for digital goods ask).
 */
export function sellsOnSiteInBot(settings: Pick<Env, 'billing' | 'TELEGRAM_BOT_SITE_CHECKOUT'> = env()): boolean {
  return settings.billing !== 'disabled' && settings.TELEGRAM_BOT_SITE_CHECKOUT
}
