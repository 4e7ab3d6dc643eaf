// POST from the cancel-renewal popup (accept the one-time discount, or cancel auto-renewal) and from
// "Extend" on a subscription whose renewal was cancelled (turn it back on).
import { z } from 'zod'

import { billingProvider } from '@/lib/billing'
import { changeRenewal } from '@/lib/billing/record/renewalChoice'
import { formRoute } from '@/edge/formRoute'
import { readSiteSettings } from '@/lib/data/siteSettings'

const RESULT = { discount: 'discounted', cancel: 'cancelled', resume: 'resumed' } as const

export const POST = formRoute({
  input: z.object({ choice: z.enum(['discount', 'cancel', 'resume']) }),
  auth: 'required',
  invalid: ({ redirect }) => redirect('/profile/subscription', { renewal: 'failed' }),
  handle: async ({ data, user, payload, redirect }) => {
    const back = (renewal: string) => redirect('/profile/subscription', { renewal })
    // No provider of the site's own: a subscription bought with Telegram Stars still changes (through the bot).
    const provider = billingProvider()
    const { cancelDiscountPercent } = await readSiteSettings(payload)
    const result = await changeRenewal(payload, provider, user, data.choice, cancelDiscountPercent)
    if (!result.ok) return back(result.error === 'discountUsed' ? 'discountUsed' : 'failed')
    return back(RESULT[data.choice])
  },
})
