// Tests for the ISO country list, its Russian and English names and emoji flags.
import { describe, expect, it } from 'vitest'

import { COUNTRY_CODES, countryName } from '@/seed/data/countries'

describe('COUNTRY_CODES', () => {
  it('holds 249 unique lower-case two-letter codes', () => {
    expect(COUNTRY_CODES).toHaveLength(249)
    expect(new Set(COUNTRY_CODES).size).toBe(249)
    for (const code of COUNTRY_CODES) expect(code).toMatch(/^[a-z]{2}$/)
  })

  it('includes the countries the site is known to list and no user-assigned codes', () => {
    for (const code of ['ae', 'us', 'de', 'ru', 'nl', 'fi', 'gb', 'ss', 'sx', 'bq']) {
      expect(COUNTRY_CODES).toContain(code)
    }
    for (const code of ['xk', 'uk', 'eu', 'an', 'su']) expect(COUNTRY_CODES).not.toContain(code)
  })
})

describe('countryName', () => {
  it.each(COUNTRY_CODES)('gives %s a Russian and an English name other than the code', (code) => {
    const ru = countryName(code, 'ru')
    const en = countryName(code, 'en')
    expect(ru.toLowerCase()).not.toBe(code)
    expect(en.toLowerCase()).not.toBe(code)
    expect(ru).toMatch(/[А-ЯЁ]/)
    expect(en).toMatch(/^[A-ZÅ]/)
  })

  it('names well-known countries as people say them', () => {
    expect(countryName('de', 'ru')).toBe('Германия')
    expect(countryName('de', 'en')).toBe('Germany')
    expect(countryName('us', 'ru')).toBe('США')
    expect(countryName('us', 'en')).toBe('United States')
    expect(countryName('ru', 'ru')).toBe('Россия')
    expect(countryName('hk', 'en')).toBe('Hong Kong')
    expect(countryName('ae', 'ru')).toBe('ОАЭ')
  })

  it('accepts upper-case codes', () => {
    expect(countryName('NL', 'en')).toBe('Netherlands')
  })

  it('spells out CLDR abbreviations', () => {
    expect(countryName('ck', 'ru')).toBe('Острова Кука')
    expect(countryName('sh', 'ru')).toBe('Остров Святой Елены')
    expect(countryName('ag', 'en')).toBe('Antigua and Barbuda')
    for (const code of COUNTRY_CODES) {
      expect(countryName(code, 'ru')).not.toMatch(/о-в|Св\./)
      expect(countryName(code, 'en')).not.toContain('&')
    }
  })

  it('falls back to the upper-case code for unknown codes', () => {
    expect(countryName('zz', 'en')).toBe('ZZ')
    expect(countryName('abc', 'ru')).toBe('ABC')
  })
})
