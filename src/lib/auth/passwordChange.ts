// Changing a signed-in user's password: only right after signing in, or with the current password; then every
// other session ends and the owner is told by e-mail. A stolen session alone cannot take the account over.
import type { Payload } from 'payload'

import type { Locale } from '@/i18n/locales'
import { deliverMail } from '@/lib/mail/deliver'
import { renderPasswordChangedNotice } from '@/lib/mail/templates'

import { endOtherSessions, reauthenticate } from './reauthentication'
import type { Reauthentication, SessionUser } from './reauthentication'

export async function changePassword(
  payload: Payload,
  { user, password, currentPassword, ip, locale }: { user: SessionUser; password: string; currentPassword?: string; ip: string; locale: Locale },
): Promise<Reauthentication> {
  const allowed = await reauthenticate(payload, { user, currentPassword, ip })
  if (!allowed.ok) return allowed
  // On the user's behalf: the collection's access rules apply (a user may change only their own record).
  await payload.update({ collection: 'users', id: user.id, data: { password }, user, overrideAccess: false, depth: 0 })
  await endOtherSessions(payload, user)
  const settings = await payload.findGlobal({ slug: 'site-settings', locale, depth: 0 })
  await deliverMail(payload, user.email, await renderPasswordChangedNotice({ locale, siteName: settings.siteName, supportEmail: settings.supportEmail }))
  return { ok: true }
}
