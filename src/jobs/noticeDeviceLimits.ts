// Every five minutes: the subscribers whose link was refused a new device today hear of it, once a day
// (src/lib/vip/deviceLimitNotices.ts).
import type { TaskConfig } from 'payload'

import { noticeDeviceLimits } from '@/lib/vip/deviceLimitNotices'

export const noticeDeviceLimitsTask: TaskConfig<{ input: Record<string, never>; output: { sent: number } }> = {
  slug: 'noticeDeviceLimits',
  label: 'Tell subscribers their device places are all taken',
  retries: 0,
  schedule: [{ cron: '*/5 * * * *', queue: 'default' }],
  handler: async ({ req }) => ({ output: { sent: await noticeDeviceLimits(req.payload) } }),
}
