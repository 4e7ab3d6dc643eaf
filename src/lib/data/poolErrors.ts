// A connection the database drops while it sits idle in Payload's pool (a PostgreSQL restart, a failover) makes
// the pool emit `error`; unheard, that ends the whole process. Heard, the pool just opens a new connection.
import type { Payload } from 'payload'

export function survivePoolErrors(payload: Payload): void {
  const pool = (payload.db as unknown as { pool?: { on: (event: 'error', listener: (error: Error) => void) => void } }).pool
  pool?.on('error', (error) => payload.logger.warn(`[db] an idle connection was dropped (${error.message}); the next query opens a new one`))
}
