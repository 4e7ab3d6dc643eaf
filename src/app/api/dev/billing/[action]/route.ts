// Test mode only (the local Stripe double, never production): lets a subscriber play what time and the
// bank do to their own subscription (renewal paid or failed, retries exhausted, trial ending), so every
// state of the personal account can be tried. The double then sends the signed events Stripe would.
import { NextResponse } from 'next/server'

import { currentUser } from '@/lib/auth/currentUser'
import { newestOwnSubscription } from '@/lib/billing/account'
import { payloadClient } from '@/lib/data/payload'
import { env } from '@/lib/env'
import { localizedPath } from '@/lib/routing/localizedPath'

const ACTIONS = ['renew', 'fail-renewal', 'expire', 'trial-will-end'] as const

export async function POST(request: Request, { params }: { params: Promise<{ action: string }> }) {
  const { billing, STRIPE_API_URL, isStrictProduction, serverUrl } = env()
  const { action } = await params
  if (billing !== 'test' || !STRIPE_API_URL || isStrictProduction || !ACTIONS.includes(action as (typeof ACTIONS)[number])) {
    return NextResponse.json({ error: 'Not found' }, { status: 404 })
  }
  const user = await currentUser(request.headers)
  if (!user) return NextResponse.json({ error: 'unauthorized' }, { status: 401 })
  const payload = await payloadClient()
  const own = await newestOwnSubscription(payload, user)
  const providerId = own?.provider?.subscriptionId
  if (!providerId) return NextResponse.json({ error: 'No subscription' }, { status: 404 })
  const response = await fetch(`${STRIPE_API_URL}/_double/subscriptions/${encodeURIComponent(providerId)}/${action}`, { method: 'POST' })
  if (!response.ok) return NextResponse.json({ error: 'The test payment system refused' }, { status: 409 })
  const form = await request.formData().catch(() => new FormData())
  const locale = form.get('locale') === 'en' ? 'en' : 'ru'
  return NextResponse.redirect(`${serverUrl}${localizedPath('/profile/subscription', locale)}`, 303)
}
