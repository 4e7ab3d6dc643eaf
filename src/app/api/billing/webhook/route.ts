// Payment-provider notifications. Stripe's are signed: the signature is checked on the raw body (400
// otherwise). YooKassa's are not: only the payment's id is taken from the body, and what happened is re-read
// from YooKassa's API, so a forged notification changes nothing (and senders outside YooKassa's networks are
// refused before that). Each is applied once; any failure answers
// 500 so the provider delivers it again later.
import { NextResponse } from 'next/server'

import { billingProvider } from '@/lib/billing'
import { applyBillingEvent } from '@/lib/billing/providers/providerEvent'
import type { ApplyResult } from '@/lib/billing/record/subscriptionRecord'
import { SignatureError } from '@/lib/billing/providers/provider'
import { applyPayment } from '@/lib/billing/record/siteRenewals'
import { isFromYooKassa } from '@/lib/billing/providers/yookassaSource'
import { clientIp } from '@/lib/http/clientIp'
import { payloadClient } from '@/edge/payload'

export async function POST(request: Request) {
  const provider = billingProvider()
  if (!provider) return NextResponse.json({ error: 'Payments are not configured' }, { status: 503 })
  const rawBody = await request.text()
  let apply: () => Promise<ApplyResult>
  let name: string
  const payload = await payloadClient()
  if (provider.runsRenewals) {
    // Real YooKassa sends from its published networks only (the local test checkout's double from this machine).
    if (!provider.isTest && !isFromYooKassa(request.headers)) {
      payload.logger.warn({ msg: `YooKassa notification refused from ${clientIp(request.headers)}: not YooKassa's network (check TRUSTED_PROXY_HOPS)` })
      return NextResponse.json({ error: 'Not from YooKassa' }, { status: 403 })
    }
    const paymentId = await provider.notificationPaymentId(rawBody)
    if (!paymentId) return NextResponse.json({ error: 'Not a payment notification' }, { status: 400 })
    apply = () => applyPayment(payload, provider, paymentId)
    name = `Payment ${paymentId}`
  } else {
    let event: Awaited<ReturnType<typeof provider.verifyEvent>>
    try {
      event = await provider.verifyEvent(rawBody, request.headers.get('stripe-signature'))
    } catch (error) {
      if (error instanceof SignatureError) return NextResponse.json({ error: 'Invalid signature' }, { status: 400 })
      throw error
    }
    apply = () => applyBillingEvent(payload, provider, event)
    name = `Billing event ${event.id} (${event.type})`
  }
  try {
    return NextResponse.json({ received: true, result: await apply() })
  } catch (error) {
    payload.logger.error({ err: error, msg: `${name} failed; the provider will retry` })
    return NextResponse.json({ error: 'Event not applied; retry later' }, { status: 500 })
  }
}
