// sitemap.xml: every public page in both languages, with hreflang alternates. Country pages are listed
// only where keys are (a page that says "Server not found" is nothing to send a search engine to).
import type { MetadataRoute } from 'next'

import { locales } from '@/i18n/locales'
import { getListedPairs } from '@/lib/data/keys'
import { PROTOCOLS } from '@/lib/keys/types'
import { keysPathname } from '@/lib/routing/keysFilter'
import { absoluteUrl } from '@/lib/seo/alternates'
import { localizedPath } from '@/lib/routing/localizedPath'

// Built on request (the build has no database); its data comes from the cached readers.
export const dynamic = 'force-dynamic'

const DOCUMENTS = ['/support', '/privacy', '/user-agreement']

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const pairs = await getListedPairs('ru')
  const lists = [
    keysPathname({ protocol: null, country: null }),
    ...PROTOCOLS.map((protocol) => keysPathname({ protocol, country: null })),
    ...new Set(pairs.map(({ code }) => keysPathname({ protocol: null, country: code }))),
    ...pairs.map(({ code, protocol }) => keysPathname({ protocol, country: code })),
  ]
  return [...lists, ...DOCUMENTS].flatMap((pathname) =>
    locales.map((locale) => ({
      url: absoluteUrl(localizedPath(pathname, locale)),
      changeFrequency: lists.includes(pathname) ? ('hourly' as const) : ('monthly' as const),
      alternates: { languages: Object.fromEntries(locales.map((code) => [code, absoluteUrl(localizedPath(pathname, code))])) },
    })),
  )
}
