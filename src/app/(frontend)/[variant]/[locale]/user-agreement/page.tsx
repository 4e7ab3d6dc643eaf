// The /user-agreement document page.
import type { Metadata } from 'next'

import { DocumentPage, documentMetadata } from '../_document/DocumentPage'
import type { DocumentParams } from '../_document/DocumentPage'

export const revalidate = 3600

export function generateStaticParams(): never[] {
  return []
}

export function generateMetadata({ params }: { params: DocumentParams }): Promise<Metadata> {
  return documentMetadata('user-agreement', params)
}

export default function Page({ params }: { params: DocumentParams }) {
  return <DocumentPage slug="user-agreement" params={params} />
}
