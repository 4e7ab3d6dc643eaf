// Stops the VIP keys of an ended subscription on their servers. Queued in the same transaction that ends
// the subscription, so a failure right after the commit cannot leave paid keys working; retried with growing
// pauses. It checks again when it runs: a user who subscribed anew in between keeps their keys.
import type { TaskConfig } from 'payload'

import { revokeAllVipKeys } from '@/lib/vip/deviceKeys'

export const revokeVipKeysTask: TaskConfig<{ input: { user: number }; output: Record<string, never> }> = {
  slug: 'revokeVipKeys',
  label: 'Revoke VIP keys of an ended subscription',
  retries: { attempts: 12, backoff: { type: 'exponential', delay: 30_000 } },
  inputSchema: [{ name: 'user', type: 'number', required: true }],
  handler: async ({ input, req }) => {
    await revokeAllVipKeys(req.payload, input.user)
    return { output: {} }
  },
}
