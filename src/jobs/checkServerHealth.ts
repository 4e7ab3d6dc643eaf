// Every ten minutes: reachability and latency of every enabled server (see src/lib/provisioning/health.ts).
import type { TaskConfig } from 'payload'

import { checkAllServers } from '@/lib/provisioning/health'

export const checkServerHealthTask: TaskConfig<{ input: Record<string, never>; output: { checked: number; down: string[] } }> = {
  slug: 'checkServerHealth',
  label: 'Check server health',
  retries: 1,
  schedule: [{ cron: '*/10 * * * *', queue: 'default' }],
  handler: async ({ req }) => ({ output: await checkAllServers(req.payload) }),
}
