// Hourly: keep every free server's keys fresh; the daily rotation happens at the time set in site settings.
import type { TaskConfig } from 'payload'

import { rotateFreeKeys } from '@/lib/provisioning/rotation'

export const rotateFreeKeysTask: TaskConfig<{
  input: Record<string, never>
  output: { ran: boolean; issued: number; revoked: number; failures: { server: string; error: string }[] }
}> = {
  slug: 'rotateFreeKeys',
  label: 'Rotate free keys',
  retries: 2,
  schedule: [{ cron: '5 * * * *', queue: 'default' }],
  handler: async ({ req }) => {
    // The job log keeps the totals; the per-server account is for the admin's "rotate now".
    const { ran, issued, revoked, failures } = await rotateFreeKeys(req.payload)
    return { output: { ran, issued, revoked, failures } }
  },
}
