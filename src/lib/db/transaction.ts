// A Payload transaction holding advisory locks (named in ./locks.ts): the Local API calls inside share it, and the
// locks go when it commits or rolls back.
import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { commitTransaction, createLocalReq, initTransaction, killTransaction } from 'payload'
import type { Payload, PayloadRequest } from 'payload'

/** Waits for the lock named `key`; it is released when `req`'s transaction commits or rolls back. */
export async function lockForTransaction(payload: Payload, req: PayloadRequest, key: string): Promise<void> {
  const db = payload.db as unknown as PostgresAdapter
  const session = db.sessions[String(await req.transactionID)]
  if (!session) throw new Error(`No transaction to hold the lock "${key}"`)
  await session.db.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`)
}

/** Runs a statement in `req`'s transaction when it has one (a hook's write then commits or rolls back with it). */
export async function executeInRequest(payload: Payload, req: PayloadRequest, statement: ReturnType<typeof sql>): Promise<void> {
  const db = payload.db as unknown as PostgresAdapter
  const session = req.transactionID ? db.sessions[String(await req.transactionID)] : undefined
  await (session?.db ?? db.drizzle).execute(statement)
}

/**
 * Runs `work` in a transaction of its own holding the named locks (taken in the order given): committed when
 * `work` returns, rolled back when it throws. Pass `req` to every Local API call inside so they share it.
 */
export async function withTransaction<T>(payload: Payload, lockKeys: string | readonly string[], work: (req: PayloadRequest) => Promise<T>): Promise<T> {
  const req = await createLocalReq({}, payload)
  await initTransaction(req)
  try {
    for (const key of typeof lockKeys === 'string' ? [lockKeys] : lockKeys) await lockForTransaction(payload, req, key)
    const result = await work(req)
    await commitTransaction(req)
    return result
  } catch (error) {
    await killTransaction(req)
    throw error
  }
}
