// The payment provider configured for this process: Stripe, the local test checkout, or none.
import { env } from '@/lib/env'

import type { BillingProvider } from './provider'
import { createStripeProvider } from './stripe'

let cached: BillingProvider | null | undefined

export function billingProvider(): BillingProvider | null {
  if (cached !== undefined) return cached
  const { billing, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL } = env()
  cached =
    billing === 'disabled' || !STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET
      ? null
      : createStripeProvider({ secretKey: STRIPE_SECRET_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET, apiUrl: STRIPE_API_URL })
  return cached
}

