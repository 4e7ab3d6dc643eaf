// POST a new e-mail address for the signed-in user: a confirmation link is sent to it.
import { NextResponse } from 'next/server'
import { z } from 'zod'

import { requestEmailChange } from '@/lib/auth/changeEmail'
import { consumeLinkAllowance } from '@/lib/http/rateLimit'
import { reauthenticate } from '@/lib/auth/reauthentication'
import { formRoute } from '@/edge/formRoute'
import { clientIp } from '@/lib/http/clientIp'
import { emailSchema } from '@/lib/validation/email'

export const POST = formRoute({
  input: z.object({
    newEmail: emailSchema.transform((email) => email.toLowerCase()),
    currentPassword: z.string().max(128).optional().catch(undefined),
  }),
  auth: 'required',
  handle: async ({ data, locale, user, payload, request, origin }) => {
    // The address decides who may sign in: moving it needs more than the session (a recent sign-in or the password).
    const allowed = await reauthenticate(payload, { user, currentPassword: data.currentPassword || undefined, ip: clientIp(request.headers) })
    if (!allowed.ok) return NextResponse.json(allowed, { status: allowed.error === 'rateLimited' ? 429 : 403 })
    const allowance = await consumeLinkAllowance(payload, { email: data.newEmail, ip: clientIp(request.headers) })
    if (!allowance.ok) {
      return NextResponse.json({ ok: false, error: 'rateLimited', retryAfterSeconds: allowance.retryAfterSeconds }, { status: 429 })
    }
    const result = await requestEmailChange(payload, user, data.newEmail, locale, origin)
    if (!result.ok) return NextResponse.json(result, { status: result.error === 'emailChangeFailed' ? 409 : 503 })
    return NextResponse.json({ ok: true })
  },
})
