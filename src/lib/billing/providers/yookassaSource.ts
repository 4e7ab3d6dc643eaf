// Where YooKassa's HTTP notifications come from: the networks YooKassa publishes for them
// (yookassa.ru/developers/using-api/webhooks, "authenticity"). Notifications are unsigned and the site
// re-reads every payment from the API anyway; refusing other senders first keeps strangers from making the
// site call YooKassa's API for them. The client address honours TRUSTED_PROXY_HOPS (clientIp).
import { BlockList, isIP } from 'node:net'

import { clientIp } from '@/lib/http/clientIp'

const NETWORKS: readonly [string, number, 'ipv4' | 'ipv6'][] = [
  ['185.71.76.0', 27, 'ipv4'],
  ['185.71.77.0', 27, 'ipv4'],
  ['77.75.153.0', 25, 'ipv4'],
  ['77.75.154.128', 25, 'ipv4'],
  ['77.75.156.11', 32, 'ipv4'],
  ['77.75.156.35', 32, 'ipv4'],
  ['2a02:5180::', 32, 'ipv6'],
]

const yookassa = new BlockList()
for (const [address, prefix, family] of NETWORKS) yookassa.addSubnet(address, prefix, family)

export function isYooKassaAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 0) return false
  // An IPv4 address written the IPv6 way (::ffff:185.71.76.1), as some proxies pass it.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
  if (mapped) return yookassa.check(mapped, 'ipv4')
  return yookassa.check(address, family === 6 ? 'ipv6' : 'ipv4')
}

/** A notification's sender, as our proxies report it, is one of YooKassa's. */
export function isFromYooKassa(headers: Headers, trustedHops?: number): boolean {
  return isYooKassaAddress(clientIp(headers, trustedHops))
}
