// Cached readers of the document pages (privacy, user agreement, support).
import type { Locale } from '@/i18n/locales'
import type { Page } from '@/payload-types'

import { cachedPublic } from './cache'
import { payloadClient } from './payload'

export type DocumentSlug = Page['slug']

async function readDocument(slug: DocumentSlug, locale: Locale): Promise<Pick<Page, 'title' | 'content' | 'updatedAt'> | null> {
  const payload = await payloadClient()
  const found = await payload.find({
    collection: 'pages',
    overrideAccess: false,
    locale,
    limit: 1,
    where: { slug: { equals: slug } },
    select: { title: true, content: true, updatedAt: true },
  })
  return found.docs[0] ?? null
}

export const getDocument = cachedPublic('document', readDocument)
