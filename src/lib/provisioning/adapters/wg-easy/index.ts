// wg-easy's panel (14 and 15): one WireGuard client per key.
import type { AdapterDefinition } from '../../adapter'
import { wgEasyAdapter } from './wgEasy'

export const wgEasy = {
  value: 'wg-easy',
  label: { ru: 'wg-easy (WireGuard)', en: 'wg-easy (WireGuard)' },
  protocols: ['wireguard'],
  speaks: 'wg-easy 14/15',
  contractTest: 'wgEasy',
  credentials: { apiUrl: true, username: true, password: true, certSha256: true },
  adapter: wgEasyAdapter,
} as const satisfies AdapterDefinition
