// The names the search widget's country finder knows a country by (rendered on the server into each option).
import type { Locale } from '@/i18n/locales'

import { normalizeSearchText } from './search'

/** Names people use that are not the country's display name in either language. */
const COLLOQUIAL: Readonly<Record<string, readonly string[]>> = {
  ae: ['uae', 'emirates', 'эмираты', 'арабские эмираты'],
  by: ['belorussia', 'белоруссия'],
  cz: ['czech republic', 'чешская республика'],
  gb: ['uk', 'britain', 'great britain', 'england', 'англия', 'британия'],
  kr: ['korea', 'корея'],
  nl: ['holland', 'голландия'],
  tr: ['turkey'],
  us: ['usa', 'сша', 'america', 'united states of america', 'америка', 'штаты', 'соединённые штаты'],
}

const DISPLAY_NAMES = new Map<Locale, Intl.DisplayNames>()

function standardName(code: string, locale: Locale): string | undefined {
  let names = DISPLAY_NAMES.get(locale)
  if (!names) {
    names = new Intl.DisplayNames(locale, { type: 'region', fallback: 'none' })
    DISPLAY_NAMES.set(locale, names)
  }
  return names.of(code.toUpperCase())
}

/** Every name the finder should know a country by, normalized and joined with `|` (an option's data attribute). */
export function countrySearchTerms(code: string, name: string): string {
  const terms = [name, standardName(code, 'ru'), standardName(code, 'en'), ...(COLLOQUIAL[code] ?? [])]
  return [...new Set(terms.filter((term): term is string => Boolean(term)).map(normalizeSearchText))].join('|')
}
