// Every minute: trials that waited for the first device start from its connection (src/lib/billing/record/heldTrial.ts).
import type { TaskConfig } from 'payload'

import { startHeldTrials } from '@/lib/billing/record/heldTrial'

export const startHeldTrialsTask: TaskConfig<{ input: Record<string, never>; output: { started: number } }> = {
  slug: 'startHeldTrials',
  label: 'Start the trials whose first device has connected',
  retries: 0,
  schedule: [{ cron: '* * * * *', queue: 'default' }],
  handler: async ({ req }) => ({ output: { started: await startHeldTrials(req.payload) } }),
}
