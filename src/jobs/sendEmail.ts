// The job that delivers an e-mail the first attempt could not: retried with growing pauses until the
// mail server takes it, so a request that was accepted is never lost to an SMTP outage.
import type { TaskConfig } from 'payload'

export const sendEmailTask: TaskConfig<{
  input: { to: string; subject: string; html: string; text: string }
  output: Record<string, never>
}> = {
  slug: 'sendEmail',
  label: 'Send e-mail',
  retries: { attempts: 12, backoff: { type: 'exponential', delay: 30_000 } },
  inputSchema: [
    { name: 'to', type: 'email', required: true },
    { name: 'subject', type: 'text', required: true },
    { name: 'html', type: 'textarea', required: true },
    { name: 'text', type: 'textarea', required: true },
  ],
  handler: async ({ input, req }) => {
    await req.payload.sendEmail({ to: input.to, subject: input.subject, html: input.html, text: input.text })
    return { output: {} }
  },
}
