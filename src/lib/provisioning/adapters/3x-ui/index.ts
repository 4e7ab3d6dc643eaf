// 3x-ui's panel, 2.x (login and session) and 3.x (API token): vless and trojan clients, Hysteria 2 on 2.9.1+.
import type { AdapterDefinition } from '../../adapter'
import { threeXuiAdapter } from './threeXui'

export const threeXui = {
  value: '3x-ui',
  label: { ru: 'Панель 3x-ui (vless, trojan, Hysteria 2)', en: '3x-ui panel (vless, trojan, Hysteria 2)' },
  protocols: ['vless', 'trojan', 'hysteria2'],
  speaks: '3x-ui 2.x/3.x (Hysteria 2: 2.9.1+, Xray 26.3’s Hysteria inbound, version 2)',
  contractTest: 'threeXui',
  credentials: {
    apiUrl: true,
    apiToken: {
      ru: '3x-ui 3.x: Настройки → Безопасность → API-токен (права admin); для 3x-ui 2.x оставьте пустым и укажите логин и пароль панели',
      en: '3x-ui 3.x: Settings → Security → API token (admin scope); for 3x-ui 2.x leave it empty and give the panel login',
    },
    username: true,
    password: true,
    certSha256: true,
    keyDataLimitGb: true,
  },
  adapter: threeXuiAdapter,
} as const satisfies AdapterDefinition
