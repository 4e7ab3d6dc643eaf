// POST an e-mail address to get a login or registration link (JSON from the popup, or a plain form).
import { NextResponse } from 'next/server'
import { z } from 'zod'

import { sendLinkEmail } from '@/lib/auth/linkRequest'
import { consumeLinkAllowance } from '@/lib/http/rateLimit'
import { nextOfReferringPage, safeNextPath } from '@/lib/auth/safeNext'
import { formRoute } from '@/edge/formRoute'
import { clientIp } from '@/lib/http/clientIp'
import { emailSchema } from '@/lib/validation/email'

export const POST = formRoute({
  input: z.object({
    email: emailSchema.transform((email) => email.toLowerCase()),
    purpose: z.enum(['login', 'register']).catch('login'),
    next: z.unknown().optional().transform(safeNextPath),
  }),
  auth: 'none',
  invalid: ({ isJson, error, redirect }) => (isJson ? NextResponse.json({ ok: false, error }, { status: 400 }) : redirect('/login/invalid')),
  handle: async ({ data, locale, payload, request, isJson, origin, redirect }) => {
    const allowance = await consumeLinkAllowance(payload, { email: data.email, ip: clientIp(request.headers) })
    if (!allowance.ok) {
      const headers = { 'Retry-After': String(allowance.retryAfterSeconds) }
      return isJson
        ? NextResponse.json({ ok: false, error: 'rateLimited', retryAfterSeconds: allowance.retryAfterSeconds }, { status: 429, headers })
        : redirect('/login/limited')
    }
    // A plain form post (no JavaScript yet) carries no `next`: the page it came from has it.
    const next = data.next ?? (isJson ? null : nextOfReferringPage(request.headers.get('referer'), origin))
    const result = await sendLinkEmail(payload, { ...data, next, locale, origin })
    if (!result.ok) return isJson ? NextResponse.json({ ok: false, error: result.error }, { status: 503 }) : redirect('/login/failed')
    // Queued: the visitor is told the mail is on its way once the mail server is back, its link fresh then.
    return isJson ? NextResponse.json({ ok: true, queued: result.queued }) : redirect(result.queued ? '/login/queued' : '/login/sent')
  },
})
