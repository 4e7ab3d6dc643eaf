// The payment provider configured for this process: YooKassa or Stripe (real or the local test checkout), or none.
import { recordProviderCall } from '@/lib/alerts/signals'
import { env } from '@/lib/env'

import type { BillingProvider } from './providers/provider'
import { createStripeProvider } from './providers/stripe'
import { createYooKassaProvider } from './providers/yookassa'

let cached: BillingProvider | null | undefined

export function billingProvider(): BillingProvider | null {
  if (cached !== undefined) return cached
  const { billing, paymentProvider, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL, YOOKASSA_SHOP_ID, YOOKASSA_SECRET_KEY, YOOKASSA_API_URL } = env()
  if (billing === 'disabled') cached = null
  else if (paymentProvider === 'yookassa' && YOOKASSA_SHOP_ID && YOOKASSA_SECRET_KEY) {
    cached = createYooKassaProvider({ shopId: YOOKASSA_SHOP_ID, secretKey: YOOKASSA_SECRET_KEY, apiUrl: YOOKASSA_API_URL })
  } else if (paymentProvider === 'stripe' && STRIPE_SECRET_KEY && STRIPE_WEBHOOK_SECRET) {
    cached = createStripeProvider({ secretKey: STRIPE_SECRET_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET, apiUrl: STRIPE_API_URL })
  } else cached = null
  cached &&= countingRefusals(cached)
  return cached
}

/** Reading a notification's body is not a call to the provider: it says nothing of whether the provider answers. */
const NOT_CALLS = new Set(['verifyEvent', 'notificationPaymentId'])

/** The provider with each call's outcome counted for the staff alert "the payment provider refuses requests". */
export function countingRefusals<P extends BillingProvider>(provider: P): P {
  const counted = { ...provider } as Record<string, unknown>
  for (const [name, value] of Object.entries(provider)) {
    if (typeof value !== 'function' || NOT_CALLS.has(name)) continue
    counted[name] = async (...args: unknown[]) => {
      try {
        const result: unknown = await (value as (...args: unknown[]) => Promise<unknown>).apply(provider, args)
        recordProviderCall()
        return result
      } catch (error) {
        recordProviderCall(error)
        throw error
      }
    }
  }
  return counted as P
}

/**
 * Whether `provider` is the one a subscription was bought through. After PAYMENT_PROVIDER changes, older
 * subscriptions stay with their own provider, which this process cannot reach: nothing may change them here.
 */
export function isProviderOf(provider: BillingProvider, subscription: { provider?: { name?: string | null } | null }): boolean {
  const name = subscription.provider?.name
  return !name || name === provider.name
}

/** Forgets the provider read from the environment (tests that switch providers). */
export function resetBillingProvider(): void {
  cached = undefined
}
