import { describe, expect, it } from 'vitest'

import { countryMatchRank, normalizeSearchText } from '@/lib/countries/search'
import { countrySearchTerms } from '@/lib/countries/searchTerms'

const COUNTRIES = [
  { code: 'au', name: 'Австралия' },
  { code: 'us', name: 'United States' },
  { code: 'gb', name: 'Великобритания' },
  { code: 'nl', name: 'Нидерланды' },
  { code: 'tr', name: 'Türkiye' },
  { code: 'ae', name: 'ОАЭ' },
  { code: 'de', name: 'Germany' },
  { code: 'kr', name: 'Южная Корея' },
]

/** The country the finder picks for typed text, as the form does: the best rank, the first of equals. */
function pick(typed: string): string | null {
  const needle = normalizeSearchText(typed)
  let best: { code: string; rank: number } | null = null
  for (const { code, name } of COUNTRIES) {
    const rank = countryMatchRank(code, countrySearchTerms(code, name), needle)
    if (rank !== null && (!best || rank < best.rank)) best = { code, rank }
  }
  return best?.code ?? null
}

describe('country finder', () => {
  it('prefers the country whose code was typed over one whose name merely contains it', () => {
    expect(pick('us')).toBe('us')
    expect(pick('US ')).toBe('us')
  })

  it('knows countries by their names in both languages and by the names people use', () => {
    for (const [typed, code] of [
      ['usa', 'us'],
      ['сша', 'us'],
      ['америка', 'us'],
      ['uk', 'gb'],
      ['англия', 'gb'],
      ['united kingdom', 'gb'],
      ['holland', 'nl'],
      ['голландия', 'nl'],
      ['turkey', 'tr'],
      ['турция', 'tr'],
      ['эмираты', 'ae'],
      ['Германия', 'de'],
      ['корея', 'kr'],
      ['Корея', 'kr'],
    ] as const) {
      expect(pick(typed), typed).toBe(code)
    }
  })

  it('ranks the start of a name over the start of a word over a match inside a name', () => {
    const au = countrySearchTerms('au', 'Австралия')
    expect(countryMatchRank('au', au, 'австр')).toBe(1)
    expect(countryMatchRank('gb', countrySearchTerms('gb', 'Великобритания'), 'kingdom')).toBe(2)
    expect(countryMatchRank('au', au, 'ралия')).toBe(3)
    // "us" is inside "australia" but is the code of the United States.
    expect(countryMatchRank('au', au, 'us')).toBe(3)
  })

  it('treats ё as е and finds nothing for text no country goes by', () => {
    expect(countryMatchRank('us', countrySearchTerms('us', 'США'), normalizeSearchText('соединённые'))).not.toBeNull()
    expect(pick('атлантида')).toBeNull()
    expect(pick('xyzq')).toBeNull()
  })
})
