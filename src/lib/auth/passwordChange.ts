// Changing a signed-in user's password: only right after signing in, or with the current password; then every
// other session ends and the owner is told by e-mail. A stolen session alone cannot take the account over.
import type { Payload } from 'payload'

import type { Locale } from '@/i18n/locales'
import { deliverMail } from '@/lib/mail/deliver'
import { renderPasswordChangedNotice } from '@/lib/mail/templates'
import type { User } from '@/payload-types'

import { consumePasswordAttempt } from './rateLimit'

/** A session younger than this may set a password without the current one (the e-mailed link just proved the address). */
export const RECENT_SIGN_IN_MS = 15 * 60 * 1000

type Session = { id: string; createdAt?: string | null }
type SignedIn = User & { _sid?: string }

export type PasswordChangeResult =
  | { ok: true }
  | { ok: false; error: 'reauthenticate' | 'wrongCurrentPassword' }
  | { ok: false; error: 'rateLimited'; retryAfterSeconds: number }

async function sessionsOf(payload: Payload, userId: number): Promise<{ user: User; sessions: Session[] }> {
  const user = await payload.findByID({ collection: 'users', id: userId, depth: 0, showHiddenFields: true })
  return { user, sessions: (user.sessions ?? []) as Session[] }
}

/** Payload's own password check; the session it opens goes with the others below. */
async function isCurrentPassword(payload: Payload, email: string, password: string): Promise<boolean> {
  try {
    await payload.login({ collection: 'users', data: { email, password } })
    return true
  } catch {
    return false
  }
}

export async function changePassword(
  payload: Payload,
  { user, password, currentPassword, ip, locale, now = new Date() }: { user: SignedIn; password: string; currentPassword?: string; ip: string; locale: Locale; now?: Date },
): Promise<PasswordChangeResult> {
  const { sessions } = await sessionsOf(payload, user.id)
  const started = sessions.find((session) => session.id === user._sid)?.createdAt
  const isRecent = started !== undefined && started !== null && now.getTime() - new Date(started).getTime() < RECENT_SIGN_IN_MS
  if (!isRecent) {
    if (!currentPassword) return { ok: false, error: 'reauthenticate' }
    // Guessing the current password from a stolen session is password guessing: the same limits.
    const allowance = await consumePasswordAttempt(payload, { email: user.email, ip })
    if (!allowance.ok) return { ok: false, error: 'rateLimited', retryAfterSeconds: allowance.retryAfterSeconds }
    if (!(await isCurrentPassword(payload, user.email, currentPassword))) return { ok: false, error: 'wrongCurrentPassword' }
  }
  // On the user's behalf: the collection's access rules apply (a user may change only their own record).
  await payload.update({ collection: 'users', id: user.id, data: { password }, user, overrideAccess: false, depth: 0 })
  // Every other session ends. The adapter writes whole rows, so the full user goes back (as Payload's session code does).
  const current = await sessionsOf(payload, user.id)
  await payload.db.updateOne({
    collection: 'users',
    id: user.id,
    data: { ...current.user, sessions: current.sessions.filter((session) => session.id === user._sid) },
    returning: false,
  })
  const settings = await payload.findGlobal({ slug: 'site-settings', locale, depth: 0 })
  await deliverMail(payload, user.email, renderPasswordChangedNotice({ locale, siteName: settings.siteName, supportEmail: settings.supportEmail }))
  return { ok: true }
}
