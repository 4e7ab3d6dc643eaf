// Hourly: forget the rate-limit windows that have ended (one row per address they counted).
import type { TaskConfig } from 'payload'

import { forgetExpiredLimits } from '@/lib/http/rateLimit'

export const forgetExpiredLimitsTask: TaskConfig<{ input: Record<string, never>; output: { deleted: number } }> = {
  slug: 'forgetExpiredLimits',
  label: 'Forget expired rate limits',
  retries: 3,
  schedule: [{ cron: '17 * * * *', queue: 'default' }],
  handler: async ({ req }) => ({ output: { deleted: await forgetExpiredLimits(req.payload) } }),
}
