// Work that must follow a committed change even if this process fails right after the commit (mail about a
// payment, revoking the keys of an ended subscription): queued in the change's own transaction, then run at
// once. The queue's runner takes over only after a pause, so the two never run the same job together.
import type { Payload, PayloadRequest } from 'payload'

import type { RenderedMail } from '@/lib/mail/templates'

/** How long the queue's runner leaves a job to the immediate run before treating it as failed. */
export const IMMEDIATE_RUN_GRACE_MS = 2 * 60_000

type FollowUp =
  | { task: 'sendEmail'; input: { to: string } & RenderedMail }
  /** A customer's notice: by the site's bot where their account takes notices in Telegram, else by e-mail. */
  | { task: 'sendNotice'; input: { userId: number; to: string } & RenderedMail }
  | { task: 'revokeVipKeys'; input: { user: number } }
  /** A referral's days given or taken back (src/lib/referral/settle.ts). */
  | { task: 'settleReferral'; input: { referral: number } }

/** Queues inside `req`'s transaction: the job exists exactly when the change does. */
export async function queueFollowUp(payload: Payload, req: PayloadRequest, followUp: FollowUp): Promise<string | number> {
  const waitUntil = new Date(Date.now() + IMMEDIATE_RUN_GRACE_MS)
  const job =
    followUp.task === 'sendEmail'
      ? await payload.jobs.queue({ task: 'sendEmail', input: followUp.input, waitUntil, req })
      : followUp.task === 'sendNotice'
        ? await payload.jobs.queue({ task: 'sendNotice', input: followUp.input, waitUntil, req })
        : followUp.task === 'revokeVipKeys'
          ? await payload.jobs.queue({ task: 'revokeVipKeys', input: followUp.input, waitUntil, req })
          : await payload.jobs.queue({ task: 'settleReferral', input: followUp.input, waitUntil, req })
  return job.id
}

/** After the commit: runs the queued jobs now; one that fails stays queued and is retried by the runner. */
export async function runFollowUps(payload: Payload, ids: readonly (string | number)[]): Promise<void> {
  for (const id of ids) {
    try {
      await payload.jobs.runByID({ id })
    } catch (error) {
      payload.logger.warn({ err: error, msg: `Follow-up job ${String(id)} did not run now; the job queue retries it` })
    }
  }
}
