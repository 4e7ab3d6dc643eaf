// POST a gift code (src/lib/gift): redeemed into the signed-in account's subscription. Signed out, the buyer is sent to
// sign in by e-mail and comes back to the form with the code. Every code that does not redeem counts against the
// address's allowance of code tries (the promo codes'), and a stranger hears one answer for a code that is unknown,
// unpaid, redeemed or void.
import { NextResponse } from 'next/server'
import { z } from 'zod'

import { redeemGift } from '@/lib/gift'
import { normalizeGiftCode } from '@/lib/gift/rules'
import { clientIp } from '@/lib/http/clientIp'
import { formRoute } from '@/edge/formRoute'
import { consumeIpAllowance, returnPromoTry } from '@/lib/http/rateLimit'
import { siteUrl } from '@/lib/http/siteUrl'
import { localizedPath } from '@/lib/routing/localizedPath'

export const POST = formRoute({
  input: z.object({ code: z.string().max(100).catch('') }),
  auth: 'optional',
  handle: async ({ data: { code: typed }, locale, user, payload, request, origin }) => {
    const back = (error: string) => NextResponse.redirect(`${siteUrl('/gift', locale, { error, code: typed.trim().slice(0, 40) }, origin)}#redeem`, 303)
    const code = normalizeGiftCode(typed)
    if (!user) {
      // Back here after the sign-in, with the code in the form.
      const next = localizedPath(`/gift?${new URLSearchParams(code ? { code } : {}).toString()}#redeem`, locale)
      return NextResponse.redirect(siteUrl('/login', locale, { next }, origin), 303)
    }
    const ip = clientIp(request.headers)
    if (!(await consumeIpAllowance(payload, 'promoTry', ip)).ok) return back('giftTooMany')
    const redeemed = code ? await redeemGift(payload, { code, user }) : ({ ok: false, refusal: 'invalid' } as const)
    if (!redeemed.ok) return back(redeemed.refusal === 'usedByYou' ? 'giftUsedByYou' : 'giftInvalid')
    await returnPromoTry(payload, ip)
    return NextResponse.redirect(siteUrl('/profile/subscription', locale, { gift: redeemed.kind }, origin), 303)
  },
})
