// Test mode only (the local Stripe double, never production): lets a subscriber play what time and the
// bank do to their own subscription (renewal paid or failed, retries exhausted, trial ending), so every
// state of the personal account can be tried. The double then sends the signed events Stripe would.
import { NextResponse } from 'next/server'
import { z } from 'zod'

import { newestOwnSubscription } from '@/lib/billing/account'
import { env } from '@/lib/env'
import { formRoute } from '@/lib/http/formRoute'

const ACTIONS = ['renew', 'fail-renewal', 'expire', 'trial-will-end'] as const
const input = z.object({})
const notFound = () => NextResponse.json({ error: 'Not found' }, { status: 404 })

const handler = formRoute<typeof input, { action: string }, 'required'>({
  input,
  auth: 'required',
  handle: async ({ user, payload, params, redirect }) => {
    const own = await newestOwnSubscription(payload, user)
    const providerId = own?.provider?.subscriptionId
    if (!providerId) return NextResponse.json({ error: 'No subscription' }, { status: 404 })
    const response = await fetch(`${env().STRIPE_API_URL}/_double/subscriptions/${encodeURIComponent(providerId)}/${params.action}`, { method: 'POST' })
    if (!response.ok) return NextResponse.json({ error: 'The test payment system refused' }, { status: 409 })
    return redirect('/profile/subscription')
  },
})

export async function POST(request: Request, route: { params: Promise<{ action: string }> }) {
  const { billing, STRIPE_API_URL, isStrictProduction } = env()
  const { action } = await route.params
  if (billing !== 'test' || !STRIPE_API_URL || isStrictProduction || !ACTIONS.includes(action as (typeof ACTIONS)[number])) return notFound()
  return handler(request, route)
}
