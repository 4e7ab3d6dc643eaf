import { describe, expect, it } from 'vitest'

import { countryFlag } from '@/lib/countries/flag'

describe('countryFlag', () => {
  it('builds the emoji flag from regional indicators', () => {
    expect(countryFlag('de')).toBe('🇩🇪')
    expect(countryFlag('US')).toBe('🇺🇸')
    expect(countryFlag('ru')).toBe('\u{1F1F7}\u{1F1FA}')
  })

  it('returns an empty string for anything but two letters', () => {
    expect(countryFlag('deu')).toBe('')
    expect(countryFlag('1a')).toBe('')
    expect(countryFlag('')).toBe('')
  })
})
