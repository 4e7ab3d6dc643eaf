// Search widget: country and protocol selectors; "Search for keys" opens the list's canonical URL.
// A plain GET form (the server redirects), enhanced in the browser to open the list directly (SearchForm).
import { getTranslations } from 'next-intl/server'

import type { Locale } from '@/i18n/locales'
import { countrySearchTerms } from '@/lib/countries/searchTerms'
import { PROTOCOL_LABELS } from '@/lib/keys/labels'
import { LISTED_PROTOCOLS } from '@/lib/keys/types'
import type { KeysFilter } from '@/lib/routing/keysFilter'
import { localizedPath } from '@/lib/routing/localizedPath'

import { SearchForm } from './SearchForm'

type Props = { locale: Locale; countries: { code: string; name: string }[]; selected: KeysFilter }

export async function SearchWidget({ locale, countries, selected }: Props) {
  const t = await getTranslations({ locale, namespace: 'Search' })
  return (
    <section className="search" aria-labelledby="search-title">
      <h2 id="search-title" className="search__title">
        {t('title')}
      </h2>
      <SearchForm action={localizedPath('/search', locale)}>
        <label className="field">
          <span>{t('country')}</span>
          <select name="country" defaultValue={selected.country ?? ''} data-testid="search-country">
            <option value="">{t('allCountries')}</option>
            {countries.map((country) => (
              <option key={country.code} value={country.code} data-terms={countrySearchTerms(country.code, country.name)}>
                {country.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('protocol')}</span>
          <select name="protocol" defaultValue={selected.protocol ?? ''} data-testid="search-protocol">
            <option value="">{t('allProtocols')}</option>
            {LISTED_PROTOCOLS.map((protocol) => (
              <option key={protocol} value={protocol}>
                {PROTOCOL_LABELS[protocol]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--primary">
          {t('submit')}
        </button>
      </SearchForm>
    </section>
  )
}
