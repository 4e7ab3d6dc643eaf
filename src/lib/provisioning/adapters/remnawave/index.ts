// Remnawave's panel (2.x and 3.x): one user per key, in the internal squads whose inbounds serve the protocol.
import type { AdapterDefinition } from '../../adapter'
import { remnawaveAdapter } from './remnawave'

export const remnawave = {
  value: 'remnawave',
  label: { ru: 'Панель Remnawave (vless, trojan, shadowsocks)', en: 'Remnawave panel (vless, trojan, shadowsocks)' },
  protocols: ['vless', 'trojan', 'outline'],
  speaks: 'Remnawave 2.x/3.x',
  contractTest: 'remnawave',
  credentials: {
    apiUrl: true,
    apiToken: {
      ru: 'Remnawave: Настройки → API-токены (права users, subscriptions, internal-squads, system)',
      en: 'Remnawave: Settings → API tokens (users, subscriptions, internal-squads and system scopes)',
    },
    certSha256: true,
    keyDataLimitGb: true,
  },
  adapter: remnawaveAdapter,
} as const satisfies AdapterDefinition
