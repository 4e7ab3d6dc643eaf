// unauthorized() with the 401 token_expired screen in the server's HTML, for a page served from the cache (ISR).
// As with ServerNotFound: thrown at the top of a page under this app's dynamic root layout, Next.js answers
// 401 with an empty document that only JavaScript fills in; thrown inside a Suspense boundary while the page
// is prerendered, it sets the status and the boundary's fallback is the screen. (In a page rendered per
// request the response has started streaming by then, and the status stays 200.)
import { setRequestLocale } from 'next-intl/server'
import { unauthorized } from 'next/navigation'
import { Suspense } from 'react'

import type { Locale } from '@/i18n/locales'
import { isCrawlerMode } from '@/lib/seo/robots'

import { TokenExpiredScreen } from './TokenExpiredScreen'

function Unauthorized(): never {
  unauthorized()
}

/** Crawlers get the status and an empty container, not the screen (site-spec §2). */
export function ServerUnauthorized({ locale, robots }: { locale: Locale; robots: string }) {
  setRequestLocale(locale)
  return (
    <Suspense fallback={isCrawlerMode(robots) ? <div className="error-screen" /> : <TokenExpiredScreen locale={locale} />}>
      <Unauthorized />
    </Suspense>
  )
}
