// POST the gift form (the buyer's e-mail and a plan): straight to the provider's payment page for one payment of the
// plan's price (src/lib/gift). No e-mailed link first: a gift tells nothing about the address (anyone may buy one), and
// its code goes to that address once paid. Bad input goes back to the form with what was typed and a localized error.
import { randomUUID } from 'node:crypto'

import { NextResponse } from 'next/server'
import { z } from 'zod'

import { onBuyersHost } from '@/lib/billing/checkout'
import { openGiftCheckout } from '@/lib/gift'
import { clientIp } from '@/lib/http/clientIp'
import { formRoute } from '@/edge/formRoute'
import { consumeIpAllowance } from '@/lib/http/rateLimit'
import { siteUrl } from '@/lib/http/siteUrl'
import { checkEmail } from '@/lib/validation/email'

export const POST = formRoute({
  input: z.object({
    email: z.string().max(1000).catch(''),
    plan: z.coerce.number().int().positive().catch(0),
    attempt: z.string().regex(/^[\w-]{8,64}$/).catch(() => randomUUID()),
  }),
  auth: 'optional',
  handle: async ({ data: { email: typed, plan, attempt }, locale, user, payload, request, origin }) => {
    const back = (error: string) => NextResponse.redirect(`${siteUrl('/gift', locale, { error, email: typed.slice(0, 254), plan: String(plan || '') }, origin)}#buy`, 303)
    const checked = checkEmail(typed)
    if (!checked.ok) return back(checked.error)
    if (!(await consumeIpAllowance(payload, 'checkout', clientIp(request.headers))).ok) return back('checkoutFailed')
    const email = checked.email.toLowerCase()
    const opened = await openGiftCheckout(payload, { plan, email, userId: user?.email === email ? user.id : null, locale, attempt, origin })
    return opened.ok ? NextResponse.redirect(onBuyersHost(opened.url, origin), 303) : back(opened.error)
  },
})
