// The buttons of the local test checkout (never in production): pay or decline through the Stripe double,
// which then sends the signed events a real checkout would, and back to the site's result page.
import { NextResponse } from 'next/server'
import { z } from 'zod'

import { env } from '@/lib/env'
import { formRoute } from '@/lib/http/formRoute'

const input = z.object({ action: z.enum(['complete', 'fail']).catch('fail') })

const handler = formRoute<typeof input, { id: string }, 'none'>({
  input,
  auth: 'none',
  handle: async ({ data, params }) => {
    const response = await fetch(`${env().STRIPE_API_URL}/_double/checkout/${encodeURIComponent(params.id)}/${data.action}`, { method: 'POST' })
    const answer = (await response.json()) as { redirect?: string; error?: { message?: string } }
    if (!response.ok || !answer.redirect) return NextResponse.json({ error: answer.error?.message ?? 'Test checkout failed' }, { status: 409 })
    return NextResponse.redirect(answer.redirect, 303)
  },
})

export async function POST(request: Request, route: { params: Promise<{ id: string }> }) {
  const { billing, STRIPE_API_URL, isStrictProduction } = env()
  if (billing !== 'test' || !STRIPE_API_URL || isStrictProduction) return NextResponse.json({ error: 'Not found' }, { status: 404 })
  return handler(request, route)
}
