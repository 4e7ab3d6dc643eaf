// The job that delivers a customer's notice (src/lib/bot/notices.ts): by the site's bot where the account takes its
// notices in Telegram, else by e-mail; retried with growing pauses until one of them takes it.
import type { TaskConfig } from 'payload'

import { deliverNotice } from '@/lib/bot/notices'

export const sendNoticeTask: TaskConfig<{
  input: { userId: number; to: string; subject: string; html: string; text: string }
  output: { delivered: string }
}> = {
  slug: 'sendNotice',
  label: 'Send a notice (Telegram or e-mail)',
  retries: { attempts: 12, backoff: { type: 'exponential', delay: 30_000 } },
  inputSchema: [
    { name: 'userId', type: 'number', required: true },
    { name: 'to', type: 'email', required: true },
    { name: 'subject', type: 'text', required: true },
    { name: 'html', type: 'textarea', required: true },
    { name: 'text', type: 'textarea', required: true },
  ],
  handler: async ({ input, req }) => ({ output: { delivered: await deliverNotice(req.payload, input) } }),
}
