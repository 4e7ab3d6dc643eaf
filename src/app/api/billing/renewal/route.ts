// POST from the cancel-renewal popup (accept the one-time discount, or cancel auto-renewal) and from
// "Extend" on a subscription whose renewal was cancelled (turn it back on).
import { NextResponse } from 'next/server'
import { z } from 'zod'

import { locales } from '@/i18n/locales'
import { currentUser } from '@/lib/auth/currentUser'
import { billingProvider } from '@/lib/billing'
import { changeRenewal } from '@/lib/billing/renewal'
import { payloadClient } from '@/lib/data/payload'
import { env } from '@/lib/env'
import { localizedPath } from '@/lib/routing/localizedPath'

const form = z.object({ choice: z.enum(['discount', 'cancel', 'resume']), locale: z.enum(locales).catch('ru') })

export async function POST(request: Request) {
  const body = await request.formData().catch(() => new FormData())
  const parsed = form.safeParse({ choice: body.get('choice'), locale: body.get('locale') })
  const locale = parsed.success ? parsed.data.locale : 'ru'
  const back = (result: string) =>
    NextResponse.redirect(`${env().serverUrl}${localizedPath('/profile/subscription', locale)}?renewal=${result}`, 303)
  const user = await currentUser(request.headers)
  if (!user) return NextResponse.redirect(`${env().serverUrl}${localizedPath('/login', locale)}`, 303)
  if (!parsed.success) return back('failed')
  const provider = billingProvider()
  if (!provider) return back('failed')
  const payload = await payloadClient()
  const { cancelDiscountPercent } = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
  const result = await changeRenewal(payload, provider, user, parsed.data.choice, cancelDiscountPercent ?? 30)
  if (!result.ok) return back(result.error === 'discountUsed' ? 'discountUsed' : 'failed')
  return back({ discount: 'discounted', cancel: 'cancelled', resume: 'resumed' }[parsed.data.choice])
}
