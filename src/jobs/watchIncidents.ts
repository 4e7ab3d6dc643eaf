// Every five minutes: what is wrong now against the incidents recorded; staff are told what started and what is
// over (see src/lib/alerts/watch.ts).
import type { TaskConfig } from 'payload'

import { watchIncidents } from '@/lib/alerts/watch'

export const watchIncidentsTask: TaskConfig<{ input: Record<string, never>; output: { holding: number; started: number; ended: number } }> = {
  slug: 'watchIncidents',
  label: 'Watch for problems to alert staff about',
  retries: 0,
  schedule: [{ cron: '*/5 * * * *', queue: 'default' }],
  handler: async ({ req }) => {
    const { holding, started, ended } = await watchIncidents(req.payload)
    return { output: { holding, started: started.length, ended: ended.length } }
  },
}
