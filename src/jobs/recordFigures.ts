// Hourly: the figures the dashboard's trends need and nothing else keeps (src/lib/admin/trends.ts), and the demo's
// probe network's hours (src/lib/probes/demo.ts).
import type { TaskConfig } from 'payload'

import { recordFigures } from '@/lib/admin/trends'
import { fillDemoProbeNetwork } from '@/lib/probes/demo'

export const recordFiguresTask: TaskConfig<{ input: Record<string, never>; output: { active: number; trialing: number } }> = {
  slug: 'recordFigures',
  label: 'Record the dashboard’s figures',
  retries: 1,
  schedule: [{ cron: '55 * * * *', queue: 'default' }],
  handler: async ({ req }) => {
    // The demo's probe network, where there is one (never in production): its hours up to now.
    await fillDemoProbeNetwork(req.payload)
    return { output: await recordFigures(req.payload) }
  },
}
