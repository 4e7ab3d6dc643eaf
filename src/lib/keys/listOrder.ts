// The order of protocols in the public key lists. Most visitors are on phones, where vless, Outline and trojan
// import into one app in a tap (and in Russia they are the ones that get through); WireGuard and OpenVPN need their
// own app and a file; SSTP is built into Windows only. Within a group the longest-lasting keys come first, so the
// phone-ready protocols stay mixed. One order for every device keeps each list one cacheable page. Before all that,
// keys proven to work where the visitors are come first (keyListRank).
import { reachRank } from '@/lib/probes/reach'
import type { Reach } from '@/lib/probes/reach'

import type { Protocol } from './types'

export const LIST_RANK: Record<Protocol, number> = {
  vless: 1,
  outline: 1,
  trojan: 1,
  wireguard: 2,
  openvpn: 2,
  sstp: 3,
  // Subscribers' only: never in the public lists, ranked with the links for the account's own.
  hysteria2: 1,
}

/**
 * A key's place in the public lists (lower first): what the probes where the visitors are found of it comes before the
 * protocol (src/lib/probes/reach.ts: proven there, untested, its own last check failed; a suspect key a step down), then
 * the protocol's rank.
 */
export function keyListRank(protocol: Protocol, reach: Reach | null | undefined, ownLastCheckFailed: boolean, suspect = false): number {
  return reachRank(reach, ownLastCheckFailed, suspect) * 10 + LIST_RANK[protocol]
}
