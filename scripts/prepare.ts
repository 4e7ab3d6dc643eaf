// Brings a database up to date before the site serves it: migrations, what every install has (countries, legal
// pages), then the demo seed by policy.
import { getPayload } from 'payload'

import { migrations } from '../migrations'
import config from '../payload.config'
import { sqlPool } from '../src/lib/db/pool'
import { ensureEssentials, isDatabaseEmpty, seed } from '../src/seed'

// 'migrations': the Payload CLI's run (migrate:create reads the schema the code has, not yet the database's).
type SeedPolicy = 'always' | 'if-empty' | 'never' | 'migrations'

async function main(): Promise<void> {
  const policy = (process.argv[2] ?? 'if-empty') as SeedPolicy
  const payload = await getPayload({ config })
  // Said either way, so an upgrade's `npm run migrate` tells whether it changed the database.
  const applied = await sqlPool(payload)
    .query('SELECT name FROM payload_migrations')
    .then(({ rows }) => new Set((rows as { name: string }[]).map((row) => row.name)), () => new Set<string>())
  const pending = migrations.filter((migration) => !applied.has(migration.name))
  console.info(pending.length === 0 ? `Migrations: nothing to apply (all ${migrations.length} in place).` : `Migrations: applying ${pending.length} of ${migrations.length}…`)
  // The migrations this code was built with (migrations/index.ts), not files read from a folder: the same whether
  // run from the sources or compiled (.next/vpnkeys), where Payload could not import the folder's TypeScript.
  // (Payload types a migration's argument as unknown; the adapter passes each the MigrateUpArgs it is written for.)
  await payload.db.migrate({ migrations: migrations as unknown as NonNullable<Parameters<typeof payload.db.migrate>[0]>['migrations'] })
  if (policy === 'migrations') return payload.destroy()
  const empty = await isDatabaseEmpty(payload)
  await ensureEssentials(payload)
  if (policy === 'always' || (policy === 'if-empty' && empty)) await seed(payload)
  await payload.destroy()
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`✖ Database preparation failed: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  },
)
