// Where an outdated or used e-mail link leads: the 401 token_expired screen with its status, rendered once per
// language and mode and then served from the cache (a page rendered per request cannot set a 401 and keep the
// screen in its HTML: see ServerUnauthorized).
import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { ServerUnauthorized } from '@/components/errors/ServerUnauthorized'
import { localeOrDefault } from '@/i18n/locales'

export const revalidate = 3600

type Params = Promise<{ variant: string; locale: string }>

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const t = await getTranslations({ locale: localeOrDefault((await params).locale), namespace: 'Errors' })
  return { title: t('tokenExpiredTitle'), robots: { index: false, follow: false } }
}

export default async function LinkExpiredPage({ params }: { params: Params }) {
  const { variant: robots, locale } = await params
  return <ServerUnauthorized locale={localeOrDefault(locale)} robots={robots} />
}
