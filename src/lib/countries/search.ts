// The search widget's country finder in the browser: typed text against a country's names.

/** Lower case, and ё as е: visitors rarely type ё. */
export function normalizeSearchText(text: string): string {
  return text.trim().toLowerCase().replace(/ё/g, 'е')
}

/**
 * How well typed text matches a country, best first: 0 its code, 1 the start of a name, 2 the start of a word
 * in a name, 3 anywhere in a name; null for no match. `needle` must be normalized.
 */
export function countryMatchRank(code: string, terms: string, needle: string): number | null {
  if (needle === code) return 0
  const names = terms.split('|')
  if (names.some((term) => term.startsWith(needle))) return 1
  if (names.some((term) => term.split(/[\s-]+/).some((word) => word.startsWith(needle)))) return 2
  if (names.some((term) => term.includes(needle))) return 3
  return null
}
