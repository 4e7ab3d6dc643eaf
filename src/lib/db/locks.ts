// PostgreSQL advisory locks: "one of these at a time, across every app instance". Every lock the site takes is named
// in LOCKS, and taken one of four ways:
// - with a Payload transaction (`withTransaction`, ./transaction.ts): released when it commits or rolls back
//   (billing, device keys, the cancel discount, the incident watch);
// - with a plain SQL transaction (`withSqlTransaction`), for code that runs without Payload: admitting devices;
// - for a run that others skip while it holds (`whileHolding`): the free-key rotation;
// - on a connection kept for as long as this instance holds it (`holdLock`): the job runner.
// Locks are named by text and hashed by PostgreSQL (`hashtext`), so the names here are the whole contract. Nothing
// here loads Payload: the subscription poll's fast path (src/server) uses it before Next.js.
import type { Pool, PoolClient } from 'pg'

import type { SqlPool, SqlQuery } from './pool'

/** A subscription as its lock names it: its id at the provider (a site-run one's order), or ours before it has one. */
type LockedSubscription = { id: number | string; provider?: { subscriptionId?: string | null } | null }

export const LOCKS = {
  /** The instance that runs the job queue (src/lib/queue/runner.ts). */
  jobRunner: 'vpnkeys-job-runner',
  /** One free-key rotation at a time (src/lib/provisioning/rotation.ts). */
  freeKeyRotation: 'free-key-rotation',
  /** One look for incidents at a time (src/lib/alerts/watch.ts). */
  incidentWatch: 'incident-watch',
  /** Every change of one subscription: payments, provider events, renewals, refunds, the subscriber's changes. */
  billing: (subscription: LockedSubscription | string) =>
    `billing:${typeof subscription === 'string' ? subscription : (subscription.provider?.subscriptionId ?? subscription.id)}`,
  /** One change of a gift at a time (src/lib/gift): paid, redeemed or voided once. */
  gift: (giftId: number) => `gift:${giftId}`,
  /** One refund of a payment at a time (src/lib/billing/record/refund.ts), by the payment's reference. */
  refund: (paymentReference: string) => `refund:${paymentReference}`,
  /** A user's first offer of the cancel discount. */
  cancelDiscount: (userId: number) => `cancel-discount:${userId}`,
  /** Counting and creating a user's device keys. */
  deviceKeys: (userId: number) => `device-keys:${userId}`,
  /** One device key's revocation or restoration. */
  deviceKey: (keyId: number) => `device-key:${keyId}`,
  /** Keys issued on one server: never two at once with the same port or name. */
  provisioning: (serverId: number) => `provision:server:${serverId}`,
  /** Admitting a user's devices to the subscription's device limit. */
  devices: (userId: number) => `devices:${userId}`,
} as const

/**
 * Runs `work` in a plain SQL transaction on one connection of `pool`, holding the lock named `key`, given up with an
 * error after `lockTimeoutMs` (so a stuck holder cannot take the pool's few connections with it). For code that runs
 * without Payload (the subscription poll).
 */
export async function withSqlTransaction<T>(pool: SqlPool, key: string, work: (query: SqlQuery) => Promise<T>, { lockTimeoutMs }: { lockTimeoutMs: number }): Promise<T> {
  const client = await pool.connect()
  try {
    await client.query('BEGIN', [])
    await client.query(`SET LOCAL lock_timeout = ${Math.max(1, Math.round(lockTimeoutMs))}`, [])
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key])
    const result = await work((text, params) => client.query(text, params))
    await client.query('COMMIT', [])
    return result
  } catch (error) {
    await client.query('ROLLBACK', []).catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}

/** Runs `work` while holding the lock named `key`, or returns null at once when another holds it. */
export async function whileHolding<T>(pool: Pool, key: string, work: () => Promise<T>): Promise<T | null> {
  const client = await pool.connect()
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1)) as locked', [key])
    if (!rows[0]?.locked) return null
    try {
      return await work()
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [key])
    }
  } finally {
    client.release()
  }
}

/**
 * Takes the lock named `key` on a connection of its own and keeps both, or returns null when another holds it.
 * The lock lasts as long as the connection: `onLost` is told when it breaks (the lock went with it).
 */
export async function holdLock(pool: Pool, key: string, onLost: () => void): Promise<PoolClient | null> {
  const connection = await pool.connect()
  try {
    const { rows } = await connection.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1)) as locked', [key])
    if (rows[0]?.locked) {
      connection.on('error', (error) => {
        onLost()
        connection.release(error)
      })
      return connection
    }
  } catch (error) {
    connection.release(error instanceof Error ? error : true)
    return null
  }
  connection.release()
  return null
}
