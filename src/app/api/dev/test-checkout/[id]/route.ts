// The buttons of the local test checkout (never in production): pay or decline through the Stripe double,
// which then sends the signed events a real checkout would, and back to the site's result page.
import { NextResponse } from 'next/server'

import { env } from '@/lib/env'

export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { billing, STRIPE_API_URL, isStrictProduction } = env()
  if (billing !== 'test' || !STRIPE_API_URL || isStrictProduction) return NextResponse.json({ error: 'Not found' }, { status: 404 })
  const { id } = await params
  const form = await request.formData().catch(() => new FormData())
  const action = form.get('action') === 'complete' ? 'complete' : 'fail'
  const response = await fetch(`${STRIPE_API_URL}/_double/checkout/${encodeURIComponent(id)}/${action}`, { method: 'POST' })
  const answer = (await response.json()) as { redirect?: string; error?: { message?: string } }
  if (!response.ok || !answer.redirect) return NextResponse.json({ error: answer.error?.message ?? 'Test checkout failed' }, { status: 409 })
  return NextResponse.redirect(answer.redirect, 303)
}
