// sitemap.xml: every public page in both languages, with hreflang alternates. Country pages are listed
// only where keys are (a page that says "Server not found" is nothing to send a search engine to).
import type { MetadataRoute } from 'next'

import { locales } from '@/i18n/locales'
import { getPublishedSlugs } from '@/lib/data/documents'
import { getListedPairs } from '@/lib/data/keys'
import { pagePath } from '@/lib/pages/paths'
import { LISTED_PROTOCOLS } from '@/lib/keys/types'
import { keysPathname } from '@/lib/routing/keysFilter'
import { absoluteUrl } from '@/lib/seo/alternates'
import { localizedPath } from '@/lib/routing/localizedPath'

// Built on request (the build has no database); its data comes from the cached readers.
export const dynamic = 'force-dynamic'

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [pairs, slugs] = await Promise.all([getListedPairs('ru'), getPublishedSlugs()])
  const lists = [
    keysPathname({ protocol: null, country: null }),
    ...LISTED_PROTOCOLS.map((protocol) => keysPathname({ protocol, country: null })),
    ...new Set(pairs.map(({ code }) => keysPathname({ protocol: null, country: code }))),
    ...pairs.map(({ code, protocol }) => keysPathname({ protocol, country: code })),
    // What works from the visitors' networks today: the question people search for, answered hourly.
    '/status',
  ]
  // The fixed documents and every page editors published.
  const documents = slugs.map(pagePath)
  return [...lists, ...documents].flatMap((pathname) =>
    locales.map((locale) => ({
      url: absoluteUrl(localizedPath(pathname, locale)),
      changeFrequency: lists.includes(pathname) ? ('hourly' as const) : ('monthly' as const),
      alternates: { languages: Object.fromEntries(locales.map((code) => [code, absoluteUrl(localizedPath(pathname, code))])) },
    })),
  )
}
