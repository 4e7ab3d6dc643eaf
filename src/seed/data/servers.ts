// Demo servers: free nodes in 36 countries covering all six listed protocols, plus two VIP nodes that also offer
// Hysteria 2 (subscribers' only).
import type { Protocol } from '@/lib/keys'

export type SeedServer = {
  name: string
  countryCode: string
  hosting: string
  host: string
  tier: 'free' | 'vip'
  protocols: Protocol[]
}

const FREE_COUNTRIES = [
  'de', 'nl', 'fi', 'fr', 'gb', 'us', 'ca', 'se', 'no', 'pl', 'cz', 'at',
  'ch', 'it', 'es', 'pt', 'tr', 'ae', 'sg', 'jp', 'kr', 'hk', 'in', 'au',
  'br', 'ee', 'lv', 'lt', 'kz', 'am', 'ge', 'rs', 'bg', 'ro', 'hu', 'il',
]

const HOSTINGS = ['Hetzner', 'DigitalOcean', 'OVHcloud', 'Vultr', 'Linode', 'Aeza', 'Contabo', 'Scaleway', 'Timeweb Cloud']

// Every server offers vless and outline; the third and fourth protocols rotate so all six appear widely.
const EXTRA: Protocol[][] = [
  ['trojan', 'wireguard'],
  ['openvpn', 'sstp'],
  ['wireguard', 'openvpn'],
  ['trojan', 'sstp'],
]

export const seedServers: SeedServer[] = [
  ...FREE_COUNTRIES.map((countryCode, index): SeedServer => ({
    name: `${countryCode.toUpperCase()}-free-${String(index + 1).padStart(2, '0')}`,
    countryCode,
    hosting: HOSTINGS[index % HOSTINGS.length] ?? 'Hetzner',
    host: `${countryCode}${index + 1}.free.vpnkeys.example`,
    tier: 'free',
    protocols: ['vless', 'outline', ...(EXTRA[index % EXTRA.length] ?? [])],
  })),
  {
    name: 'DE-vip-01',
    countryCode: 'de',
    hosting: 'Hetzner',
    host: 'de1.vip.vpnkeys.example',
    tier: 'vip',
    protocols: ['vless', 'outline', 'trojan', 'wireguard', 'openvpn', 'sstp', 'hysteria2'],
  },
  {
    name: 'NL-vip-01',
    countryCode: 'nl',
    hosting: 'DigitalOcean',
    host: 'nl1.vip.vpnkeys.example',
    tier: 'vip',
    protocols: ['vless', 'outline', 'trojan', 'wireguard', 'openvpn', 'sstp', 'hysteria2'],
  },
]
