// Outline's management API (outline-server): one access key per key, with a data limit.
import type { AdapterDefinition } from '../../adapter'
import { outlineAdapter } from './outline'

export const outline = {
  value: 'outline',
  label: { ru: 'Outline API', en: 'Outline API' },
  protocols: ['outline'],
  speaks: 'Outline server (management API)',
  contractTest: 'outline',
  credentials: { apiUrl: true, certSha256: true, keyDataLimitGb: true },
  adapter: outlineAdapter,
} as const satisfies AdapterDefinition
