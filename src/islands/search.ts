// The search form (SearchForm's markup): the country finder, and the choice opened at its canonical path.
import { filterCountryOptions } from '@/lib/countries/search'
import { searchFormPathname } from '@/lib/routing/keysFilter'
import { localizedPath } from '@/lib/routing/localizedPath'

import { locale } from './texts'

export function setUpSearch(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-search-form]')
  if (!form) return
  const finder = form.querySelector<HTMLInputElement>('[data-testid="country-finder"]')
  const nothingFound = form.querySelector<HTMLElement>('[data-nothing-found]')
  finder?.addEventListener('input', () => {
    const select = form.elements.namedItem('country')
    if (select instanceof HTMLSelectElement && nothingFound) nothingFound.hidden = !filterCountryOptions(select, finder.value)
  })
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    window.location.assign(localizedPath(searchFormPathname(new FormData(form)), locale()))
  })
}
