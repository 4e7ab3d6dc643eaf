'use client'
// The search form in the browser: a country finder that filters the country list by any name a country goes
// by and picks the best match ("Nothing found", and all countries, when nothing matches), and direct
// navigation to the chosen list without the server's redirect. Pages without React get the same from src/islands.
import { useLocale, useTranslations } from 'next-intl'
import { useRouter } from 'next/navigation'
import type React from 'react'
import { useRef, useState } from 'react'

import type { Locale } from '@/i18n/locales'
import { filterCountryOptions } from '@/lib/countries/search'
import { searchFormPathname } from '@/lib/routing/keysFilter'
import { localizedPath } from '@/lib/routing/localizedPath'

export function SearchForm({ action, children }: { action: string; children: React.ReactNode }) {
  const t = useTranslations('Search')
  const locale = useLocale() as Locale
  const router = useRouter()
  const form = useRef<HTMLFormElement>(null)
  const [query, setQuery] = useState('')
  const [nothingFound, setNothingFound] = useState(false)

  const filterCountries = (text: string) => {
    setQuery(text)
    const select = form.current?.elements.namedItem('country')
    if (select instanceof HTMLSelectElement) setNothingFound(filterCountryOptions(select, text))
  }

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    router.push(localizedPath(searchFormPathname(new FormData(event.currentTarget)), locale))
  }

  return (
    <form ref={form} action={action} method="get" className="search__form" onSubmit={onSubmit} data-search-form="">
      <label className="field search__finder needs-js">
        <span>{t('countryFilter')}</span>
        <input
          type="search"
          value={query}
          onChange={(event) => filterCountries(event.target.value)}
          autoComplete="off"
          data-testid="country-finder"
        />
      </label>
      {/* Always in the markup (hidden until needed), so the islands can show it too. */}
      <p className="search__nothing" role="status" hidden={!nothingFound} data-nothing-found="">
        {t('nothingFound')}
      </p>
      {children}
    </form>
  )
}
