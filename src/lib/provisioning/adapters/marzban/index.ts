// Marzban's panel. The stored value, `xray-panel`, predates the other Xray panels and stays, stored in every database.
import type { AdapterDefinition } from '../../adapter'
import { marzbanAdapter } from './marzban'

export const marzban = {
  value: 'xray-panel',
  label: { ru: 'Панель Xray (Marzban)', en: 'Xray panel (Marzban)' },
  protocols: ['vless', 'trojan'],
  speaks: 'Marzban',
  contractTest: 'marzban',
  credentials: { apiUrl: true, username: true, password: true, certSha256: true, keyDataLimitGb: true },
  adapter: marzbanAdapter,
} as const satisfies AdapterDefinition
