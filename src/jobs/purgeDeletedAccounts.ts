// Daily: remove the personal data of accounts deleted more than 30 days ago.
import type { TaskConfig } from 'payload'

import { purgeDeletedAccounts } from '@/lib/auth/accountDeletion'

export const purgeDeletedAccountsTask: TaskConfig<{ input: Record<string, never>; output: { purged: number } }> = {
  slug: 'purgeDeletedAccounts',
  label: 'Purge deleted accounts',
  retries: 3,
  schedule: [{ cron: '0 3 * * *', queue: 'default' }],
  handler: async ({ req }) => ({ output: { purged: await purgeDeletedAccounts(req.payload) } }),
}
