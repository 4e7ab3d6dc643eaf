// Every ten minutes: subscriptions paid in Telegram Stars, and those a gift started, whose period is over end, with the
// site's notice (Telegram says nothing when a subscriber cancels in its settings or a renewal is not paid:
// src/lib/billing/providers/stars.ts; a gift's period is one payment's: src/lib/gift).
import type { TaskConfig } from 'payload'

import { endLapsedStarsSubscriptions } from '@/lib/billing/providers/stars'

export const endStarsSubscriptionsTask: TaskConfig<{ input: Record<string, never>; output: { ended: number } }> = {
  slug: 'endStarsSubscriptions',
  label: 'End Telegram Stars subscriptions that were not renewed',
  retries: 0,
  schedule: [{ cron: '*/10 * * * *', queue: 'default' }],
  handler: async ({ req }) => ({ output: { ended: await endLapsedStarsSubscriptions(req.payload) } }),
}
