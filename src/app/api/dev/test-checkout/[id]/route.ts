// The buttons of the local test checkout (never in production): pay or decline through the provider's
// double, which then sends what the provider would, and back to where the provider sends the buyer.
import { NextResponse } from 'next/server'
import { z } from 'zod'

import { PAYMENT_METHOD_KINDS } from '@/lib/billing/providers/provider'
import { finishTestCheckout, isTestBilling } from '@/lib/billing/providers/testCheckout'
import { formRoute } from '@/edge/formRoute'

const input = z.object({
  action: z.enum(['complete', 'fail']).catch('fail'),
  method: z.enum(PAYMENT_METHOD_KINDS).catch('card'),
  /** The test card's last digits; the double's own card when empty. */
  last4: z.string().regex(/^\d{4}$/).optional().catch(undefined),
})

const handler = formRoute<typeof input, { id: string }, 'none'>({
  input,
  auth: 'none',
  handle: async ({ data, params }) => {
    const answer = await finishTestCheckout(params.id, data.action, data.method, data.last4)
    if ('error' in answer) return NextResponse.json({ error: answer.error }, { status: 409 })
    return NextResponse.redirect(answer.redirect, 303)
  },
})

export async function POST(request: Request, route: { params: Promise<{ id: string }> }) {
  if (!isTestBilling()) return NextResponse.json({ error: 'Not found' }, { status: 404 })
  return handler(request, route)
}
