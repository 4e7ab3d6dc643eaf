// Changing a signed-in user's e-mail: a confirmation link goes to the new address; once it is
// confirmed the address changes and the previous one is told.
import type { Payload } from 'payload'

import type { Locale } from '@/i18n/locales'
import { siteUrl } from '@/lib/http/siteUrl'
import { deliverMail } from '@/lib/mail/deliver'
import { renderEmailChangedNotice, renderLinkMail } from '@/lib/mail/templates'
import type { User } from '@/payload-types'

import { issueToken } from './tokens'

export type ChangeEmailResult = { ok: true } | { ok: false; error: 'emailChangeFailed' | 'mailFailed' }

async function isTaken(payload: Payload, email: string, exceptUserId?: number): Promise<boolean> {
  const found = await payload.find({ collection: 'users', where: { email: { equals: email } }, limit: 1, depth: 0 })
  const owner = found.docs[0]
  return Boolean(owner && owner.id !== exceptUserId)
}

export async function requestEmailChange(payload: Payload, user: User, newEmail: string, locale: Locale): Promise<ChangeEmailResult> {
  // The spec's single failure: the address is the current one, or another account already uses it.
  if (newEmail === user.email || (await isTaken(payload, newEmail))) return { ok: false, error: 'emailChangeFailed' }
  const token = await issueToken(payload, { purpose: 'change-email', email: user.email, userId: user.id, newEmail, locale })
  const settings = await payload.findGlobal({ slug: 'site-settings', locale, depth: 0 })
  const link = siteUrl(`/verify-email/${token}`, locale)
  const delivery = await deliverMail(payload, newEmail, renderLinkMail({ kind: 'changeEmail', locale, siteName: settings.siteName, link }))
  return delivery === 'failed' ? { ok: false, error: 'mailFailed' } : { ok: true }
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
    renderEmailChangedNotice({ locale, siteName: settings.siteName, newEmail, supportEmail: settings.supportEmail }),
  )
  return true
}
