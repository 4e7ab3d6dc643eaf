// /pages/<slug>: a page editors added in the admin, in the visitor's language. The fixed documents keep
// their own addresses, so /pages/privacy leads there.
import type { Metadata } from 'next'
import { permanentRedirect } from 'next/navigation'

import { isLocale } from '@/i18n/locales'
import { isFixedPage, PAGE_SLUG, pagePath } from '@/lib/pages/paths'
import { localizedPath } from '@/lib/routing/localizedPath'

import { DocumentPage, documentMetadata } from '../../_document/DocumentPage'

type Params = Promise<{ variant: string; locale: string; slug: string }>

export const revalidate = 3600

export function generateStaticParams(): never[] {
  return []
}

/** A slug that cannot name a page is looked up as nothing (the page answers "not found"). */
function lookup(slug: string): string {
  return PAGE_SLUG.test(slug) ? slug : '-'
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { slug } = await params
  return documentMetadata(lookup(slug), params)
}

export default async function Page({ params }: { params: Params }) {
  const { slug, locale } = await params
  if (isFixedPage(slug) && isLocale(locale)) permanentRedirect(localizedPath(pagePath(slug), locale))
  return <DocumentPage slug={lookup(slug)} params={params} />
}
