'use client'
// The search form in the browser: a country finder that filters the country list by any name a country goes
// by and picks the best match ("Nothing found", and all countries, when nothing matches), and direct
// navigation to the chosen list without the server's redirect.
import { useLocale, useTranslations } from 'next-intl'
import { useRouter } from 'next/navigation'
import type React from 'react'
import { useRef, useState } from 'react'

import type { Locale } from '@/i18n/locales'
import { countryMatchRank, normalizeSearchText } from '@/lib/countries/search'
import { isProtocol } from '@/lib/keys/types'
import { keysPathname } from '@/lib/routing/keysFilter'
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
    if (!(select instanceof HTMLSelectElement)) return
    const needle = normalizeSearchText(text)
    let best: { option: HTMLOptionElement; rank: number } | null = null
    for (const option of Array.from(select.options)) {
      if (option.value === '') continue
      const rank = needle === '' ? 0 : countryMatchRank(option.value, option.dataset.terms ?? normalizeSearchText(option.text), needle)
      option.hidden = rank === null
      if (rank !== null && (!best || rank < best.rank)) best = { option, rank }
    }
    setNothingFound(needle !== '' && best === null)
    // With nothing found, no country stays chosen: the search must not go to a country the visitor cannot see.
    if (needle !== '') select.value = best ? best.option.value : ''
  }

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget)
    const country = String(data.get('country') ?? '')
    const protocol = String(data.get('protocol') ?? '')
    event.preventDefault()
    const filter = { country: /^[a-z]{2}$/.test(country) ? country : null, protocol: isProtocol(protocol) ? protocol : null }
    router.push(localizedPath(keysPathname(filter), locale))
  }

  return (
    <form ref={form} action={action} method="get" className="search__form" onSubmit={onSubmit}>
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
      {nothingFound ? (
        <p className="search__nothing" role="status">
          {t('nothingFound')}
        </p>
      ) : null}
      {children}
    </form>
  )
}
