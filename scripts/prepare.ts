// Brings a database up to date before the site serves it: migrations, what every install has (countries, legal
// pages), then the demo seed by policy.
import { getPayload } from 'payload'

import config from '../payload.config'
import { ensureEssentials, isDatabaseEmpty, seed } from '../src/seed'

// 'migrations': the Payload CLI's run (migrate:create reads the schema the code has, not yet the database's).
type SeedPolicy = 'always' | 'if-empty' | 'never' | 'migrations'

async function main(): Promise<void> {
  const policy = (process.argv[2] ?? 'if-empty') as SeedPolicy
  const payload = await getPayload({ config })
  await payload.db.migrate()
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
