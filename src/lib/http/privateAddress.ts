// Addresses a server must not be made to connect to on an editor's word: loopback, private, link-local,
// carrier-grade NAT, unspecified and multicast ranges (the site's own machine and its internal network).
import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'

const internal = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  internal.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  internal.addSubnet(network, prefix, 'ipv6')
}

/** An IP address literal in an internal range (IPv4-mapped IPv6 addresses count as their IPv4 address). */
export function isInternalAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '')
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1]
  if (mapped) return internal.check(mapped, 'ipv4')
  const family = isIP(bare)
  if (family === 4) return internal.check(bare, 'ipv4')
  if (family === 6) return internal.check(bare, 'ipv6')
  return false
}

/** A host name that names this machine without being an address literal. */
export function isLocalHostName(host: string): boolean {
  const name = host.trim().toLowerCase().replace(/\.$/, '')
  return name === 'localhost' || name.endsWith('.localhost')
}

export type ResolvedTarget = { ok: true; address: string } | { ok: false; reason: 'internal' | 'unresolved' }

/**
 * Resolves a host once and refuses it when any of its addresses is internal; the caller connects to the
 * returned address, so a name cannot resolve to a public address for the check and an internal one after.
 */
export async function resolvePublicTarget(host: string): Promise<ResolvedTarget> {
  if (isLocalHostName(host) || isInternalAddress(host)) return { ok: false, reason: 'internal' }
  if (isIP(host.replace(/^\[|\]$/g, ''))) return { ok: true, address: host.replace(/^\[|\]$/g, '') }
  const addresses = await lookup(host, { all: true }).catch(() => [])
  if (addresses.length === 0) return { ok: false, reason: 'unresolved' }
  if (addresses.some(({ address }) => isInternalAddress(address))) return { ok: false, reason: 'internal' }
  return { ok: true, address: addresses[0]!.address }
}
