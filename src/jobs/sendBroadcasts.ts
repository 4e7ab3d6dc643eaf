// Every minute: editors' broadcasts being sent go on, a slice at a time within Telegram's limits
// (src/lib/bot/broadcasts.ts). Nothing to do without the site's bot.
import type { TaskConfig } from 'payload'

import { runBroadcasts } from '@/lib/bot/broadcasts'
import { siteBotConfig } from '@/lib/bot/config'

export const sendBroadcastsTask: TaskConfig<{ input: Record<string, never>; output: { sent: number } }> = {
  slug: 'sendBroadcasts',
  label: 'Send Telegram broadcasts',
  retries: 0,
  schedule: [{ cron: '* * * * *', queue: 'default' }],
  handler: async ({ req }) => {
    const config = siteBotConfig()
    return { output: { sent: config ? await runBroadcasts(req.payload, config) : 0 } }
  },
}
