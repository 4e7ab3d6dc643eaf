// POST from the e-mail link's page: uses the token up and signs the user in (creating the account on registration).
// A purchase link opens the checkout: signed in when the address has an account, whose answers (a live subscription,
// a used trial) then show on the form; a new address pays first, and the payment creates its account.
import { randomUUID } from 'node:crypto'

import { getTranslations } from 'next-intl/server'
import { NextResponse } from 'next/server'
import type { Payload } from 'payload'
import { z } from 'zod'

import { applyEmailChange } from '@/lib/auth/changeEmail'
import { safeNextPath } from '@/lib/auth/safeNext'
import { accountByEmail, createCustomer } from '@/lib/auth/accounts'
import { signIn } from '@/lib/auth/signIn'
import { consumeToken } from '@/lib/auth/tokens'
import type { ConsumedToken } from '@/lib/auth/tokens'
import { openCheckout, purchaseChoiceOf, purchaseFormUrl } from '@/lib/billing/checkout'
import { formRoute } from '@/edge/formRoute'
import { absoluteUrl, siteUrl } from '@/lib/http/siteUrl'
import { createFirstDeviceKey } from '@/lib/vip/deviceKeys'
import type { User } from '@/payload-types'

/** Where a confirmed link leads: the page it was asked from, or My servers (with the first key made after a purchase). */
async function landing(payload: Payload, user: User, consumed: ConsumedToken, origin: string): Promise<string> {
  if (consumed.purpose === 'activation') {
    const t = await getTranslations({ locale: consumed.locale, namespace: 'Servers' })
    const keyId = await createFirstDeviceKey(payload, user, { locale: consumed.locale, device: t('firstDevice') })
    return siteUrl('/profile/servers', consumed.locale, keyId ? { welcome: String(keyId) } : { welcome: 'form' }, origin)
  }
  const next = safeNextPath(consumed.next)
  return next ? absoluteUrl(next, origin) : siteUrl('/profile/servers', consumed.locale, undefined, origin)
}

export const POST = formRoute({
  input: z.object({ code: z.string().max(64).catch('') }),
  auth: 'none',
  handle: async ({ data, payload, origin, redirect }) => {
    const consumed = await consumeToken(payload, data.code)
    // A used, expired or unknown link: the token_expired screen.
    if (!consumed) return redirect('/link-expired')
    if (consumed.purpose === 'change-email') {
      const changed =
        consumed.userId !== null && consumed.newEmail !== null
          ? await applyEmailChange(payload, { userId: consumed.userId, newEmail: consumed.newEmail, locale: consumed.locale })
          : false
      return NextResponse.redirect(siteUrl('/profile/preferences', consumed.locale, { email: changed ? 'changed' : 'failed' }, origin), 303)
    }

    let user = await accountByEmail(payload, consumed.email)
    if (consumed.purpose === 'purchase') {
      const choice = purchaseChoiceOf(consumed.next, consumed.locale)
      if (!choice) return redirect('/link-expired')
      const opened = await openCheckout(payload, { ...choice, email: consumed.email, userId: user?.id ?? null, fullPrice: false, attempt: randomUUID(), origin })
      const response = NextResponse.redirect(opened.ok ? opened.url : purchaseFormUrl(consumed.locale, { error: opened.error, email: consumed.email, plan: choice.plan, promo: choice.promo }, origin), 303)
      return user ? signIn(payload, user, response) : response
    }
    if (!user && consumed.purpose === 'register') user = await createCustomer(payload, { email: consumed.email, locale: consumed.locale, verified: true })
    if (!user) return redirect('/link-expired')
    return signIn(payload, user, NextResponse.redirect(await landing(payload, user, consumed, origin), 303))
  },
})
