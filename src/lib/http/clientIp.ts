// The visitor's network address, for per-address rate limits.
//
// Only the entries our own reverse proxies appended to X-Forwarded-For can be trusted: anything to their left
// came from the client, who could write any address there and so escape every limit. With N proxies in front
// (TRUSTED_PROXY_HOPS, 1 by default: nginx or Caddy appending $remote_addr), the client is the N-th entry from
// the right. Served without a proxy, Next.js keeps whatever the client sent, so deploy behind one.
import { isIP } from 'node:net'

import { env } from '@/lib/env'

export const UNKNOWN_CLIENT = 'unknown'

export function clientIp(headers: Headers, trustedHops: number = env().TRUSTED_PROXY_HOPS): string {
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
  if (isIP(entry)) return entry
  const bracketed = /^\[([0-9a-fA-F:.]+)\](?::\d{1,5})?$/.exec(entry)?.[1]
  if (bracketed && isIP(bracketed) === 6) return bracketed
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(entry)?.[1]
  if (withPort && isIP(withPort) === 4) return withPort
  return UNKNOWN_CLIENT
}
