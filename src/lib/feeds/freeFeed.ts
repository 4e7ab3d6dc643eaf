// A public key list as a subscription: the share links of the free keys a visitor sees on that list right
// now, longest-lasting first, so an app that refreshes it follows the daily rotation by itself.
import type { Payload } from 'payload'

import { LIST_SORT, listingFilter, listingWhere } from '@/lib/data/keyListing'
import { LISTED_PROTOCOLS } from '@/lib/keys'
import type { Protocol } from '@/lib/keys'
import { protocolHasShareLink } from '@/lib/keys/labels'
import type { KeysFilter } from '@/lib/routing/keysFilter'

/** At most this many keys per feed: more than any app shows usefully, few enough to stay small. */
export const FEED_MAX_KEYS = 100

/** The protocols whose keys are share links, the only ones a subscription carries. */
export const SHARE_LINK_PROTOCOLS: readonly Protocol[] = LISTED_PROTOCOLS.filter(protocolHasShareLink)

export async function readFreeFeedLinks(payload: Payload, filter: KeysFilter): Promise<string[]> {
  const where = listingWhere(await listingFilter(payload, filter))
  if (!where) return []
  const { docs } = await payload.find({
    collection: 'keys',
    // As an anonymous visitor: the collection's access rules decide what is current and free.
    overrideAccess: false,
    depth: 0,
    limit: FEED_MAX_KEYS,
    pagination: false,
    // Only share-link protocols: WireGuard, OpenVPN and SSTP keys are files, which no subscription carries.
    where: { and: [{ protocol: { in: [...SHARE_LINK_PROTOCOLS] } }, where] },
    // The lists' order, which for share-link keys is the longest-lasting first.
    sort: LIST_SORT,
    select: { keyString: true },
  })
  return docs.flatMap((key) => (key.keyString ? [key.keyString] : []))
}

/** The id of the feed box on a list page, where a browser opening a feed URL lands. */
export const FEED_ANCHOR = 'subscription'

/** What an app calls a list's feed: "VPN ключи: VLESS, Германия", or the site's name for all keys. */
export function feedTitle(siteName: string, listName: { protocol: string | null; country: string | null }): string {
  const name = [listName.protocol, listName.country].filter(Boolean).join(', ')
  return name ? `${siteName}: ${name}` : siteName
}
