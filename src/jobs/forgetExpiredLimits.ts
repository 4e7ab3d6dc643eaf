// Hourly: forget the rate-limit windows that have ended (one row per address they counted), the probes' hourly
// roll-ups older than eight days (src/lib/probes/rounds.ts), the bot's updates of more than a day ago (src/lib/bot/store.ts),
// and the days subscribers were refused a device, after a week (src/lib/vip/deviceLimitNotices.ts).
import type { TaskConfig } from 'payload'

import { forgetExpiredLimits } from '@/lib/http/rateLimit'
import { forgetTelegramUpdates } from '@/lib/bot/store'
import { forgetDeviceLimitDays } from '@/lib/vip/deviceLimitNotices'
import { forgetProbeHistory } from '@/lib/probes/rounds'

export const forgetExpiredLimitsTask: TaskConfig<{ input: Record<string, never>; output: { deleted: number } }> = {
  slug: 'forgetExpiredLimits',
  label: 'Forget expired rate limits and old probe results',
  retries: 3,
  schedule: [{ cron: '17 * * * *', queue: 'default' }],
  handler: async ({ req }) => ({ output: { deleted: (await forgetExpiredLimits(req.payload)) + (await forgetProbeHistory(req.payload)) + (await forgetTelegramUpdates(req.payload)) + (await forgetDeviceLimitDays(req.payload)) } }),
}
