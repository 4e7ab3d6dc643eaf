import { describe, expect, it } from 'vitest'

import { localizedPath } from '@/lib/routing/localizedPath'

describe('localizedPath', () => {
  it('leaves Russian paths unprefixed and puts English ones under /en', () => {
    expect(localizedPath('/', 'ru')).toBe('/')
    expect(localizedPath('/vless-de', 'ru')).toBe('/vless-de')
    expect(localizedPath('/', 'en')).toBe('/en')
    expect(localizedPath('/vless-de', 'en')).toBe('/en/vless-de')
  })

  it('gives Russia\'s list in Russian the /ru prefix, as /ru alone leads to the home page', () => {
    expect(localizedPath('/ru', 'ru')).toBe('/ru/ru')
    expect(localizedPath('/ru', 'en')).toBe('/en/ru')
    expect(localizedPath('/vless-ru', 'ru')).toBe('/vless-ru')
  })
})
