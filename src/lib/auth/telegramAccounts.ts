// Accounts and Telegram. A Telegram user signs in with the Login Widget (./telegramLoginWidget.ts's check) and gets an account
// without an e-mail when they have none: Payload's accounts need an address, so theirs is a placeholder on the
// reserved `.invalid` domain (RFC 2606), to which no mail is ever sent (src/lib/mail/fromSiteName.ts) and which the
// pages never show. A signed-in user links their Telegram the other way, with a one-time link to the bot (`/start`
// with a token made for their account), which proves both sides: the site's session made the token, Telegram says
// who pressed Start. The Login Widget never links an existing account (a link someone is sent could otherwise attach
// the sender's Telegram to the victim's account); it only signs in.
import type { Payload } from 'payload'

import type { Locale } from '@/i18n/locales'
import type { TelegramLogin } from '@/lib/auth/telegramLoginWidget'
import type { User } from '@/payload-types'

import { unusablePassword } from './session'
import { consumeToken, issueToken } from './tokens'

import { isPlaceholderEmail, telegramPlaceholderEmail } from './placeholderEmail'

export { isPlaceholderEmail, TELEGRAM_EMAIL_DOMAIN, telegramPlaceholderEmail } from './placeholderEmail'

/** The address to show for an account: none for a Telegram-only one. */
export function shownEmail(user: Pick<User, 'email'>): string | null {
  return isPlaceholderEmail(user.email) ? null : user.email
}

export async function accountByTelegram(payload: Payload, telegramId: number): Promise<User | null> {
  const found = await payload.find({ collection: 'users', where: { telegramId: { equals: String(telegramId) } }, limit: 1, depth: 0 })
  return found.docs[0] ?? null
}

/**
 * The account a Login Widget sign-in opens: the one linked to that Telegram user, or a new Telegram-only account.
 * The Telegram username is kept current (staff see it; the account pages show it).
 */
export async function accountForTelegramLogin(payload: Payload, login: Pick<TelegramLogin, 'id' | 'username'>, locale: Locale): Promise<User> {
  const linked = await accountByTelegram(payload, login.id)
  if (linked) {
    if ((linked.telegramUsername ?? null) === login.username) return linked
    return payload.update({ collection: 'users', id: linked.id, data: { telegramUsername: login.username }, depth: 0 })
  }
  try {
    return await payload.create({
      collection: 'users',
      data: {
        email: telegramPlaceholderEmail(login.id),
        password: unusablePassword(),
        role: 'customer',
        locale,
        emailVerified: false,
        telegramId: String(login.id),
        telegramUsername: login.username,
      },
      depth: 0,
    })
  } catch (error) {
    // Two sign-ins of the same new user at once: the other made the account.
    const made = await accountByTelegram(payload, login.id)
    if (made) return made
    throw error
  }
}

/** The bot's one-time link for `user`: `https://t.me/<bot>?start=link_<token>`, valid for the e-mail links' quarter hour. */
export async function telegramLinkToken(payload: Payload, user: User, locale: Locale): Promise<string> {
  return issueToken(payload, { purpose: 'telegram-link', email: user.email, userId: user.id, locale })
}

/** The `/start` parameter of a link made by telegramLinkToken (Telegram allows 64 characters of A–Z, a–z, 0–9, _ and -). */
export const LINK_START_PREFIX = 'link_'

export type LinkOutcome =
  | { kind: 'linked'; user: User }
  /** Already linked to this account: nothing changed. */
  | { kind: 'already'; user: User }
  /** This Telegram user has another account on the site: it is not moved (sign in with Telegram to use it). */
  | { kind: 'taken' }
  | { kind: 'expired' }

/**
 * Links the Telegram user who pressed Start to the account the token was made for. The token is used up whatever
 * happens next; a Telegram user linked to another account stays there.
 */
export async function linkTelegram(payload: Payload, token: string, telegram: { id: number; username: string | null }): Promise<LinkOutcome> {
  const consumed = await consumeToken(payload, token, ['telegram-link'])
  if (!consumed?.userId) return { kind: 'expired' }
  const owner = await payload.findByID({ collection: 'users', id: consumed.userId, depth: 0, disableErrors: true })
  if (!owner || owner.deletionRequestedAt) return { kind: 'expired' }
  const linked = await accountByTelegram(payload, telegram.id)
  if (linked && linked.id !== owner.id) return { kind: 'taken' }
  if (linked) return { kind: 'already', user: linked }
  try {
    const user = await payload.update({ collection: 'users', id: owner.id, data: { telegramId: String(telegram.id), telegramUsername: telegram.username }, depth: 0 })
    return { kind: 'linked', user }
  } catch {
    // The unique index: the same Telegram user linked elsewhere a moment ago.
    return { kind: 'taken' }
  }
}

/**
 * Unlinks Telegram from an account that has an e-mail to sign in with. A Telegram-only account keeps its link: it
 * would have no way in left.
 */
export async function unlinkTelegram(payload: Payload, user: User): Promise<boolean> {
  if (!user.telegramId || isPlaceholderEmail(user.email)) return false
  await payload.update({ collection: 'users', id: user.id, data: { telegramId: null, telegramUsername: null }, depth: 0 })
  return true
}
