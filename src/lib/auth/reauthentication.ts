// What taking an account over would need beyond its session: a sign-in within the last quarter hour (the e-mailed
// link just proved the address), or the current password. Changing the password or the e-mail asks for it, so a
// stolen or forgotten-open session alone cannot.
import type { Payload } from 'payload'

import type { User } from '@/payload-types'

import { consumePasswordAttempt } from '../http/rateLimit'

export const RECENT_SIGN_IN_MS = 15 * 60 * 1000

type Session = { id: string; createdAt?: string | null }
/** A signed-in user as Payload's session check hands it over: with the id of the session the request carries. */
export type SessionUser = User & { _sid?: string }

export type Reauthentication =
  | { ok: true }
  | { ok: false; error: 'reauthenticate' | 'wrongCurrentPassword' }
  | { ok: false; error: 'rateLimited'; retryAfterSeconds: number }

/** The user's stored sessions (a hidden field). */
export async function sessionsOf(payload: Payload, userId: number): Promise<{ user: User; sessions: Session[] }> {
  const user = await payload.findByID({ collection: 'users', id: userId, depth: 0, showHiddenFields: true })
  return { user, sessions: (user.sessions ?? []) as Session[] }
}

/** Payload's own password check. It opens a session, which nobody is given: that one is ended at once. */
async function isCurrentPassword(payload: Payload, user: SessionUser, password: string): Promise<boolean> {
  const before = new Set((await sessionsOf(payload, user.id)).sessions.map((session) => session.id))
  try {
    await payload.login({ collection: 'users', data: { email: user.email, password } })
  } catch {
    return false
  }
  await keepSessions(payload, user.id, (session) => before.has(session.id))
  return true
}

async function keepSessions(payload: Payload, userId: number, keep: (session: Session) => boolean): Promise<void> {
  // Read right before the write: the adapter writes whole rows, so the full user goes back (as Payload's session code does).
  const current = await sessionsOf(payload, userId)
  await payload.db.updateOne({ collection: 'users', id: userId, data: { ...current.user, sessions: current.sessions.filter(keep) }, returning: false })
}

export async function reauthenticate(
  payload: Payload,
  { user, currentPassword, ip, now = new Date() }: { user: SessionUser; currentPassword?: string; ip: string; now?: Date },
): Promise<Reauthentication> {
  const { sessions } = await sessionsOf(payload, user.id)
  const started = sessions.find((session) => session.id === user._sid)?.createdAt
  if (started && now.getTime() - new Date(started).getTime() < RECENT_SIGN_IN_MS) return { ok: true }
  if (!currentPassword) return { ok: false, error: 'reauthenticate' }
  // Guessing the current password from a stolen session is password guessing: the same limits.
  const allowance = await consumePasswordAttempt(payload, { email: user.email, ip })
  if (!allowance.ok) return { ok: false, error: 'rateLimited', retryAfterSeconds: allowance.retryAfterSeconds }
  return (await isCurrentPassword(payload, user, currentPassword)) ? { ok: true } : { ok: false, error: 'wrongCurrentPassword' }
}

/** Ends every session of the user but the one the request carries. */
export async function endOtherSessions(payload: Payload, user: SessionUser): Promise<void> {
  await keepSessions(payload, user.id, (session) => session.id === user._sid)
}
