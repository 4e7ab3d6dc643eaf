// Every 30 minutes: free keys checked through a real connection (see src/lib/liveness/checkKeys.ts), then the probes'
// verdicts that went stale read again (src/lib/probes/rounds.ts: refreshStaleReach).
import type { TaskConfig } from 'payload'

import { checkFreeKeys } from '@/lib/liveness/checkKeys'
import type { LivenessRun } from '@/lib/liveness/checkKeys'
import { refreshStaleReach } from '@/lib/probes/rounds'

export const checkKeyConnectionsTask: TaskConfig<{ input: Record<string, never>; output: LivenessRun }> = {
  slug: 'checkKeyConnections',
  label: 'Check keys through a real connection',
  retries: 0,
  schedule: [{ cron: '*/30 * * * *', queue: 'default' }],
  handler: async ({ req }) => {
    const run = await checkFreeKeys(req.payload)
    await refreshStaleReach(req.payload)
    return { output: run }
  },
}
