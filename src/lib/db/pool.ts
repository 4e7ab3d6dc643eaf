// The database under Payload, for what its Local API does not do: statements of our own (listing tables, counters,
// gauges) and PostgreSQL's advisory locks (./locks.ts). One way to reach Payload's pool, and the survival of a
// database restart: dropped idle connections, connections refused while it restarts, reads caught mid-flight.
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { Pool, PoolClient } from 'pg'
import type { Payload } from 'payload'

/** Runs one parameterised SQL statement. */
export type SqlQuery = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>

/** What the code before Next.js needs of a pool (node-postgres): Payload's in the app, the server's own outside it. */
export type SqlPool = { query: SqlQuery; connect: () => Promise<{ query: SqlQuery; release: (error?: Error | boolean) => void }> }

/**
 * Queries through `pool` as one named (prepared) statement: PostgreSQL plans it once per connection instead of at each
 * call, for a statement run so often that planning it cost more than running it (the subscription poll's: 0.40 ms a
 * read prepared against 1.19 ms planned each time, on the bench's 10,000 subscribers). `name` belongs to one statement
 * text only. node-postgres takes the statement as an object for this, which the pool's query also accepts.
 */
export function preparedQuery(pool: SqlPool, name: string): SqlQuery {
  const query = pool.query as unknown as (config: { name: string; text: string; values: unknown[] }) => Promise<{ rows: unknown[] }>
  return (text, values) => query.call(pool, { name, text, values })
}

/** Payload's connection pool (node-postgres). */
export function sqlPool(payload: Payload): Pool {
  // The adapter's own copy of pg's types may differ from the project's in version: the pool is the same.
  return (payload.db as unknown as { pool: Pool }).pool
}

/**
 * A connection the database drops while it sits idle in the pool (a PostgreSQL restart, a failover) makes the pool
 * emit `error`; unheard, that ends the whole process. Heard, the pool just opens a new connection.
 */
export function survivePoolErrors(payload: Payload): void {
  const pool = (payload.db as unknown as Partial<PostgresAdapter>).pool as Pool | undefined
  if (!pool) return
  pool.on('error', (error) => payload.logger.warn(`[db] an idle connection was dropped (${error.message}); the next query opens a new one`))
  surviveRestarts(pool)
}

/** How long a restarting database is waited for before a request fails: a fast restart takes well under a second. */
export const RESTART_WAIT_MS = 5_000

// When a statement last failed because the database could not be reached, kept on the process (the server before
// Next.js reads it, and Next.js's bundle has its own copy of this module).
const UNREACHABLE_AT = Symbol.for('vpnkeys.database.unreachableAt')
type WithOutage = typeof globalThis & { [UNREACHABLE_AT]?: number }

/** Notes that a statement failed because the database was down past the wait (or is still restarting). */
export function noteDatabaseUnreachable(now: number = Date.now()): void {
  ;(globalThis as WithOutage)[UNREACHABLE_AT] = now
}

/** Whether a statement failed for an unreachable database within the last `withinMs`. */
export function databaseUnreachableLately(withinMs: number = RESTART_WAIT_MS * 2, now: number = Date.now()): boolean {
  const at = (globalThis as WithOutage)[UNREACHABLE_AT]
  return at !== undefined && now - at <= withinMs
}

// A connection could not be opened: the server is not (yet) taking them (refused, starting up or shutting down, too
// many clients). Nothing was sent, so any statement may be tried again.
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P03', '53300', '08001', '08004', '08006'])
const UNREACHABLE_MESSAGE = /timeout exceeded when trying to connect/i
// The connection handed out had died before the statement was sent (node-postgres refuses it unsent).
const NOT_SENT_MESSAGE = /is not queryable/i
// The connection died under a statement (the server's shutdown ended it, or the socket broke): whether a write took
// effect is unknown, so only reads go again.
const INTERRUPTED = new Set(['57P01', '57P02', '08003', '08006', 'ECONNRESET', 'EPIPE'])
const INTERRUPTED_MESSAGE = /Connection terminated/i

function codeOf(error: unknown): string {
  return typeof error === 'object' && error !== null ? String((error as { code?: unknown }).code ?? '') : ''
}

/** Whether a connection could not be opened for a reason a restart explains. */
export function isUnreachable(error: unknown): boolean {
  return UNREACHABLE.has(codeOf(error)) || (error instanceof Error && UNREACHABLE_MESSAGE.test(error.message))
}

/** Whether a statement was refused before it was sent, its connection being already dead. */
export function wasNotSent(error: unknown): boolean {
  return error instanceof Error && NOT_SENT_MESSAGE.test(error.message)
}

/** Whether a statement failed because its connection died under it (not because of the statement). */
export function isInterrupted(error: unknown): boolean {
  return INTERRUPTED.has(codeOf(error)) || (error instanceof Error && INTERRUPTED_MESSAGE.test(error.message))
}

const READ = /^\s*(?:select|show|values|table)\b/i
// A read that changes something all the same: sequences, locks, settings, notifications, another backend.
const SIDE_EFFECT = /\b(?:nextval|setval|pg_(?:try_)?advisory\w*|set_config|pg_notify|pg_terminate_backend|pg_cancel_backend|dblink\w*)\s*\(|\bfor\s+(?:no\s+key\s+)?(?:update|share)\b|\binto\b/i

/** Whether a statement only reads, so running it twice is the same as once. */
export function isReadOnlyStatement(text: string): boolean {
  return READ.test(text) && !SIDE_EFFECT.test(text)
}

type QueryArgs = [textOrConfig: string | { text: string }, ...rest: unknown[]]

/** The statement's text when `args` are a promise call (text or config, values), else null (a callback call). */
function statementOf(args: unknown[]): string | null {
  if (typeof args.at(-1) === 'function') return null
  const [first] = args
  if (typeof first === 'string') return first
  const text = (first as { text?: unknown } | undefined)?.text
  return typeof text === 'string' ? text : null
}

/**
 * Makes `pool` ride out a database restart (`pg_ctl restart -m fast`, a failover): a connection refused while the
 * database is down is asked for again for up to `waitMs`, a statement that never reached it is sent again, and a read
 * whose connection died under it runs again on a new one (within `waitMs` of the first interruption). A write caught
 * mid-flight fails as before: it may have been done.
 */
export function surviveRestarts(pool: Pool, waitMs: number = RESTART_WAIT_MS): void {
  const connectOnce = pool.connect.bind(pool) as (...args: unknown[]) => Promise<PoolClient>
  const queryOnce = pool.query.bind(pool) as (...args: unknown[]) => unknown
  const connect = async (deadline: number): Promise<PoolClient> => {
    for (let pause = 50; ; pause = Math.min(pause * 2, 500)) {
      try {
        return await connectOnce()
      } catch (error) {
        if (!isUnreachable(error)) throw error
        if (Date.now() + pause > deadline) {
          noteDatabaseUnreachable()
          throw error
        }
        await new Promise((resolve) => setTimeout(resolve, pause))
      }
    }
  }
  // `deadline`: until when the database is waited for. Once a read was interrupted, it is run again for as long as it
  // keeps being interrupted within that time: a new connection can be made in the instant before a fast shutdown
  // reaches it, and end with the same error.
  const run = async (args: QueryArgs, isRead: boolean, deadline: number, interruptedBefore = false): Promise<unknown> => {
    const client = await connect(deadline)
    try {
      const result = await (client.query as (...given: QueryArgs) => Promise<unknown>)(...args)
      client.release()
      return result
    } catch (error) {
      const [notSent, interrupted] = [wasNotSent(error), isInterrupted(error)]
      // A dead connection goes, never back into the pool.
      client.release(notSent || interrupted ? (error as Error) : undefined)
      if (notSent && Date.now() < deadline) return run(args, isRead, deadline, interruptedBefore)
      if (interrupted && isRead && (!interruptedBefore || Date.now() < deadline)) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        return run(args, isRead, interruptedBefore ? deadline : Date.now() + waitMs, true)
      }
      if (notSent || interrupted) noteDatabaseUnreachable()
      throw error
    }
  }
  // A connection handed out and held between statements (a transaction's) that the server ends, as a restart ends them
  // all, emits `error` with nobody listening: unheard, that ends the whole process. Heard, its next statement fails as
  // one on a dead connection does (above), and it is not given back.
  pool.on('connect', (client) => client.on('error', () => undefined))
  // node-postgres's own callers (the pool's query with a callback, which connects with one) keep its behaviour;
  // promise callers (drizzle under Payload, the site's statements, rate-limiter-flexible) get the one that waits.
  Object.assign(pool, {
    connect: (...args: unknown[]) => (args.length > 0 ? connectOnce(...args) : connect(Date.now() + waitMs)),
    query: (...args: unknown[]) => {
      const statement = statementOf(args)
      return statement === null ? queryOnce(...args) : run(args as QueryArgs, isReadOnlyStatement(statement), Date.now() + waitMs)
    },
  })
}
