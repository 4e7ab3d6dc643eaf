// Cached readers of the CMS pages: the fixed documents (privacy, user agreement, support), the pages editors
// add, and the links the footer shows to them.
import type { Locale } from '@/i18n/locales'
import type { FooterPlace } from '@/lib/pages/paths'
import type { Page } from '@/payload-types'

import { cachedPublic } from './cache'
import { payloadClient } from '@/edge/payload'

type PublicDocument = Pick<Page, 'title' | 'content' | 'updatedAt' | 'seo'>

export type FooterPage = { slug: string; title: string; place: Exclude<FooterPlace, 'none'> }

async function readDocument(slug: string, locale: Locale, draft = false): Promise<PublicDocument | null> {
  const payload = await payloadClient()
  const found = await payload.find({
    collection: 'pages',
    // Drafts only for a staff preview (the caller checked the user); visitors get what is published.
    overrideAccess: draft,
    draft,
    locale,
    limit: 1,
    where: { slug: { equals: slug } },
    select: { title: true, content: true, updatedAt: true, seo: true },
  })
  return found.docs[0] ?? null
}

export const getDocument = cachedPublic('document', (slug: string, locale: Locale) => readDocument(slug, locale))

/** The latest draft of a document, for an editor's preview: never cached. */
export function getDocumentDraft(slug: string, locale: Locale): Promise<PublicDocument | null> {
  return readDocument(slug, locale, true)
}

/** Published pages editors placed in the footer, in their order. */
export const getFooterPages = cachedPublic('footer-pages', async (locale: Locale): Promise<FooterPage[]> => {
  const payload = await payloadClient()
  const found = await payload.find({
    collection: 'pages',
    overrideAccess: false,
    locale,
    where: { footer: { in: ['navigation', 'documents'] } },
    sort: ['footerOrder', 'title'],
    pagination: false,
    select: { slug: true, title: true, footer: true },
  })
  return found.docs.map((page) => ({ slug: page.slug, title: page.title, place: page.footer as FooterPage['place'] }))
})

/** Every published page's slug, for the sitemap. */
export const getPublishedSlugs = cachedPublic('page-slugs', async (): Promise<string[]> => {
  const payload = await payloadClient()
  const found = await payload.find({ collection: 'pages', overrideAccess: false, pagination: false, select: { slug: true } })
  return found.docs.map((page) => page.slug)
})
