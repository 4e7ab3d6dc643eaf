// A DATABASE_URL as libpq's environment (PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE, PGSSLMODE) for pg_dump, pg_restore
// and psql: the password never appears on a command line another user's `ps` could read.
export function libpqEnv(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl)
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') throw new Error('DATABASE_URL must be a postgres:// URL')
  const env: Record<string, string> = {}
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  // A socket directory may come as ?host=/run/postgresql.
  const socket = url.searchParams.get('host')
  if (socket || host) env.PGHOST = socket ?? host
  if (url.port) env.PGPORT = url.port
  if (url.username) env.PGUSER = decodeURIComponent(url.username)
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password)
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''))
  if (database) env.PGDATABASE = database
  const sslmode = url.searchParams.get('sslmode')
  if (sslmode) env.PGSSLMODE = sslmode
  return env
}
