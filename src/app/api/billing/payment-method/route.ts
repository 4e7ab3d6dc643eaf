// POST from the subscription page's "Remove card" question: the saved payment method is unlinked
// (src/lib/billing/record/paymentMethod.ts), and the page says what that means for renewal.
import { z } from 'zod'

import { billingProvider } from '@/lib/billing'
import { unlinkPaymentMethod } from '@/lib/billing/record/paymentMethod'
import { formRoute } from '@/edge/formRoute'

export const POST = formRoute({
  input: z.object({ choice: z.literal('unlink') }),
  auth: 'required',
  invalid: ({ redirect }) => redirect('/profile/subscription', { method: 'failed' }),
  handle: async ({ user, payload, redirect }) => {
    const provider = billingProvider()
    const result = provider ? await unlinkPaymentMethod(payload, provider, user) : null
    return redirect('/profile/subscription', { method: result?.ok ? 'removed' : result?.error === 'noMethod' ? 'none' : 'failed' })
  },
})
