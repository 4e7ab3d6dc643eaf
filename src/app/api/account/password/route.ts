// POST: set or change the signed-in user's optional password (then password login works too): right after
// signing in, or with the current password (src/lib/auth/passwordChange.ts).
import { NextResponse } from 'next/server'
import { z } from 'zod'

import { changePassword } from '@/lib/auth/passwordChange'
import { clientIp } from '@/lib/http/clientIp'
import { formRoute } from '@/edge/formRoute'

const PASSWORD_MIN_LENGTH = 8
const PASSWORD_MAX_LENGTH = 128

export const POST = formRoute({
  input: z.object({
    password: z.string({ error: 'passwordTooShort' }).min(PASSWORD_MIN_LENGTH, 'passwordTooShort').max(PASSWORD_MAX_LENGTH, 'passwordTooLong'),
    currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional().catch(undefined),
  }),
  auth: 'required',
  handle: async ({ data, user, payload, request, locale }) => {
    const result = await changePassword(payload, { user, password: data.password, currentPassword: data.currentPassword || undefined, ip: clientIp(request.headers), locale })
    if (result.ok) return NextResponse.json({ ok: true })
    if (result.error === 'rateLimited') return NextResponse.json(result, { status: 429 })
    return NextResponse.json(result, { status: 403 })
  },
})
