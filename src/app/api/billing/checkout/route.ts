// POST the purchase form (e-mail and plan): opens a checkout at the payment provider and sends the whole
// window there. Bad input goes back to the form with what was typed and a localized error.
import { createHash, randomUUID } from 'node:crypto'

import { NextResponse } from 'next/server'
import type { Payload } from 'payload'
import { z } from 'zod'

import { consumeIpAllowance } from '@/lib/auth/rateLimit'
import { billingProvider } from '@/lib/billing'
import { grantsVip } from '@/lib/billing/lifecycle'
import { receiptSettingsOf } from '@/lib/billing/receipt'
import { formRoute } from '@/lib/http/formRoute'
import { clientIp } from '@/lib/http/clientIp'
import { absoluteUrl, siteUrl } from '@/lib/http/siteUrl'
import { checkEmail } from '@/lib/validation/email'

async function rememberOrder(payload: Payload, order: { id: string; paymentId: string; amountKopecks: number }): Promise<void> {
  const key = `first:${order.id}`
  const known = await payload.count({ collection: 'charges', where: { key: { equals: key } } })
  if (known.totalDocs === 0) {
    await payload.create({ collection: 'charges', data: { key, order: order.id, paymentId: order.paymentId, status: 'pending', amountKopecks: order.amountKopecks }, depth: 0 })
  }
}

export const POST = formRoute({
  input: z.object({
    email: z.string().max(1000).catch(''),
    plan: z.coerce.number().int().positive().catch(0),
    attempt: z.string().regex(/^[\w-]{8,64}$/).catch(() => randomUUID()),
    /** The buyer's agreement to automatic charges (required where the site charges renewals itself). */
    consent: z.literal('on').optional().catch(undefined),
    /** The buyer saw that the trial is not theirs again and pays the full price (after a `trialUsed` answer). */
    fullPrice: z.literal('on').optional().catch(undefined),
  }),
  auth: 'optional',
  handle: async ({ data: { email: rawEmail, plan, attempt, consent, fullPrice }, locale, user, payload, request }) => {
    const backToForm = (error: string, email: string) =>
      NextResponse.redirect(`${siteUrl('/tariffs', locale, { error, email: email.slice(0, 254), plan: String(plan || '') })}#buy`, 303)
    const checked = checkEmail(rawEmail)
    if (!checked.ok) return backToForm(checked.error, rawEmail)
    const email = checked.email.toLowerCase()

    const provider = billingProvider()
    if (!provider) return backToForm('unavailable', email)
    const tariff = plan
      ? await payload.findByID({ collection: 'tariffs', id: plan, depth: 0, locale, overrideAccess: false, disableErrors: true })
      : null
    if (!tariff || !tariff.active) return backToForm('invalidPlan', email)
    if (provider.runsRenewals && !consent) return backToForm('consentRequired', email)
    // Counted before anything about the address is looked up, so its answers cannot be asked for address by address.
    const allowance = await consumeIpAllowance(payload, 'checkout', clientIp(request.headers))
    if (!allowance.ok) return backToForm('checkoutFailed', email)

    // One live subscription per address, and the trial only for a first subscription.
    const owner = (await payload.find({ collection: 'users', where: { email: { equals: email } }, limit: 1, depth: 0 })).docs[0]
    const earlier = owner
      ? (await payload.find({ collection: 'subscriptions', where: { user: { equals: owner.id } }, pagination: false, depth: 0, select: { status: true } })).docs
      : []
    if (earlier.some((subscription) => grantsVip(subscription.status))) return backToForm('alreadySubscribed', email)
    const firstSubscription = earlier.length === 0
    // The page promises the trial; a returning buyer is told the real price before any payment page opens.
    if (!firstSubscription && tariff.trialDays > 0 && !fullPrice) return backToForm('trialUsed', email)

    const { siteName, receipts } = await payload.findGlobal({ slug: 'site-settings', locale: 'ru', depth: 0 })
    try {
      const { url, order } = await provider.createCheckout({
        email,
        // Attach the purchase to the signed-in account when it is theirs; otherwise the paid e-mail decides.
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
        successUrl: siteUrl('/success-payment', locale),
        // A buyer who comes back without paying finds the form as they left it ("Try again" keeps plan and e-mail).
        cancelUrl: siteUrl('/fail-payment', locale, { plan: String(tariff.id), email }),
        returnUrl: absoluteUrl(`/api/billing/return?${new URLSearchParams({ locale, plan: String(tariff.id), email }).toString()}`),
        siteName,
        receipts: receiptSettingsOf(receipts),
        idempotencyKey: createHash('sha256').update(`checkout:${email}:${tariff.id}:${attempt}`).digest('hex'),
      })
      // The buyer comes back with the order only: the payment it stands for is looked up here.
      if (order) await rememberOrder(payload, order)
      return NextResponse.redirect(url, 303)
    } catch (error) {
      payload.logger.error({ err: error, msg: 'Checkout could not be created' })
      return backToForm('checkoutFailed', email)
    }
  },
})
