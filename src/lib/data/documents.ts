// Cached readers of the document pages (privacy, user agreement, support).
import type { Locale } from '@/i18n/locales'
import type { Page } from '@/payload-types'

import { cachedPublic } from './cache'
import { payloadClient } from './payload'

export type DocumentSlug = Page['slug']

type PublicDocument = Pick<Page, 'title' | 'content' | 'updatedAt'>

async function readDocument(slug: DocumentSlug, locale: Locale, draft = false): Promise<PublicDocument | null> {
  const payload = await payloadClient()
  const found = await payload.find({
    collection: 'pages',
    // Drafts only for a staff preview (the caller checked the user); visitors get what is published.
    overrideAccess: draft,
    draft,
    locale,
    limit: 1,
    where: { slug: { equals: slug } },
    select: { title: true, content: true, updatedAt: true },
  })
  return found.docs[0] ?? null
}

export const getDocument = cachedPublic('document', (slug: DocumentSlug, locale: Locale) => readDocument(slug, locale))

/** The latest draft of a document, for an editor's preview: never cached. */
export function getDocumentDraft(slug: DocumentSlug, locale: Locale): Promise<PublicDocument | null> {
  return readDocument(slug, locale, true)
}
