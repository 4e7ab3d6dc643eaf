// Sends an e-mail now, or queues it for the retrying job when the mail server is unavailable.
import type { Payload } from 'payload'

import type { RenderedMail } from './templates'

export type DeliveryResult = 'sent' | 'queued' | 'failed'

export async function deliverMail(payload: Payload, to: string, mail: RenderedMail): Promise<DeliveryResult> {
  try {
    await payload.sendEmail({ to, subject: mail.subject, html: mail.html, text: mail.text })
    return 'sent'
  } catch (error) {
    payload.logger.warn({ err: error, msg: `Mail to ${to} not sent now; queued for retry` })
  }
  try {
    await payload.jobs.queue({ task: 'sendEmail', input: { to, ...mail } })
    return 'queued'
  } catch (error) {
    payload.logger.error({ err: error, msg: `Mail to ${to} could not be queued` })
    return 'failed'
  }
}
