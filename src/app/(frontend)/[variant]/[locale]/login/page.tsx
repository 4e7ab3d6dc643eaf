// The /login page.
import type { Metadata } from 'next'

import { AuthPage, authMetadata } from '../_auth/AuthPage'
import type { AuthParams } from '../_auth/AuthPage'

export function generateStaticParams(): never[] {
  return []
}

export function generateMetadata({ params }: { params: AuthParams }): Promise<Metadata> {
  return authMetadata('login', params)
}

export default function Page({ params }: { params: AuthParams }) {
  return <AuthPage purpose="login" params={params} />
}
