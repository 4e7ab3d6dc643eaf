import { IntlMessageFormat } from 'intl-messageformat'
import { describe, expect, it } from 'vitest'

import en from '@/i18n/messages/en.json'
import ru from '@/i18n/messages/ru.json'

type Tree = { [key: string]: string | Tree }

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  )
}

const catalogues = { ru: flatten(ru), en: flatten(en) }

describe('message catalogues', () => {
  it('have the same keys in Russian and English', () => {
    expect(Object.keys(catalogues.ru).sort()).toEqual(Object.keys(catalogues.en).sort())
  })

  it('hold valid ICU messages with no empty text', () => {
    for (const [locale, messages] of Object.entries(catalogues)) {
      for (const [key, message] of Object.entries(messages)) {
        expect(message.trim(), `${locale}:${key}`).not.toBe('')
        expect(() => new IntlMessageFormat(message, locale), `${locale}:${key}`).not.toThrow()
      }
    }
  })

  it('use the Russian plural forms one, few and many for hours', () => {
    const format = (hours: number) => new IntlMessageFormat(catalogues.ru['KeyTable.hoursLeft']!, 'ru').format({ hours })
    expect([0, 1, 2, 5, 21, 22, 25].map(format)).toEqual(['0 часов', '1 час', '2 часа', '5 часов', '21 час', '22 часа', '25 часов'])
  })

  it('say in the admin how many keys keep a server, in the Russian plural forms', () => {
    const format = (count: number) => new IntlMessageFormat(catalogues.ru['Admin.serverHasKeys']!, 'ru').format({ count }) as string
    expect([1, 2, 5, 21].map((count) => format(count).split(',')[0])).toEqual(['У сервера ещё 1 ключ', 'У сервера ещё 2 ключа', 'У сервера ещё 5 ключей', 'У сервера ещё 21 ключ'])
  })
})
