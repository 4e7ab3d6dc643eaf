// Every five minutes: the subscribers whose link was refused a new device today hear of it, once a day
// (src/lib/vip/deviceLimitNotices.ts), and those whose VIP keys staff changed (src/lib/vip/keyChangeNotices.ts).
import type { TaskConfig } from 'payload'

import { noticeDeviceLimits } from '@/lib/vip/deviceLimitNotices'
import { noticeKeyChanges } from '@/lib/vip/keyChangeNotices'

export const noticeDeviceLimitsTask: TaskConfig<{ input: Record<string, never>; output: { sent: number } }> = {
  slug: 'noticeDeviceLimits',
  label: 'Tell subscribers their device places are all taken, and that their VIP keys changed',
  retries: 0,
  schedule: [{ cron: '*/5 * * * *', queue: 'default' }],
  handler: async ({ req }) => ({ output: { sent: (await noticeDeviceLimits(req.payload)) + (await noticeKeyChanges(req.payload)) } }),
}
