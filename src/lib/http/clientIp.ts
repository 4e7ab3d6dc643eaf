// The visitor's network address, for per-address rate limits.
//
// Only the entries our own reverse proxies appended to X-Forwarded-For can be trusted: anything to their left
// came from the client, who could write any address there and so escape every limit. With N proxies in front
// (TRUSTED_PROXY_HOPS, 1 by default: nginx or Caddy appending $remote_addr), the client is the N-th entry from
// the right. Served without a proxy, Next.js keeps whatever the client sent, so deploy behind one.
import { env } from '@/lib/env'

export const UNKNOWN_CLIENT = 'unknown'

export function clientIp(headers: Headers, trustedHops: number = env().TRUSTED_PROXY_HOPS): string {
  const entries = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (entries.length === 0) return UNKNOWN_CLIENT
  // Fewer entries than proxies: the request skipped one; the leftmost is then the nearest we have.
  return entries[Math.max(entries.length - trustedHops, 0)] ?? UNKNOWN_CLIENT
}
