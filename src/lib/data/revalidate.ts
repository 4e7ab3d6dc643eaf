// Cache tags for public data and the one call that invalidates them.
import { revalidateTag } from 'next/cache'

export const PUBLIC_DATA_TAG = 'public-data'

export function revalidatePublic(): void {
  try {
    revalidateTag(PUBLIC_DATA_TAG, 'max')
  } catch (error) {
    // Outside a Next.js request or server (scripts, tests) there is no cache to drop.
    if (!(error instanceof Error) || !/static generation store|outside a request|Invariant/i.test(error.message)) {
      throw error
    }
  }
}
