// Counting what Payload does for the site, at the one place each thing passes: every job run (by task and outcome,
// with a log line naming the job), every e-mail handed to the mail server, every entry of a subscription's history.
import type { CollectionAfterChangeHook, EmailAdapter, Payload } from 'payload'

import { aroundSendEmail } from '@/lib/mail/adapter'

import { metrics } from './metrics'

// What the wrapper reads of a task's handler, whatever its input and output.
type TaskArgs = { job: { id: number | string }; req: { payload: Payload } }
type Handler = (args: TaskArgs) => unknown

/** The task, its runs counted and timed, and logged with the job's id. */
export function measuredTask<T extends { slug: string; handler: unknown }>(task: T): T {
  if (typeof task.handler !== 'function') return task
  const handler = task.handler as Handler
  const measured = async (args: TaskArgs) => {
    const started = performance.now()
    const { jobRuns, jobDuration } = metrics()
    const done = (outcome: 'ok' | 'failed') => {
      const seconds = (performance.now() - started) / 1000
      jobRuns.inc({ task: task.slug, outcome })
      jobDuration.observe({ task: task.slug }, seconds)
      args.req.payload.logger[outcome === 'ok' ? 'info' : 'warn']({ job: args.job.id, task: task.slug, outcome, durationMs: Math.round(seconds * 1000) }, 'job run')
    }
    try {
      const result = await handler(args)
      done((result as { state?: string } | undefined)?.state === 'failed' ? 'failed' : 'ok')
      return result
    } catch (error) {
      done('failed')
      throw error
    }
  }
  return { ...task, handler: measured as T['handler'] }
}

/** The mail adapter, each message counted as sent or failed. */
export function measuredEmail<T>(adapter: EmailAdapter<T> | Promise<EmailAdapter<T>>): Promise<EmailAdapter<T>> {
  return aroundSendEmail(adapter, async (message, send) => {
    try {
      const sent = await send(message)
      metrics().emails.inc({ outcome: 'sent' })
      return sent
    } catch (error) {
      metrics().emails.inc({ outcome: 'failed' })
      throw error
    }
  })
}

/** A subscription-events hook: each new entry counted by its type (payment, renewed, payment_failed…). */
export const countSubscriptionEvent: CollectionAfterChangeHook = ({ doc, operation }) => {
  if (operation === 'create' && typeof (doc as { type?: unknown }).type === 'string') metrics().subscriptionEvents.inc({ type: (doc as { type: string }).type })
  return doc
}
