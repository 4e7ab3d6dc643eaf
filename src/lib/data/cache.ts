// How public readers are cached: tagged for editor changes (everything public, or only what keys feed), and never
// older than a minute because free keys expire by the clock, not only by edits.
import { unstable_cache } from 'next/cache'

import { PUBLIC_DATA_TAG, PUBLIC_KEYS_TAG } from './revalidate'

export const PUBLIC_REVALIDATE_SECONDS = 60

export function cachedPublic<Args extends unknown[], Result>(
  name: string,
  reader: (...args: Args) => Promise<Result>,
  tags: string[] = [PUBLIC_DATA_TAG],
): (...args: Args) => Promise<Result> {
  return unstable_cache(reader, [name], { tags, revalidate: PUBLIC_REVALIDATE_SECONDS })
}

/** A public reader of what keys and their servers feed: also dropped when only keys change. */
export function cachedKeyData<Args extends unknown[], Result>(name: string, reader: (...args: Args) => Promise<Result>): (...args: Args) => Promise<Result> {
  return cachedPublic(name, reader, [PUBLIC_DATA_TAG, PUBLIC_KEYS_TAG])
}
