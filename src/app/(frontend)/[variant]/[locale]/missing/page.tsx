// Where the proxy sends a path whose first segment no page has (`/foo`, `/about/us`): the 404 screen,
// rendered once per language and indexing mode and then served from the cache.
import type { Metadata } from 'next'

import { notFoundMetadata, notFoundProps, ServerNotFound } from '@/components/errors/ServerNotFound'

export const revalidate = 3600

type Params = Promise<{ variant: string; locale: string }>

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return notFoundMetadata((await params).locale)
}

export default async function MissingPage({ params }: { params: Params }) {
  return <ServerNotFound {...notFoundProps(await params)} />
}
