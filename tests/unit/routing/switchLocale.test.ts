import { describe, expect, it } from 'vitest'

import { switchLocaleHref } from '@/lib/routing/switchLocale'

describe('switchLocaleHref', () => {
  it('links to the same page in the other language, keeping the query', () => {
    expect(switchLocaleHref('/vless-de', '?show=20', 'en')).toBe('/en/vless-de?show=20')
    expect(switchLocaleHref('/en/vless-de', '', 'ru')).toBe('/ru/vless-de')
  })
  it('handles the home page in both directions', () => {
    expect(switchLocaleHref('/', '', 'en')).toBe('/en')
    expect(switchLocaleHref('/en', '', 'ru')).toBe('/ru')
  })
  it('does not mistake a path that merely starts with the letters of a locale', () => {
    expect(switchLocaleHref('/entry', '', 'en')).toBe('/en/entry')
  })
})
