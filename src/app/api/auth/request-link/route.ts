// POST an e-mail address to get a login or registration link (JSON from the popup, or a plain form).
import { NextResponse } from 'next/server'
import { z } from 'zod'

import { locales } from '@/i18n/locales'
import { sendLinkEmail } from '@/lib/auth/linkRequest'
import { consumeLinkAllowance } from '@/lib/auth/rateLimit'
import { safeNextPath } from '@/lib/auth/safeNext'
import { payloadClient } from '@/lib/data/payload'
import { clientIp } from '@/lib/http/clientIp'
import { localizedPath } from '@/lib/routing/localizedPath'
import { emailSchema } from '@/lib/validation/email'

const input = z.object({
  email: emailSchema.transform((email) => email.toLowerCase()),
  purpose: z.enum(['login', 'register']).catch('login'),
  locale: z.enum(locales).catch('ru'),
  next: z.unknown().optional().transform(safeNextPath),
})

async function readBody(request: Request): Promise<{ fields: Record<string, unknown>; isForm: boolean }> {
  const type = request.headers.get('content-type') ?? ''
  if (type.includes('application/json')) return { fields: (await request.json().catch(() => ({}))) as Record<string, unknown>, isForm: false }
  const form = await request.formData().catch(() => null)
  return { fields: form ? Object.fromEntries(form.entries()) : {}, isForm: true }
}

export async function POST(request: Request) {
  const { fields, isForm } = await readBody(request)
  const parsed = input.safeParse(fields)
  const locale = z.enum(locales).catch('ru').parse(fields.locale)
  const back = (state: string) =>
    NextResponse.redirect(new URL(localizedPath(`/login/${state}`, locale), request.url), 303)
  if (!parsed.success) {
    const error = parsed.error.issues.find((issue) => issue.path[0] === 'email')?.message ?? 'invalidEmail'
    return isForm ? back('invalid') : NextResponse.json({ ok: false, error }, { status: 400 })
  }
  const payload = await payloadClient()
  const allowance = await consumeLinkAllowance(payload, { email: parsed.data.email, ip: clientIp(request.headers) })
  if (!allowance.ok) {
    const headers = { 'Retry-After': String(allowance.retryAfterSeconds) }
    return isForm ? back('limited') : NextResponse.json({ ok: false, error: 'rateLimited', retryAfterSeconds: allowance.retryAfterSeconds }, { status: 429, headers })
  }
  const result = await sendLinkEmail(payload, parsed.data)
  if (!result.ok) return isForm ? back('failed') : NextResponse.json({ ok: false, error: result.error }, { status: 503 })
  return isForm ? back('sent') : NextResponse.json({ ok: true })
}
