// The /register page.
import type { Metadata } from 'next'

import { AuthPage, authMetadata } from '../_auth/AuthPage'
import type { AuthParams } from '../_auth/AuthPage'

export function generateStaticParams(): never[] {
  return []
}

export function generateMetadata({ params }: { params: AuthParams }): Promise<Metadata> {
  return authMetadata('register', params)
}

export default function Page({ params }: { params: AuthParams }) {
  return <AuthPage purpose="register" params={params} />
}
