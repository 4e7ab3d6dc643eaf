// Where e-mail goes: SMTP when SMTP_URL is set, otherwise (never in production) the console.
import nodemailer from 'nodemailer'
import type { Transport, Transporter } from 'nodemailer'

import type { Env } from '@/lib/env'

type ConsoleInfo = { envelope: { from: string | false; to: string[] }; messageId: string }

export type OutboxMessage = { at: string; to: string[]; subject: string; text: string }

const OUTBOX_LIMIT = 50
const outboxStore = globalThis as typeof globalThis & { __vpnkeysOutbox?: OutboxMessage[] }

/** The messages the console transport printed in this process, newest first (for the dev outbox page). */
export function devOutbox(): OutboxMessage[] {
  return outboxStore.__vpnkeysOutbox ?? []
}

function consoleTransport(): Transport<ConsoleInfo> {
  return {
    name: 'console',
    version: '1.0.0',
    send(mail, callback) {
      const { subject, text } = mail.data
      const envelope = mail.message.getEnvelope()
      const body = typeof text === 'string' ? text : ''
      console.info(`\n[mail] to ${envelope.to.join(', ')}: ${String(subject ?? '')}\n${body}\n`)
      outboxStore.__vpnkeysOutbox = [{ at: new Date().toISOString(), to: envelope.to, subject: String(subject ?? ''), text: body }, ...devOutbox()].slice(0, OUTBOX_LIMIT)
      callback(null, { envelope, messageId: mail.message.messageId() })
    },
  }
}

export function createMailTransport(env: Pick<Env, 'SMTP_URL' | 'isStrictProduction'>): Transporter {
  if (env.SMTP_URL) return nodemailer.createTransport(env.SMTP_URL)
  if (env.isStrictProduction) throw new Error('SMTP_URL is required in production')
  return nodemailer.createTransport(consoleTransport())
}

export function describeMailDestination(env: Pick<Env, 'SMTP_URL'>): string {
  if (!env.SMTP_URL) return 'printed to this console and listed at /api/dev/outbox (no SMTP_URL set)'
  const url = new URL(env.SMTP_URL)
  return `SMTP server ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? '465' : '587')}`
}
