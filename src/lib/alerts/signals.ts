// Failures in a row of something the site calls, counted in the database so every instance adds to one count:
// the payment provider refusing the site's requests. A success sets the count back to zero. The incident watch
// (watch.ts) reads the count; recording never stands in the way of the call it describes. Calls are recorded through
// the Payload instance registered when Payload starts (payload.config.ts, onInit): this module imports no Payload
// client, so what records a signal (billing, jobs) never depends on the config that is built from it.
import type { Pool } from 'pg'
import type { Payload } from 'payload'

import { sqlPool } from '@/lib/db/pool'

export const PROVIDER_SIGNAL = 'paymentProvider'
/** Written by deploy/backup/backup.sh after each run: failures in a row, and the last backup that succeeded. */
export const BACKUP_SIGNAL = 'backup'
/** The backups are daily: a day and two hours without one that succeeded is an incident. */
export const BACKUP_MAX_AGE_HOURS = 26
/** The provider refused this many requests in a row, with none answered since. */
export const REFUSALS_IN_A_ROW = 3

/**
 * Whether an error thrown by a provider call means the provider refused the site (keys revoked, its API down or
 * unreachable, limits, a request it rejects), rather than a buyer's card being declined.
 */
export function isRefusal(error: unknown): boolean {
  if (!(error instanceof Error)) return true
  const type = (error as { type?: unknown }).type
  // Stripe: a declined card is the buyer's business, not the site's.
  if (type === 'StripeCardError' || error.name === 'SignatureError') return false
  return true
}

export async function recordSignal(pool: Pool, name: string, outcome: { ok: true } | { ok: false; error: string }): Promise<void> {
  if (outcome.ok) {
    await pool.query(`UPDATE alert_signals SET failures = 0, last_ok_at = now() WHERE name = $1 AND failures > 0`, [name])
    return
  }
  await pool.query(
    `INSERT INTO alert_signals (name, failures, last_error, last_failure_at) VALUES ($1, 1, $2, now())
     ON CONFLICT (name) DO UPDATE SET failures = alert_signals.failures + 1, last_error = excluded.last_error, last_failure_at = now()`,
    [name, outcome.error.slice(0, 500)],
  )
}

// On the process, not the module: the site's server and Next.js's bundle each load this module, and one Payload serves both.
const RECORDER = Symbol.for('vpnkeys.signalRecorder')
const holder = globalThis as typeof globalThis & { [RECORDER]?: Payload }

/** The Payload instance signals are recorded through: set once, when Payload starts. */
export function registerSignalRecorder(payload: Payload): void {
  holder[RECORDER] = payload
}

/** Records a provider call's outcome in the background: an error is logged, never thrown at the caller. */
export function recordProviderCall(error?: unknown): void {
  if (error !== undefined && !isRefusal(error)) return
  const payload = holder[RECORDER]
  // Before Payload started (a script that calls a provider on its own) there is nothing to count in.
  if (!payload) return
  const outcome = error === undefined ? ({ ok: true } as const) : ({ ok: false, error: error instanceof Error ? error.message : String(error) } as const)
  recordSignal(sqlPool(payload), PROVIDER_SIGNAL, outcome).catch((failure: unknown) => {
    payload.logger.warn({ err: failure, msg: 'The payment provider call could not be counted for alerts' })
  })
}
