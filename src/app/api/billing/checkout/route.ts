// POST the purchase form (e-mail and plan): opens a checkout at the payment provider and sends the whole
// window there. Bad input goes back to the form with what was typed and a localized error.
import { createHash, randomUUID } from 'node:crypto'

import { NextResponse } from 'next/server'
import { z } from 'zod'

import { locales } from '@/i18n/locales'
import type { Locale } from '@/i18n/locales'
import { currentUser } from '@/lib/auth/currentUser'
import { consumeIpAllowance } from '@/lib/auth/rateLimit'
import { clientIp } from '@/lib/http/clientIp'
import { billingProvider } from '@/lib/billing'
import { grantsVip } from '@/lib/billing/lifecycle'
import { payloadClient } from '@/lib/data/payload'
import { env } from '@/lib/env'
import { localizedPath } from '@/lib/routing/localizedPath'
import { checkEmail } from '@/lib/validation/email'

const form = z.object({
  email: z.string().max(1000).catch(''),
  plan: z.coerce.number().int().positive().catch(0),
  locale: z.enum(locales).catch('ru'),
  attempt: z.string().regex(/^[\w-]{8,64}$/).catch(() => randomUUID()),
})

function backToForm(locale: Locale, error: string, fields: { email: string; plan: number }): NextResponse {
  const query = new URLSearchParams({ error, email: fields.email.slice(0, 254), plan: String(fields.plan || '') })
  return NextResponse.redirect(`${env().serverUrl}${localizedPath('/tariffs', locale)}?${query.toString()}#buy`, 303)
}

export async function POST(request: Request) {
  const body = await request.formData().catch(() => new FormData())
  const { email: rawEmail, plan, locale, attempt } = form.parse(Object.fromEntries([...body.entries()].filter(([, value]) => typeof value === 'string')))
  const checked = checkEmail(rawEmail)
  if (!checked.ok) return backToForm(locale, checked.error, { email: rawEmail, plan })
  const email = checked.email.toLowerCase()

  const provider = billingProvider()
  if (!provider) return backToForm(locale, 'unavailable', { email, plan })
  const payload = await payloadClient()
  const tariff = plan
    ? await payload.findByID({ collection: 'tariffs', id: plan, depth: 0, locale, overrideAccess: false, disableErrors: true })
    : null
  if (!tariff || !tariff.active) return backToForm(locale, 'invalidPlan', { email, plan })

  // One live subscription per address, and the trial only for a first subscription.
  const owner = (await payload.find({ collection: 'users', where: { email: { equals: email } }, limit: 1, depth: 0 })).docs[0]
  const earlier = owner
    ? (await payload.find({ collection: 'subscriptions', where: { user: { equals: owner.id } }, pagination: false, depth: 0, select: { status: true } })).docs
    : []
  if (earlier.some((subscription) => grantsVip(subscription.status))) return backToForm(locale, 'alreadySubscribed', { email, plan })
  const firstSubscription = earlier.length === 0

  const allowance = await consumeIpAllowance(payload, 'checkout', clientIp(request.headers))
  if (!allowance.ok) return backToForm(locale, 'checkoutFailed', { email, plan })

  // Attach the purchase to the signed-in account when it is theirs; otherwise the paid e-mail decides.
  const user = await currentUser(request.headers)
  const base = env().serverUrl
  try {
    const { url } = await provider.createCheckout({
      email,
      userId: user && user.email === email ? user.id : null,
      plan: {
        id: tariff.id,
        name: tariff.name,
        months: Number(tariff.months),
        priceKopecks: tariff.priceKopecks,
        trialDays: firstSubscription ? tariff.trialDays : 0,
        trialFeeKopecks: firstSubscription ? tariff.trialFeeKopecks : 0,
      },
      locale,
      successUrl: `${base}${localizedPath('/success-payment', locale)}`,
      cancelUrl: `${base}${localizedPath('/fail-payment', locale)}`,
      idempotencyKey: createHash('sha256').update(`checkout:${email}:${tariff.id}:${attempt}`).digest('hex'),
    })
    return NextResponse.redirect(url, 303)
  } catch (error) {
    payload.logger.error({ err: error, msg: 'Checkout could not be created' })
    return backToForm(locale, 'checkoutFailed', { email, plan })
  }
}
