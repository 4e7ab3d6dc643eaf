// Gives (or takes back) the days a referral's decision names, on the friend's and the referrer's subscriptions
// (src/lib/referral/settle.ts). Queued with the payment or refund that decided it; run again, it changes nothing more.
import type { TaskConfig } from 'payload'

import { settleReferral } from '@/lib/referral/settle'

export const settleReferralTask: TaskConfig<{ input: { referral: number }; output: Record<string, never> }> = {
  slug: 'settleReferral',
  label: 'Give or take back the days of a referral',
  retries: { attempts: 12, backoff: { type: 'exponential', delay: 30_000 } },
  inputSchema: [{ name: 'referral', type: 'number', required: true }],
  handler: async ({ input, req }) => {
    await settleReferral(req.payload, input.referral)
    return { output: {} }
  },
}
