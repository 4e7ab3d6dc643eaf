// One alert to staff on one channel, queued by the incident watch with the incidents that started and ended;
// a channel that fails is tried again with growing pauses, without repeating the other.
import type { TaskConfig } from 'payload'

import { notifyStaff } from '@/lib/alerts/notify'

export const notifyStaffTask: TaskConfig<{ input: { channel: 'email' | 'telegram'; started: number[]; ended: number[] }; output: { sent: number } }> = {
  slug: 'notifyStaff',
  label: 'Alert staff',
  retries: { attempts: 10, backoff: { type: 'exponential', delay: 30_000 } },
  inputSchema: [
    { name: 'channel', type: 'select', options: ['email', 'telegram'], required: true },
    { name: 'started', type: 'json', required: true },
    { name: 'ended', type: 'json', required: true },
  ],
  handler: async ({ input, req }) => ({ output: await notifyStaff(req.payload, input) }),
}
