// Manual: editors import the keys (Keys → Import, src/lib/provisioning/manualImport.ts); the site issues none itself.
import { LISTED_PROTOCOLS } from '@/lib/keys'

import { ProvisioningUnavailableError } from '../../adapter'
import type { AdapterDefinition } from '../../adapter'

export const manual = {
  value: 'manual',
  label: { ru: 'Вручную (ключи вставляет редактор)', en: 'Manual (editors paste keys)' },
  protocols: LISTED_PROTOCOLS,
  speaks: 'none: editors import keys (Keys → Import)',
  contractTest: null,
  credentials: {},
  adapter: {
    issue: () => Promise.reject(new ProvisioningUnavailableError('Keys of a manual server are added by editors')),
    revoke: async () => undefined,
  },
} as const satisfies AdapterDefinition
