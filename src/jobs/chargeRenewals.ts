// Every ten minutes: renewals the site charges itself (YooKassa) for subscriptions whose date has come,
// including retries of declined ones. Safe on every instance at once: each period is charged once.
import type { TaskConfig } from 'payload'

import { billingProvider } from '@/lib/billing'
import { chargeDueRenewals } from '@/lib/billing/record/siteRenewals'

export const chargeRenewalsTask: TaskConfig<{ input: Record<string, never>; output: { charged: number; failures: number } }> = {
  slug: 'chargeRenewals',
  label: 'Charge renewals (YooKassa)',
  retries: 0,
  schedule: [{ cron: '*/10 * * * *', queue: 'default' }],
  handler: async ({ req }) => {
    const provider = billingProvider()
    if (!provider?.runsRenewals) return { output: { charged: 0, failures: 0 } }
    return { output: await chargeDueRenewals(req.payload, provider) }
  },
}
