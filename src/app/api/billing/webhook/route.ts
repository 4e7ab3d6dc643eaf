// Payment-provider webhooks: the signature is checked on the raw body (400 otherwise), the event applied
// once; any failure answers 500 so the provider delivers it again later.
import { NextResponse } from 'next/server'

import { billingProvider } from '@/lib/billing'
import { applyBillingEvent } from '@/lib/billing/applyEvent'
import { SignatureError } from '@/lib/billing/provider'
import { payloadClient } from '@/lib/data/payload'

export async function POST(request: Request) {
  const provider = billingProvider()
  if (!provider) return NextResponse.json({ error: 'Payments are not configured' }, { status: 503 })
  const rawBody = await request.text()
  let event
  try {
    event = await provider.verifyEvent(rawBody, request.headers.get('stripe-signature'))
  } catch (error) {
    if (error instanceof SignatureError) return NextResponse.json({ error: 'Invalid signature' }, { status: 400 })
    throw error
  }
  const payload = await payloadClient()
  try {
    const result = await applyBillingEvent(payload, provider, event)
    return NextResponse.json({ received: true, result })
  } catch (error) {
    payload.logger.error({ err: error, msg: `Billing event ${event.id} (${event.type}) failed; the provider will retry` })
    return NextResponse.json({ error: 'Event not applied; retry later' }, { status: 500 })
  }
}
