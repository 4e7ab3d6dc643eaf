// Changing a signed-in user's e-mail: a confirmation link goes to the new address; once it is
// confirmed the address changes and the previous one is told.
import type { Payload } from 'payload'

import type { Locale } from '@/i18n/locales'
import { siteUrl } from '@/lib/http/siteUrl'
import { deliverMail } from '@/lib/mail/deliver'
import { renderAddressTakenNotice, renderEmailChangedNotice, renderLinkMail } from '@/lib/mail/templates'
import type { RenderedMail } from '@/lib/mail/templates'
import type { User } from '@/payload-types'

import { issueToken } from './tokens'

export type ChangeEmailResult = { ok: true } | { ok: false; error: 'emailChangeFailed' | 'mailFailed' }

async function ownerOf(payload: Payload, email: string): Promise<User | undefined> {
  return (await payload.find({ collection: 'users', where: { email: { equals: email } }, limit: 1, depth: 0 })).docs[0]
}

async function isTaken(payload: Payload, email: string, exceptUserId?: number): Promise<boolean> {
  const owner = await ownerOf(payload, email)
  return Boolean(owner && owner.id !== exceptUserId)
}

export async function requestEmailChange(payload: Payload, user: User, newEmail: string, locale: Locale, origin: string): Promise<ChangeEmailResult> {
  if (newEmail === user.email) return { ok: false, error: 'emailChangeFailed' }
  const delivery = await deliverMail(payload, newEmail, await changeMail(payload, user, newEmail, locale, origin))
  return delivery === 'failed' ? { ok: false, error: 'mailFailed' } : { ok: true }
}

/**
 * The confirmation link, or, for an address another account uses, a notice to its owner in their language: the
 * same answer on screen either way (whose address it is is nobody else's business), and nothing changes.
 */
async function changeMail(payload: Payload, user: User, newEmail: string, locale: Locale, origin: string): Promise<RenderedMail> {
  const owner = await ownerOf(payload, newEmail)
  const mailLocale: Locale = owner ? (owner.locale === 'en' ? 'en' : 'ru') : locale
  const { siteName, supportEmail } = await payload.findGlobal({ slug: 'site-settings', locale: mailLocale, depth: 0 })
  if (owner) return renderAddressTakenNotice({ locale: mailLocale, siteName, supportEmail })
  const token = await issueToken(payload, { purpose: 'change-email', email: user.email, userId: user.id, newEmail, locale })
  return renderLinkMail({ kind: 'changeEmail', locale, siteName, link: siteUrl(`/verify-email/${token}`, locale, undefined, origin) })
}

/** Applies a confirmed change; false when the address was taken meanwhile or the account is gone. */
export async function applyEmailChange(payload: Payload, { userId, newEmail, locale }: { userId: number; newEmail: string; locale: Locale }): Promise<boolean> {
  const user = await payload.findByID({ collection: 'users', id: userId, depth: 0, disableErrors: true })
  if (!user || (await isTaken(payload, newEmail, userId))) return false
  const previous = user.email
  await payload.update({ collection: 'users', id: userId, data: { email: newEmail, emailVerified: true }, depth: 0 })
  const settings = await payload.findGlobal({ slug: 'site-settings', locale, depth: 0 })
  await deliverMail(
    payload,
    previous,
    await renderEmailChangedNotice({ locale, siteName: settings.siteName, newEmail, supportEmail: settings.supportEmail }),
  )
  return true
}
