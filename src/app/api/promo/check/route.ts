// POST from the plans page's form: what a promo code makes of the chosen plan's first payment, in the buyer's
// language (src/lib/promo/formAnswer.ts), or why it does not apply. Each code that does not apply counts against the
// network address's allowance, so codes cannot be found by trying; a stranger gets one answer for a code that does not exist, has
// ended or is used up. Answers JSON; changes nothing.
import { NextResponse } from 'next/server'
import { z } from 'zod'

import { clientIp } from '@/lib/http/clientIp'
import { formRoute } from '@/edge/formRoute'
import { consumeIpAllowance, returnPromoTry } from '@/lib/http/rateLimit'
import { promoFormAnswer } from '@/lib/promo/formAnswer'
import { normalizePromoCode } from '@/lib/promo/rules'

export const POST = formRoute({
  input: z.object({ code: z.string().max(100).catch(''), plan: z.coerce.number().int().positive().catch(0) }),
  auth: 'optional',
  handle: async ({ data, user, payload, locale, request }) => {
    const allowance = await consumeIpAllowance(payload, 'promoTry', clientIp(request.headers))
    if (!allowance.ok) return NextResponse.json({ ok: false, error: 'promoTooMany' }, { status: 429, headers: { 'retry-after': String(allowance.retryAfterSeconds) } })
    const code = normalizePromoCode(data.code)
    if (!code) return NextResponse.json({ ok: false, error: 'promoInvalid' }, { status: 400 })
    const plan = data.plan ? await payload.findByID({ collection: 'tariffs', id: data.plan, depth: 0, locale, overrideAccess: false, disableErrors: true }) : null
    if (!plan?.active) return NextResponse.json({ ok: false, error: 'invalidPlan' }, { status: 400 })
    const answer = await promoFormAnswer(payload, { code, plan, user, locale })
    if (answer.ok) await returnPromoTry(payload, clientIp(request.headers))
    return NextResponse.json(answer, { status: answer.ok ? 200 : 400 })
  },
})
