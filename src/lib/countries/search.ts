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

/**
 * Shows the options of the country list that match typed text and chooses the best; with nothing found, none stays
 * chosen (the search must not go to a country the visitor cannot see). Returns whether nothing was found.
 */
export function filterCountryOptions(select: HTMLSelectElement, text: string): boolean {
  const needle = normalizeSearchText(text)
  let best: { option: HTMLOptionElement; rank: number } | null = null
  for (const option of Array.from(select.options)) {
    if (option.value === '') continue
    const rank = needle === '' ? 0 : countryMatchRank(option.value, option.dataset.terms ?? normalizeSearchText(option.text), needle)
    option.hidden = rank === null
    if (rank !== null && (!best || rank < best.rank)) best = { option, rank }
  }
  if (needle !== '') select.value = best ? best.option.value : ''
  return needle !== '' && best === null
}
