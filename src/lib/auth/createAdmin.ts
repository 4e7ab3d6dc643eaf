// The first admin of a production site (and any later one): made from the command line, never over the web.
import type { Payload } from 'payload'

import { checkEmail } from '@/lib/validation/email'

export const ADMIN_PASSWORD_MIN_LENGTH = 12

export type CreateAdminResult =
  | { ok: true; email: string; created: boolean }
  | { ok: false; error: 'invalidEmail' | 'passwordTooShort' }

/** Creates an admin, or makes an existing account an admin with the new password. */
export async function createAdmin(payload: Payload, input: { email: string; password: string }): Promise<CreateAdminResult> {
  const checked = checkEmail(input.email)
  if (!checked.ok) return { ok: false, error: 'invalidEmail' }
  if (input.password.length < ADMIN_PASSWORD_MIN_LENGTH) return { ok: false, error: 'passwordTooShort' }
  const email = checked.email.toLowerCase()
  const existing = (await payload.find({ collection: 'users', where: { email: { equals: email } }, limit: 1, depth: 0 })).docs[0]
  if (existing) {
    await payload.update({ collection: 'users', id: existing.id, data: { role: 'admin', password: input.password, emailVerified: true }, depth: 0 })
    return { ok: true, email, created: false }
  }
  await payload.create({ collection: 'users', data: { email, password: input.password, role: 'admin', emailVerified: true }, depth: 0 })
  return { ok: true, email, created: true }
}
