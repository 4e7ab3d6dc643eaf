// The local test checkout's view of a checkout at the provider's double (never in production): what the
// page shows, and the buyer's "pay" or "decline" passed on to the double.
import { env } from '@/lib/env'

import type { PaymentMethodKind } from './provider'

/** `terms`: what the provider shows the payer beside the amount (YooKassa's description, Stripe's text by the pay button). */
export type TestCheckout = { email: string; amountKopecks: number; terms: string | null; open: boolean; methods: readonly PaymentMethodKind[] }

const STRIPE_SESSION = /^cs_test_[0-9a-f]+$/
const YOOKASSA_PAYMENT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The double's control address for a checkout id, or null outside test mode or for an id of the wrong shape. */
function controlUrl(id: string): string | null {
  const { billing, paymentProvider, isStrictProduction, STRIPE_API_URL, YOOKASSA_API_URL } = env()
  if (billing !== 'test' || isStrictProduction) return null
  if (paymentProvider === 'yookassa') return YOOKASSA_API_URL && YOOKASSA_PAYMENT.test(id) ? `${new URL(YOOKASSA_API_URL).origin}/_double/payments/${id}` : null
  return STRIPE_API_URL && STRIPE_SESSION.test(id) ? `${STRIPE_API_URL}/_double/checkout/${id}` : null
}

export async function testCheckoutOf(id: string): Promise<TestCheckout | null> {
  const url = controlUrl(id)
  if (!url) return null
  const response = await fetch(url, { cache: 'no-store' })
  if (!response.ok) return null
  const json = (await response.json()) as Record<string, unknown>
  if (env().paymentProvider === 'yookassa') {
    const metadata = (json.metadata ?? {}) as Record<string, string>
    const amount = (json.amount ?? {}) as { value?: string }
    const terms = typeof json.description === 'string' ? json.description : null
    return { email: metadata.email ?? '', amountKopecks: Math.round(Number(amount.value) * 100), terms, open: json.status === 'pending', methods: ['card', 'sbp', 'sberpay', 'yoomoney'] }
  }
  const submit = ((json.custom_text ?? {}) as { submit?: { message?: unknown } | null }).submit
  const terms = typeof submit?.message === 'string' ? submit.message : null
  return { email: String(json.customer_email ?? ''), amountKopecks: Number(json.amount_total ?? 0), terms, open: json.status === 'open', methods: ['card'] }
}

/** Pays (with the chosen method and test card) or declines; the answer is where the provider sends the buyer next. */
export async function finishTestCheckout(id: string, action: 'complete' | 'fail', method: PaymentMethodKind, last4?: string): Promise<{ redirect: string } | { error: string }> {
  const url = controlUrl(id)
  if (!url) return { error: 'Not found' }
  const isYooKassa = env().paymentProvider === 'yookassa'
  const step = isYooKassa ? (action === 'complete' ? 'pay' : 'decline') : action
  const response = await fetch(`${url}/${step}`, {
    method: 'POST',
    ...(isYooKassa
      ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method, ...(last4 ? { last4 } : {}) }) }
      : last4
        ? { body: new URLSearchParams({ last4 }) }
        : {}),
  })
  const answer = (await response.json().catch(() => ({}))) as { redirect?: string; description?: string; error?: { message?: string } }
  if (!response.ok || !answer.redirect) return { error: answer.error?.message ?? answer.description ?? 'Test checkout failed' }
  return { redirect: answer.redirect }
}

/** Test mode: whether a test control may be used at all (the local double, never production). */
export function isTestBilling(): boolean {
  const { billing, isStrictProduction } = env()
  return billing === 'test' && !isStrictProduction
}
