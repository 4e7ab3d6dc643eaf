// Access for the collections and globals Payload adds by itself. Their defaults let any signed-in user (so
// any customer) read and write them: the job scheduler's state (`payload-jobs-stats`, where a bad value stops
// rotation, health checks, mail retries and the purge) and the admin's document locks.
import type { SanitizedConfig } from 'payload'

import { adminOnly } from './adminOnly'
import { staffOnly } from './staffOnly'

const JOB_STATS = 'payload-jobs-stats'
const LOCKED_DOCUMENTS = 'payload-locked-documents'

export function lockDownPayloadInternals(config: SanitizedConfig): SanitizedConfig {
  for (const global of config.globals) {
    if (global.slug !== JOB_STATS) continue
    // Payload's scheduler writes it through the Local API, which does not check access.
    global.access = { ...global.access, read: adminOnly, update: adminOnly, readVersions: adminOnly }
  }
  for (const collection of config.collections) {
    if (collection.slug !== LOCKED_DOCUMENTS) continue
    // Only people who work in the admin panel lock documents there.
    collection.access = { ...collection.access, read: staffOnly, create: staffOnly, update: staffOnly, delete: staffOnly }
  }
  return config
}
