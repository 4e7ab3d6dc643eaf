// The readiness probes of this app instance, against its Payload (database, migrations), Redis and job timer.
import { readdir } from 'node:fs/promises'
import path from 'node:path'

import { createClient } from 'redis'
import type { Payload } from 'payload'

import { sqlPool } from '@/lib/db/pool'
import { env } from '@/lib/env'
import { lastJobTick } from '@/lib/queue/runner'

import type { ReadinessProbes } from './readiness'

const MIGRATION_FILE = /^(\d{8}_\d{6}_[\w-]+)\.ts$/

let shipped: Promise<string[]> | undefined
/** The migrations this build ships (the files `npm run migrate` applies), read once. */
function shippedMigrations(): Promise<string[]> {
  shipped ??= readdir(path.join(process.cwd(), 'migrations')).then((files) => files.flatMap((file) => MIGRATION_FILE.exec(file)?.[1] ?? []))
  return shipped
}

type RedisClient = ReturnType<typeof createClient>
type HeldRedis = { client: RedisClient; connected: Promise<unknown> }
const REDIS_KEY = Symbol.for('vpnkeys.readinessRedis')
const holder = globalThis as typeof globalThis & { [REDIS_KEY]?: HeldRedis }

/**
 * Pings Redis on a connection of its own per process, made on the first check and reconnecting in the background;
 * once connected, a ping fails at once while Redis is away (no offline queue).
 */
async function pingRedis(url: string): Promise<void> {
  if (!holder[REDIS_KEY]) {
    const client = createClient({ url, disableOfflineQueue: true, socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(200 * (retries + 1), 5_000) } })
    // Readiness reports an unreachable Redis; the cache says so in the log (src/lib/cache).
    client.on('error', () => undefined)
    holder[REDIS_KEY] = { client, connected: client.connect().catch(() => undefined) }
  }
  const { client, connected } = holder[REDIS_KEY]
  await connected
  await client.ping()
}

const startedAt = Date.now()

export async function readinessProbes(payload: Payload): Promise<ReadinessProbes> {
  const pool = sqlPool(payload)
  const redisUrl = env().REDIS_URL
  return {
    queryDatabase: async () => {
      await pool.query('select 1 as name')
    },
    appliedMigrations: async () => (await pool.query('select name from payload_migrations')).rows.map((row) => row.name),
    shippedMigrations: await shippedMigrations(),
    pingRedis: redisUrl ? () => pingRedis(redisUrl) : null,
    lastJobTick: lastJobTick(),
    startedAt,
    now: Date.now(),
  }
}
