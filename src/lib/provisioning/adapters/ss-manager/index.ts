// shadowsocks-libev's ss-manager: one port per key from a range, over its UDP control socket.
import type { AdapterDefinition } from '../../adapter'
import { pingSsManager, ssManagerAdapter } from './ssManager'

export const ssManager = {
  value: 'ss-manager',
  label: { ru: 'shadowsocks ss-manager', en: 'shadowsocks ss-manager' },
  protocols: ['outline'],
  speaks: 'shadowsocks-libev `ss-manager` (run for real in its test)',
  contractTest: 'ss-manager',
  credentials: { apiUrl: true },
  ownCredentials: [
    {
      type: 'row',
      fields: [
        {
          name: 'method',
          label: { ru: 'Шифр shadowsocks', en: 'Shadowsocks cipher' },
          type: 'text',
          admin: { description: { ru: 'Например chacha20-ietf-poly1305', en: 'E.g. chacha20-ietf-poly1305' } },
        },
        {
          name: 'portRange',
          label: { ru: 'Диапазон портов ключей', en: 'Key port range' },
          type: 'text',
          validate: (value: unknown) => !value || /^\d{1,5}-\d{1,5}$/.test(String(value)) || 'Формат / format: 20000-20999',
          admin: { description: { ru: 'Порт на каждый ключ, например 20000-20999', en: 'One port per key, e.g. 20000-20999' } },
        },
      ],
    },
  ],
  adapter: ssManagerAdapter,
  // Each key has a port of its own: the server is up when the manager answers `ping`.
  health: async (server) => {
    const latency = await pingSsManager(server)
    return { status: latency === null ? 'down' : 'up', latencyMs: latency, detail: { kind: 'ssManager', latencyMs: latency } }
  },
} as const satisfies AdapterDefinition
