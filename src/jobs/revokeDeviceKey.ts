// A subscriber's revocation of one device key, on its server, once the undo window has passed (queued with the
// revocation, to run at the window's end). Nothing happens if the subscriber undid it in time.
import type { TaskConfig } from 'payload'

import { finishScheduledRevocation } from '@/lib/provisioning/revocation'

export const revokeDeviceKeyTask: TaskConfig<{ input: { key: number }; output: Record<string, never> }> = {
  slug: 'revokeDeviceKey',
  label: 'Revoke a device key on its server after the undo window',
  retries: { attempts: 12, backoff: { type: 'exponential', delay: 30_000 } },
  inputSchema: [{ name: 'key', type: 'number', required: true }],
  handler: async ({ input, req }) => {
    await finishScheduledRevocation(req.payload, input.key)
    return { output: {} }
  },
}
