// Integration suite setup: a throwaway embedded PostgreSQL, migrated and seeded once for all files.
import { randomBytes } from 'node:crypto'
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { startEmbeddedPostgres } from '../../scripts/lib/postgres'
import { runPrepare } from './prepare'

export const INT_SERVER_URL = 'https://free.keys.example'
/** A mirror of the site (MIRROR_HOSTS): subscription answers name it, and answer on it with its own addresses. */
export const INT_MIRROR_HOST = 'keys-mirror.example'

export default async function setup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vpnkeys-int-'))
  // When run as root, PostgreSQL runs as the `postgres` user, which must be able to enter this folder.
  await chmod(dir, 0o755)
  const postgres = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), database: 'vpnkeys_int', quiet: true })
  process.env.DATABASE_URL = postgres.url
  process.env.PAYLOAD_SECRET = randomBytes(32).toString('hex')
  // A real domain, never the address requests arrive on: every absolute URL must come from it.
  Object.assign(process.env, { NODE_ENV: 'test', SERVER_URL: INT_SERVER_URL, MIRROR_HOSTS: INT_MIRROR_HOST })
  process.env.TEST_PG_ADMIN_URL = postgres.url.replace(/\/[^/]+$/, '/postgres')
  const stop = async () => {
    await postgres.stop()
    await rm(dir, { recursive: true, force: true })
  }
  // A failed preparation (a schema without its migration) must not leave the database running.
  await runPrepare('always', process.env).catch(async (error: unknown) => {
    await stop()
    throw error
  })
  return stop
}
