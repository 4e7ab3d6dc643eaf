// Hourly: keep every free server's keys fresh (the daily rotation happens at the time set in site settings), and the
// VIP servers' test keys for probes.
import type { TaskConfig } from 'payload'

import { ensureVipProbeKeys } from '@/lib/probes/vipKeys'
import { rotateFreeKeys } from '@/lib/provisioning/rotation'

export const rotateFreeKeysTask: TaskConfig<{
  input: Record<string, never>
  output: { ran: boolean; issued: number; revoked: number; failures: { server: string; error: string }[]; probeKeys: { issued: number; revoked: number; failures: number } }
}> = {
  slug: 'rotateFreeKeys',
  label: 'Rotate free keys',
  retries: 2,
  schedule: [{ cron: '5 * * * *', queue: 'default' }],
  handler: async ({ req }) => {
    // The job log keeps the totals; the per-server account is for the admin's "rotate now".
    const { ran, issued, revoked, failures } = await rotateFreeKeys(req.payload)
    const probeKeys = await ensureVipProbeKeys(req.payload)
    for (const failure of probeKeys.failures) req.payload.logger.warn({ msg: `A VIP test key for probes on ${failure.server} could not be issued: ${failure.error}` })
    return { output: { ran, issued, revoked, failures, probeKeys: { issued: probeKeys.issued, revoked: probeKeys.revoked, failures: probeKeys.failures.length } } }
  },
}
