// The search form: a plain GET form the server redirects to the chosen list. In the browser (src/islands/search.ts)
// a country finder filters the country list by any name a country goes by and picks the best match ("Nothing found",
// and all countries, when nothing matches), and the choice opens at its list's own address without the redirect.
import { useTranslations } from 'next-intl'
import type React from 'react'

export function SearchForm({ action, children }: { action: string; children: React.ReactNode }) {
  const t = useTranslations('Search')
  return (
    <form action={action} method="get" className="search__form" data-search-form="">
      <label className="field search__finder needs-js">
        <span>{t('countryFilter')}</span>
        <input type="search" autoComplete="off" data-testid="country-finder" />
      </label>
      {/* Shown by the islands when the finder matches no country. */}
      <p className="search__nothing" role="status" hidden data-nothing-found="">
        {t('nothingFound')}
      </p>
      {children}
    </form>
  )
}
