// 401 for the public site, in the page's language: the boundary that takes over from ServerUnauthorized's
// server-rendered screen once the page is hydrated (the only 401 a page raises is an outdated e-mail link).
import { getLocale } from 'next-intl/server'

import { HiddenFromCrawlers } from '@/components/errors/HiddenFromCrawlers'
import { TokenExpiredScreen } from '@/components/errors/TokenExpiredScreen'
import { localeOrDefault } from '@/i18n/locales'

export default async function Unauthorized() {
  return (
    <HiddenFromCrawlers>
      <TokenExpiredScreen locale={localeOrDefault(await getLocale())} />
    </HiddenFromCrawlers>
  )
}
