// Cache tags for public data and the one call that invalidates them.
import { revalidateTag } from 'next/cache'

import { env } from '@/lib/env'

import { REVALIDATE_TOKEN_HEADER, revalidateToken } from './revalidateToken'

export const PUBLIC_DATA_TAG = 'public-data'
/**
 * What the keys and their servers feed (lists, key pages, countries with keys, feeds). Keys change all day (the
 * rotation, checks, imports): such a change re-reads only these, while settings, plans, apps and documents, which
 * carry only PUBLIC_DATA_TAG, stay cached.
 */
export const PUBLIC_KEYS_TAG = 'public-keys'

/** What a change touched: the keys' data only, or everything public. */
export type RevalidateScope = 'keys' | 'all'

export function scopeTag(scope: RevalidateScope): string {
  return scope === 'keys' ? PUBLIC_KEYS_TAG : PUBLIC_DATA_TAG
}

let pending: ReturnType<typeof setTimeout> | null = null
let pendingScope: RevalidateScope = 'keys'

/**
 * Background jobs (rotation, health checks) run inside the Next.js server but outside a request, where
 * revalidateTag cannot reach the cache: they ask the server's own internal route instead, at most
 * once per half second however many keys changed.
 */
function revalidateThroughServer(scope: RevalidateScope): void {
  if (!process.env.NEXT_RUNTIME) return
  // A burst that touched anything beyond keys revalidates everything.
  if (scope === 'all') pendingScope = 'all'
  if (pending) return
  pending = setTimeout(() => {
    const query = pendingScope === 'keys' ? '?scope=keys' : ''
    pending = null
    pendingScope = 'keys'
    void fetch(`http://127.0.0.1:${env().PORT}/api/internal/revalidate${query}`, {
      method: 'POST',
      headers: { [REVALIDATE_TOKEN_HEADER]: revalidateToken(env().PAYLOAD_SECRET) },
    }).catch(() => undefined)
  }, 500)
  pending.unref?.()
}

/**
 * Drops cached public pages and data at once (an editor expects to see the change on the next load).
 * Where Next refuses revalidateTag (outside a request, or inside a cached scope a job was started from),
 * the server's own route does it instead. Outside the Next.js server (seed, scripts, tests) there is no
 * cache to reach, and the pages' time-based revalidation (PUBLIC_REVALIDATE_SECONDS) is the safety net.
 */
export function revalidatePublic(scope: RevalidateScope = 'all'): void {
  try {
    revalidateTag(scopeTag(scope), { expire: 0 })
  } catch {
    // Every refusal is about where it was called from; the data change itself has been made.
    revalidateThroughServer(scope)
  }
}
