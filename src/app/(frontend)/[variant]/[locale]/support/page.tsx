// The /support document page.
import type { Metadata } from 'next'

import { DocumentPage, documentMetadata } from '../_document/DocumentPage'
import type { DocumentParams } from '../_document/DocumentPage'

export const revalidate = 3600

export function generateStaticParams(): never[] {
  return []
}

export function generateMetadata({ params }: { params: DocumentParams }): Promise<Metadata> {
  return documentMetadata('support', params)
}

export default function Page({ params }: { params: DocumentParams }) {
  return <DocumentPage slug="support" params={params} />
}
