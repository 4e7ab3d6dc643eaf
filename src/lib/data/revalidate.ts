// Cache tags for public data and the one call that invalidates them.
import { revalidateTag } from 'next/cache'

export const PUBLIC_DATA_TAG = 'public-data'

/**
 * Drops cached public pages and data at once (an editor expects to see the change on the next load).
 * Outside a Next.js request (seed, scripts, background jobs) there is no cache to reach: the
 * pages' time-based revalidation (PUBLIC_REVALIDATE_SECONDS) catches those changes up.
 */
export function revalidatePublic(): void {
  try {
    revalidateTag(PUBLIC_DATA_TAG, { expire: 0 })
  } catch (error) {
    if (!(error instanceof Error) || !error.message.includes('static generation store missing')) throw error
  }
}
