// The database under Payload, for what its Local API does not do: statements of our own (listing tables, counters,
// gauges) and PostgreSQL's advisory locks (./locks.ts). One way to reach Payload's pool, and the survival of its
// dropped connections.
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { Pool } from 'pg'
import type { Payload } from 'payload'

/** Runs one parameterised SQL statement. */
export type SqlQuery = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>

/** What the code before Next.js needs of a pool (node-postgres): Payload's in the app, the server's own outside it. */
export type SqlPool = { query: SqlQuery; connect: () => Promise<{ query: SqlQuery; release: (error?: Error | boolean) => void }> }

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
  ;(payload.db as unknown as Partial<PostgresAdapter>).pool?.on('error', (error) =>
    payload.logger.warn(`[db] an idle connection was dropped (${error.message}); the next query opens a new one`),
  )
}
