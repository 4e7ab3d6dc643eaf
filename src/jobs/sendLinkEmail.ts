// The job that sends an e-mail link the first attempt could not: it keeps the request, not the link, and issues the
// link when the mail server finally takes the mail (src/lib/auth/linkRequest.ts), so a link that arrives after an
// outage works for its whole lifetime from then. Retried with growing pauses, as every e-mail is (sendEmail.ts).
import type { TaskConfig } from 'payload'

import { composeLinkMail } from '@/lib/auth/linkRequest'
import type { LinkMailRequest } from '@/lib/auth/linkRequest'
import { localeOrDefault } from '@/i18n/locales'

export const sendLinkEmailTask: TaskConfig<{
  input: { email: string; purpose: string; locale: string; next?: string | null; origin: string }
  output: Record<string, never>
}> = {
  slug: 'sendLinkEmail',
  label: 'Send an e-mail link',
  retries: { attempts: 12, backoff: { type: 'exponential', delay: 30_000 } },
  inputSchema: [
    { name: 'email', type: 'email', required: true },
    { name: 'purpose', type: 'text', required: true },
    { name: 'locale', type: 'text', required: true },
    { name: 'next', type: 'text' },
    { name: 'origin', type: 'text', required: true },
  ],
  handler: async ({ input, req }) => {
    const purpose = (['login', 'register', 'purchase'] as const).find((known) => known === input.purpose) ?? 'login'
    const request: LinkMailRequest = { email: input.email, purpose, locale: localeOrDefault(input.locale), next: input.next ?? null, origin: input.origin }
    const mail = await composeLinkMail(req.payload, request)
    await req.payload.sendEmail({ to: input.email, subject: mail.subject, html: mail.html, text: mail.text })
    return { output: {} }
  },
}
