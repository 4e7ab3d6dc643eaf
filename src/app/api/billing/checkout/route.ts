// POST the purchase form (e-mail and plan). A buyer signed in as the address they pay with goes straight to the
// payment provider's checkout (or back to the form with what applies to them: a live subscription, a used trial).
// Everyone else gets one answer whatever the address, "we sent you a link": whether an address has an account,
// a subscription or had the trial is told only to whoever reads its mail (in Russia, that an address pays for a
// VPN is nobody else's business). Bad input goes back to the form with what was typed and a localized error.
import { randomUUID } from 'node:crypto'

import { NextResponse } from 'next/server'
import type { Payload } from 'payload'
import { z } from 'zod'

import { sendLinkEmail } from '@/lib/auth/linkRequest'
import { isPlaceholderEmail } from '@/lib/auth/placeholderEmail'
import { consumeIpAllowance, consumePurchaseLinkAllowance, returnPromoTry } from '@/lib/http/rateLimit'
import { openCheckout, purchasable, purchaseFormUrl, purchaseLinkNext, receiptEmailNeeded } from '@/lib/billing/checkout'
import type { PurchaseError } from '@/lib/browser/purchaseForm'
import { formRoute } from '@/edge/formRoute'
import { clientIp } from '@/lib/http/clientIp'
import { checkEmail } from '@/lib/validation/email'
import { checkPromo } from '@/lib/promo'
import { normalizePromoCode } from '@/lib/promo/rules'
import { normalizeReferralCode, REFERRAL_COOKIE } from '@/lib/referral/rules'
import { cookieValue } from '@/lib/http/cookieValue'
import { promoError } from '@/lib/browser/purchaseForm'

/**
 * The form's promo code, checked as far as it can be before the buyer is known (the checkout checks it again for the
 * account): a try counted against the network address, and one answer for a code that is not, or no longer, one.
 */
async function promoOfForm(payload: Payload, typed: string, { plan, ip }: { plan: number; ip: string }): Promise<{ ok: true; code: string } | { ok: false; error: PurchaseError }> {
  const allowance = await consumeIpAllowance(payload, 'promoTry', ip)
  if (!allowance.ok) return { ok: false, error: 'promoTooMany' }
  const code = normalizePromoCode(typed)
  const tariff = code && plan ? await payload.findByID({ collection: 'tariffs', id: plan, depth: 0, disableErrors: true }) : null
  if (!code || !tariff) return { ok: false, error: 'promoInvalid' }
  const checked = await checkPromo(payload, code, { plan: tariff, buyer: null })
  if (!checked.ok) return { ok: false, error: promoError(checked.refusal) }
  await returnPromoTry(payload, ip)
  return { ok: true, code: checked.promo.code }
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
    /** A promo code as typed (src/lib/promo); empty for none. */
    promo: z.string().max(100).catch(''),
  }),
  auth: 'optional',
  handle: async ({ data: { email: rawEmail, plan, attempt, consent, fullPrice, promo: typedPromo }, locale, user, payload, request, origin }) => {
    const backToForm = (error: PurchaseError, email: string) => NextResponse.redirect(purchaseFormUrl(locale, { error, email, plan, promo: typedPromo.trim() }, origin), 303)
    // A Telegram-only account has no address: it types one only where the payment's receipt needs it.
    const telegramOnly = user !== null && isPlaceholderEmail(user.email)
    const noAddress = telegramOnly && rawEmail.trim() === '' && !(await receiptEmailNeeded(payload))
    const checked = noAddress ? ({ ok: true, email: '' } as const) : checkEmail(rawEmail)
    if (!checked.ok) return backToForm(checked.error, rawEmail)
    const email = checked.email.toLowerCase()
    const ip = clientIp(request.headers)
    const promo = typedPromo.trim() ? await promoOfForm(payload, typedPromo, { plan, ip }) : null
    if (promo && !promo.ok) return backToForm(promo.error, email)
    // The referral link the buyer came by, as its cookie remembers it (src/lib/referral).
    const referral = normalizeReferralCode(cookieValue(request.headers.get('cookie'), REFERRAL_COOKIE))
    const choice = { plan, locale, consent: consent === 'on', promo: promo?.code ?? null, referral }
    const form = await purchasable(payload, choice)
    if (!form.ok) return backToForm(form.error, email)
    // Counted before anything about the address is looked up.
    const allowance = await consumeIpAllowance(payload, 'checkout', ip)
    if (!allowance.ok) return backToForm('checkoutFailed', email)

    // Signed in as the address, or with a Telegram-only account (it has no address of its own: the one typed here, if
    // any, is for the payment and its receipt, and the subscription is the signed-in account's).
    if (user && (user.email === email || telegramOnly)) {
      const opened = await openCheckout(payload, { ...choice, email, userId: user.id, fullPrice: fullPrice === 'on', attempt, origin })
      return opened.ok ? NextResponse.redirect(opened.url, 303) : backToForm(opened.error, email)
    }
    // The same work and the same answer for every address: a link, whose confirmation opens the checkout.
    const links = await consumePurchaseLinkAllowance(payload, { email, ip })
    if (!links.ok) return backToForm('checkoutFailed', email)
    const sent = await sendLinkEmail(payload, { email, purpose: 'purchase', locale, next: purchaseLinkNext(choice), origin })
    return backToForm(!sent.ok ? 'checkoutFailed' : sent.queued ? 'linkQueued' : 'linkSent', email)
  },
})
