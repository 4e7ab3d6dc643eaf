// Integration suite setup: a throwaway embedded PostgreSQL with one database migrated and seeded once (the template),
// and a copy of it for each worker (CREATE DATABASE … TEMPLATE, milliseconds): the workers run files side by side,
// each on its own database (tests/helpers/intWorker.ts picks it).
import { randomBytes } from 'node:crypto'
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { startEmbeddedPostgres } from '../../scripts/lib/postgres'
import { INT_WORKERS } from './intWorkers'
import { runPrepare } from './prepare'

export const INT_SERVER_URL = 'https://free.keys.example'
/** A mirror of the site (MIRROR_HOSTS): subscription answers name it, and answer on it with its own addresses. */
export const INT_MIRROR_HOST = 'keys-mirror.example'

export default async function setup(): Promise<() => Promise<void>> {
  // Both integration projects (vitest.config.ts) name this setup; the first one's database serves them both.
  if (process.env.INT_DATABASE_URL_PREFIX) return async () => undefined
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vpnkeys-int-'))
  // When run as root, PostgreSQL runs as the `postgres` user, which must be able to enter this folder.
  await chmod(dir, 0o755)
  const postgres = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), database: 'vpnkeys_int', quiet: true })
  const databaseUrl = (database: string) => postgres.url.replace(/\/[^/]+$/, `/${database}`)
  // The workers' own databases are named by INT_DATABASE_URL_PREFIX and their number (tests/helpers/intWorker.ts).
  process.env.DATABASE_URL = postgres.url
  process.env.INT_DATABASE_URL_PREFIX = databaseUrl('vpnkeys_int_')
  process.env.PAYLOAD_SECRET = randomBytes(32).toString('hex')
  // A real domain, never the address requests arrive on: every absolute URL must come from it.
  Object.assign(process.env, { NODE_ENV: 'test', SERVER_URL: INT_SERVER_URL, MIRROR_HOSTS: INT_MIRROR_HOST })
  process.env.TEST_PG_ADMIN_URL = databaseUrl('postgres')
  const stop = async () => {
    await postgres.stop()
    await rm(dir, { recursive: true, force: true })
  }
  // A failed preparation (a schema without its migration) must not leave the database running.
  try {
    await runPrepare('always', process.env)
    const admin = new pg.Client({ connectionString: process.env.TEST_PG_ADMIN_URL })
    await admin.connect()
    try {
      for (let worker = 1; worker <= INT_WORKERS; worker += 1) await admin.query(`CREATE DATABASE vpnkeys_int_${worker} TEMPLATE vpnkeys_int`)
    } finally {
      await admin.end()
    }
  } catch (error) {
    await stop()
    throw error
  }
  return stop
}
