// Cached readers of the free keys visitors see; dropped by the public-data tag when keys change.
import { unstable_cache } from 'next/cache'

import type { Locale } from '@/i18n/locales'
import type { Protocol } from '@/lib/keys'

import { payloadClient } from './payload'
import { PUBLIC_DATA_TAG } from './revalidate'

export type PublicKeyRow = {
  id: number
  protocol: Protocol
  countryCode: string
  countryName: string
  hosting: string
  expiresAt: string | null
  createdAt: string
}

type PublicKeysQuery = { locale: Locale; limit: number }

async function readPublicKeys({ locale, limit }: PublicKeysQuery): Promise<PublicKeyRow[]> {
  const payload = await payloadClient()
  // Read as an anonymous visitor: the collection's access rules decide what is current and free.
  const result = await payload.find({
    collection: 'keys',
    overrideAccess: false,
    locale,
    depth: 1,
    limit,
    sort: '-createdAt',
    select: { protocol: true, country: true, server: true, expiresAt: true, createdAt: true },
    populate: { countries: { code: true, name: true }, servers: { hosting: true } },
  })
  return result.docs.map((doc) => ({
    id: doc.id,
    protocol: doc.protocol,
    countryCode: typeof doc.country === 'object' && doc.country ? doc.country.code : '',
    countryName: typeof doc.country === 'object' && doc.country ? doc.country.name : '',
    hosting: typeof doc.server === 'object' ? doc.server.hosting : '',
    expiresAt: doc.expiresAt ?? null,
    createdAt: doc.createdAt,
  }))
}

export const getPublicKeys = unstable_cache(readPublicKeys, ['public-keys'], {
  tags: [PUBLIC_DATA_TAG],
  // Keys expire by the clock, not only by edits: never serve a list older than a minute.
  revalidate: 60,
})
