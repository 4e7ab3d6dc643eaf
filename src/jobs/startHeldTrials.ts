// Every tick of the job runner (a minute in production): trials that waited for the first device start from its
// connection (src/lib/billing/record/heldTrial.ts).
import type { TaskConfig } from 'payload'

import { startHeldTrials } from '@/lib/billing/record/heldTrial'
import { env } from '@/lib/env'
import { tickCron } from '@/lib/queue/tick'

export const startHeldTrialsTask: TaskConfig<{ input: Record<string, never>; output: { started: number } }> = {
  slug: 'startHeldTrials',
  label: 'Start the trials whose first device has connected',
  retries: 0,
  schedule: [{ cron: tickCron(env().JOB_TICK_SECONDS), queue: 'default' }],
  handler: async ({ req }) => ({ output: { started: await startHeldTrials(req.payload) } }),
}
