// Test mode only (the local provider double, never production): lets a subscriber play what time and the
// bank do to their own subscription (renewal paid or failed, retries exhausted, trial ending), so every
// state of the personal account can be tried. With Stripe the double sends the signed events Stripe would;
// with YooKassa the site's own renewal job charges the subscription as if its date had come.
import { NextResponse } from 'next/server'
import type { Payload } from 'payload'
import { z } from 'zod'

import { billingProvider } from '@/lib/billing'
import { newestOwnSubscription } from '@/lib/billing/record/account'
import { isEnded } from '@/lib/billing/rules/lifecycle'
import type { SiteRunBilling } from '@/lib/billing/providers/provider'
import { chargeDueRenewals } from '@/lib/billing/record/siteRenewals'
import { isTestBilling } from '@/lib/billing/providers/testCheckout'
import { env } from '@/lib/env'
import { formRoute } from '@/edge/formRoute'
import type { Subscription } from '@/payload-types'

const ACTIONS = ['renew', 'fail-renewal', 'expire', 'trial-will-end'] as const
type Action = (typeof ACTIONS)[number]
const input = z.object({})
const notFound = () => NextResponse.json({ error: 'Not found' }, { status: 404 })

/** YooKassa: the double's bank declines the next charges, then the renewal job runs at the subscription's date. */
async function playSiteRun(payload: Payload, provider: SiteRunBilling, subscription: Subscription, action: Action): Promise<boolean> {
  if (action === 'trial-will-end') return false
  const methodId = subscription.provider?.paymentMethodId
  const origin = new URL(env().YOOKASSA_API_URL ?? '').origin
  const declines = action === 'renew' ? 0 : action === 'fail-renewal' ? 1 : 3
  if (methodId) await fetch(`${origin}/_double/methods/${encodeURIComponent(methodId)}/decline-next`, { method: 'POST', body: JSON.stringify({ count: declines }) })
  // "Retries exhausted" runs every attempt; the others one.
  for (let run = 0; run < (action === 'expire' ? 3 : 1); run++) {
    const current = await payload.findByID({ collection: 'subscriptions', id: subscription.id, depth: 0 })
    // The next charge's date, or the end of a period whose renewal is off (the subscription then ends).
    const at = current.nextPaymentAt ?? current.currentPeriodEnd
    if (isEnded(current.status) || !at) break
    await chargeDueRenewals(payload, provider, new Date(at), current.id)
  }
  return true
}

const handler = formRoute<typeof input, { action: string }, 'required'>({
  input,
  auth: 'required',
  handle: async ({ user, payload, params, redirect }) => {
    const own = await newestOwnSubscription(payload, user)
    const providerId = own?.provider?.subscriptionId
    if (!own || !providerId) return NextResponse.json({ error: 'No subscription' }, { status: 404 })
    const provider = billingProvider()
    const action = params.action as Action
    if (provider?.runsRenewals) {
      if (!(await playSiteRun(payload, provider, own, action))) return NextResponse.json({ error: 'Not available with this provider' }, { status: 409 })
      return redirect('/profile/subscription')
    }
    const response = await fetch(`${env().STRIPE_API_URL}/_double/subscriptions/${encodeURIComponent(providerId)}/${action}`, { method: 'POST' })
    if (!response.ok) return NextResponse.json({ error: 'The test payment system refused' }, { status: 409 })
    return redirect('/profile/subscription')
  },
})

export async function POST(request: Request, route: { params: Promise<{ action: string }> }) {
  const { action } = await route.params
  if (!isTestBilling() || !ACTIONS.includes(action as Action)) return notFound()
  return handler(request, route)
}
