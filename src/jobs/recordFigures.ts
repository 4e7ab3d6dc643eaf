// Hourly: the figures the dashboard's trends need and nothing else keeps (src/lib/admin/trends.ts).
import type { TaskConfig } from 'payload'

import { recordFigures } from '@/lib/admin/trends'

export const recordFiguresTask: TaskConfig<{ input: Record<string, never>; output: { active: number; trialing: number } }> = {
  slug: 'recordFigures',
  label: 'Record the dashboard’s figures',
  retries: 1,
  schedule: [{ cron: '55 * * * *', queue: 'default' }],
  handler: async ({ req }) => ({ output: await recordFigures(req.payload) }),
}
