// The search form (SearchForm's markup): the country finder, and the choice opened at its canonical path.
import { filterCountryOptions } from '@/lib/countries/search'
import { searchFormPathname } from '@/lib/routing/keysFilter'
import { localizedPath } from '@/lib/routing/localizedPath'

import { closestTarget } from './dom'
import { locale } from './texts'

const FORM = 'form[data-search-form]'

export function setUpSearch(): void {
  document.addEventListener('input', (event) => {
    const finder = closestTarget<HTMLInputElement>(event, `${FORM} [data-testid="country-finder"]`)
    const form = finder?.form
    if (!finder || !form) return
    const select = form.elements.namedItem('country')
    const nothingFound = form.querySelector<HTMLElement>('[data-nothing-found]')
    if (select instanceof HTMLSelectElement && nothingFound) nothingFound.hidden = !filterCountryOptions(select, finder.value)
  })
  document.addEventListener('submit', (event) => {
    const form = closestTarget<HTMLFormElement>(event, FORM)
    if (!form) return
    event.preventDefault()
    window.location.assign(localizedPath(searchFormPathname(new FormData(form)), locale()))
  })
}
