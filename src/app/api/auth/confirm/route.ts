// POST from the e-mail link's page: uses the token up and signs the user in (creating the account on registration).
import { NextResponse } from 'next/server'
import { z } from 'zod'

import { locales } from '@/i18n/locales'
import { restoreAccount } from '@/lib/auth/accountDeletion'
import { applyEmailChange } from '@/lib/auth/changeEmail'
import { safeNextPath } from '@/lib/auth/safeNext'
import { signedInCookie } from '@/lib/auth/signedInMarker'
import { startSession, unusablePassword } from '@/lib/auth/session'
import { consumeToken } from '@/lib/auth/tokens'
import { payloadClient } from '@/lib/data/payload'
import { localizedPath } from '@/lib/routing/localizedPath'

const input = z.object({ code: z.string().max(64).catch(''), locale: z.enum(locales).catch('ru') })

export async function POST(request: Request) {
  const form = await request.formData().catch(() => null)
  const { code, locale } = input.parse(form ? Object.fromEntries(form.entries()) : {})
  const payload = await payloadClient()
  const consumed = await consumeToken(payload, code)
  // A used, expired or unknown link: its page now shows the token_expired screen.
  const expired = () => NextResponse.redirect(new URL(localizedPath('/verify-email/expired', locale), request.url), 303)
  if (!consumed) return expired()
  if (consumed.purpose === 'change-email') {
    const changed =
      consumed.userId !== null && consumed.newEmail !== null
        ? await applyEmailChange(payload, { userId: consumed.userId, newEmail: consumed.newEmail, locale: consumed.locale })
        : false
    const result = localizedPath(`/profile/preferences?email=${changed ? 'changed' : 'failed'}`, consumed.locale)
    return NextResponse.redirect(new URL(result, request.url), 303)
  }

  const found = await payload.find({ collection: 'users', where: { email: { equals: consumed.email } }, limit: 1, depth: 0 })
  let user = found.docs[0]
  if (!user && consumed.purpose === 'register') {
    user = await payload.create({
      collection: 'users',
      data: { email: consumed.email, password: unusablePassword(), role: 'customer', emailVerified: true, locale: consumed.locale },
    })
  }
  if (!user) return expired()
  // Logging in again while a deletion is pending restores the account (the link's page offered it).
  if (user.deletionRequestedAt) await restoreAccount(payload, user.id)
  const cookie = await startSession(payload, user.id)
  const target = safeNextPath(consumed.next) ?? localizedPath('/profile/servers', consumed.locale)
  const response = NextResponse.redirect(new URL(target, request.url), 303)
  response.headers.append('Set-Cookie', cookie)
  response.headers.append('Set-Cookie', signedInCookie(payload.collections.users.config.auth.tokenExpiration))
  return response
}
