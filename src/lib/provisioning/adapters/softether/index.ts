// SoftEther VPN Server over its JSON-RPC: one user per key, reached by OpenVPN and SSTP.
import type { AdapterDefinition } from '../../adapter'
import { softEtherAdapter } from './softEther'

export const softEther = {
  value: 'softether',
  label: { ru: 'SoftEther VPN (OpenVPN, SSTP)', en: 'SoftEther VPN (OpenVPN, SSTP)' },
  protocols: ['openvpn', 'sstp'],
  speaks: 'SoftEther VPN Server (real `vpnserver` 5.01 and a double)',
  contractTest: 'softether',
  credentials: { apiUrl: true, certSha256: true },
  ownCredentials: [
    {
      type: 'row',
      fields: [
        {
          name: 'hub',
          label: { ru: 'Виртуальный хаб', en: 'Virtual hub' },
          type: 'text',
          admin: { placeholder: 'DEFAULT', description: { ru: 'Пусто — хаб DEFAULT', en: 'Empty: the DEFAULT hub' } },
        },
        {
          name: 'adminPassword',
          label: { ru: 'Пароль администратора сервера', en: 'Server administrator password' },
          type: 'text',
          admin: { description: { ru: 'Задаётся в vpncmd: ServerPasswordSet', en: 'Set with vpncmd: ServerPasswordSet' } },
        },
      ],
    },
  ],
  adapter: softEtherAdapter,
} as const satisfies AdapterDefinition
