// The visitor's network address, for per-address rate limits.
//
// Only the entries our own reverse proxies wrote into X-Forwarded-For can be trusted: anything to their left came
// from the client, who could write any address there and so escape every limit. The site's nginx
// (deploy/nginx/default.conf.template) replaces the header with the one address it trusts (the connection's, or
// what a CDN it names in trusted-proxies.conf said), so with it the client is the last entry (TRUSTED_PROXY_HOPS 1,
// the default). With N proxies of the operator's own that append instead, the client is the N-th from the right.
// Served without a proxy, Next.js keeps whatever the client sent, so deploy behind one.
import { isIP } from 'node:net'

import { env } from '@/lib/env'

export const UNKNOWN_CLIENT = 'unknown'

/** What clientIp reads of a request's headers: a fetch `Headers`, or a getter over Node's. */
type HeaderSource = { get: (name: string) => string | null }

export function clientIp(headers: HeaderSource, trustedHops: number = env().TRUSTED_PROXY_HOPS): string {
  const entries = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (entries.length === 0) return UNKNOWN_CLIENT
  // Fewer entries than proxies: the request skipped one; the leftmost is then the nearest we have.
  return address(entries[Math.max(entries.length - trustedHops, 0)] ?? '')
}

/**
 * An entry as an address, or "unknown": some proxies add a port (`203.0.113.9:5678`, `[2001:db8::1]:443`), and
 * whatever else stands there (8,000 characters once reached the rate limiter's 255-character key) is not one.
 */
function address(entry: string): string {
  if (isIP(entry)) return unmapped(entry)
  const bracketed = /^\[([0-9a-fA-F:.]+)\](?::\d{1,5})?$/.exec(entry)?.[1]
  if (bracketed && isIP(bracketed) === 6) return unmapped(bracketed)
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(entry)?.[1]
  if (withPort && isIP(withPort) === 4) return withPort
  return UNKNOWN_CLIENT
}

/** The 8 groups of an IPv6 address (zone dropped; an IPv4 tail read as two groups), or null. */
function ipv6Groups(ip: string): number[] | null {
  const bare = ip.split('%')[0]!
  if (isIP(bare) !== 6) return null
  const toGroups = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)]
          const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number]
          return [(a << 8) | b, (c << 8) | d]
        })
  const [head = '', tail] = bare.split('::')
  const front = toGroups(head)
  if (tail === undefined) return front
  const back = toGroups(tail)
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back]
}

/** `::ffff:a.b.c.d` (an IPv4 visitor seen through an IPv6 socket) as the IPv4 address it is. */
function unmapped(ip: string): string {
  const groups = ipv6Groups(ip)
  if (!groups || groups.slice(0, 5).some(Boolean) || groups[5] !== 0xffff) return ip
  const [high = 0, low = 0] = groups.slice(6)
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.')
}

/**
 * An address as per-address limits count it: IPv4 whole, IPv6 by its /64. A home or a phone on IPv6 is given a
 * whole /64 and may use any of its 2^64 addresses: counted whole, each would be a fresh allowance.
 */
export function allowanceKey(ip: string): string {
  const address = unmapped(ip)
  const groups = ipv6Groups(address)
  if (!groups) return address
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}
