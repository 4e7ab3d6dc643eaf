// POST a new e-mail address for the signed-in user: a confirmation link is sent to it.
import { NextResponse } from 'next/server'
import { z } from 'zod'

import { locales } from '@/i18n/locales'
import { requestEmailChange } from '@/lib/auth/changeEmail'
import { currentUser } from '@/lib/auth/currentUser'
import { consumeLinkAllowance } from '@/lib/auth/rateLimit'
import { payloadClient } from '@/lib/data/payload'
import { clientIp } from '@/lib/http/clientIp'
import { emailSchema } from '@/lib/validation/email'

const input = z.object({
  newEmail: emailSchema.transform((email) => email.toLowerCase()),
  locale: z.enum(locales).catch('ru'),
})

export async function POST(request: Request) {
  const user = await currentUser(request.headers)
  if (!user) return NextResponse.json({ ok: false, error: 'unauthorized' }, { status: 401 })
  const parsed = input.safeParse(await request.json().catch(() => ({})))
  if (!parsed.success) {
    return NextResponse.json({ ok: false, error: parsed.error.issues[0]?.message ?? 'invalidEmail' }, { status: 400 })
  }
  const payload = await payloadClient()
  const ip = clientIp(request.headers)
  const allowance = await consumeLinkAllowance(payload, { email: parsed.data.newEmail, ip })
  if (!allowance.ok) {
    return NextResponse.json({ ok: false, error: 'rateLimited', retryAfterSeconds: allowance.retryAfterSeconds }, { status: 429 })
  }
  const result = await requestEmailChange(payload, user, parsed.data.newEmail, parsed.data.locale)
  if (!result.ok) return NextResponse.json(result, { status: result.error === 'emailChangeFailed' ? 409 : 503 })
  return NextResponse.json({ ok: true })
}
