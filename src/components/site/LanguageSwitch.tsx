'use client'
// Language switch that keeps the current page: plain links, so the server stores the choice and no
// JavaScript is needed; with JavaScript the query (e.g. ?show=20) is carried over too.
import { useLocale } from 'next-intl'
import { usePathname } from 'next/navigation'
import type React from 'react'

import { localeLabels, locales } from '@/i18n/locales'
import type { Locale } from '@/i18n/locales'
import { switchLocaleHref, withCurrentQuery } from '@/lib/routing/switchLocale'

function keepQuery(event: React.MouseEvent<HTMLAnchorElement>): void {
  // Read at click time rather than with useSearchParams, which would keep cached pages from rendering on the server.
  withCurrentQuery(event.currentTarget)
}

export function LanguageSwitch({ label }: { label: string }) {
  const current = useLocale() as Locale
  const pathname = usePathname()
  return (
    <nav className="language" aria-label={label}>
      {locales.map((locale) =>
        locale === current ? (
          <span key={locale} className="language__current" aria-current="true" lang={locale}>
            {locale.toUpperCase()}
          </span>
        ) : (
          <a
            key={locale}
            href={switchLocaleHref(pathname, '', locale)}
            onClick={keepQuery}
            hrefLang={locale}
            lang={locale}
            title={localeLabels[locale]}
          >
            {locale.toUpperCase()}
          </a>
        ),
      )}
    </nav>
  )
}
