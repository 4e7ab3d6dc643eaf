'use client'
// Language switch that keeps the current page: plain links, so the server stores the choice and no
// JavaScript is needed; in the browser the query (e.g. ?show=20) is carried over too (src/islands/header.ts). A client
// component for the path alone: the layout it sits in does not know the page's.
import { useLocale } from 'next-intl'
import { usePathname } from 'next/navigation'
import { localeLabels, locales } from '@/i18n/locales'
import type { Locale } from '@/i18n/locales'
import { switchLocaleHref } from '@/lib/routing/switchLocale'

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
