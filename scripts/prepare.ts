// Brings a database up to date before the site serves it: migrations, then the demo seed by policy.
import { getPayload } from 'payload'

import config from '../payload.config'
import { isDatabaseEmpty, seed } from '../src/seed'

type SeedPolicy = 'always' | 'if-empty' | 'never'

async function main(): Promise<void> {
  const policy = (process.argv[2] ?? 'if-empty') as SeedPolicy
  const payload = await getPayload({ config })
  await payload.db.migrate()
  if (policy === 'always' || (policy === 'if-empty' && (await isDatabaseEmpty(payload)))) await seed(payload)
  await payload.destroy()
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`✖ Database preparation failed: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  },
)
