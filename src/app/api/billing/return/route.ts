// Where YooKassa sends the buyer back, paid or not (it has one return address): the payment behind the
// order is re-read from YooKassa, applied (the same as its notification would, once), and the buyer lands
// on the success or the failure page. The answer comes from YooKassa's API, never from the address.
import { NextResponse } from 'next/server'

import { localeOrDefault } from '@/i18n/locales'
import { billingProvider } from '@/lib/billing'
import { applyPayment } from '@/lib/billing/record/siteRenewals'
import { payloadClient } from '@/edge/payload'
import { requestOrigin, siteUrl } from '@/lib/http/siteUrl'
import { promoProof } from '@/lib/promo'
import { normalizePromoCode } from '@/lib/promo/rules'
import { checkEmail } from '@/lib/validation/email'

export const dynamic = 'force-dynamic'

export async function GET(request: Request) {
  const url = new URL(request.url)
  const locale = localeOrDefault(url.searchParams.get('locale') ?? undefined)
  const order = url.searchParams.get('order') ?? ''
  const origin = requestOrigin(request.headers)
  const to = (pathname: string, query?: Record<string, string>) => NextResponse.redirect(siteUrl(pathname, locale, query, origin), 303)
  // What the buyer chose, for "Try again" on the failure page (only the form is filled with it; nothing is granted).
  const plan = /^\d{1,9}$/.test(url.searchParams.get('plan') ?? '') ? url.searchParams.get('plan')! : null
  const email = checkEmail(url.searchParams.get('email'))
  const promo = normalizePromoCode(url.searchParams.get('promo'))
  const retry = { ...(plan ? { plan } : {}), ...(email.ok ? { email: email.email } : {}), ...(promo ? { promo } : {}) }
  const provider = billingProvider()
  if (!provider?.runsRenewals || !/^ord_[\w-]{8,80}$/.test(order)) return to('/tariffs')
  const payload = await payloadClient()
  const { docs } = await payload.find({ collection: 'charges', where: { key: { equals: `first:${order}` } }, limit: 1, depth: 0 })
  const paymentId = docs[0]?.paymentId
  if (!paymentId) return to('/tariffs')
  let paid: Record<string, string> = {}
  try {
    const payment = await provider.getPayment(paymentId)
    // Declined, or left unpaid (it expires at YooKassa): the buyer may try again.
    if (payment?.status !== 'succeeded') return to('/fail-payment', retry)
    // The success page states the terms again, for the plan and trial this payment was for (YooKassa's record).
    const planPaid = payment.metadata.tariffId ?? ''
    const code = payment.metadata.promoCode
    paid = { plan: planPaid, trial: Number(payment.metadata.trialDays) > 0 ? '1' : '0', ...(code ? { promo: code, proof: promoProof(planPaid, code) } : {}) }
    await applyPayment(payload, provider, payment)
  } catch (error) {
    // Paid but not applied yet: its notification applies it; the page says activation takes a moment.
    payload.logger.error({ err: error, msg: `Payment ${paymentId} could not be applied on the buyer's return` })
  }
  return to('/success-payment', paid)
}
