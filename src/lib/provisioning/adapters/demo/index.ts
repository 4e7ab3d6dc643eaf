// Demo: sample keys of every protocol, made up here (the seeded servers use it, so `npm run dev` rotates every
// protocol without a panel). Its hosts are made up too: reported up without a network check.
import { PROTOCOLS } from '@/lib/keys'

import type { AdapterDefinition } from '../../adapter'
import { demoServerOf, issueDemoKey } from './demo'

export const demo = {
  value: 'demo',
  label: { ru: 'Демо (ключи-образцы)', en: 'Demo (sample keys)' },
  protocols: PROTOCOLS,
  speaks: 'none: sample keys made up locally',
  contractTest: null,
  credentials: {},
  adapter: {
    issue: async ({ server, countryCode, protocol, port, lifetimeHours }) =>
      issueDemoKey({ server: demoServerOf(server, countryCode, protocol), protocol, port, lifetimeHours }),
    // Demo keys exist nowhere but here.
    revoke: async () => undefined,
  },
  health: async () => ({ status: 'up', latencyMs: null, detail: { kind: 'demo' } }),
} as const satisfies AdapterDefinition
