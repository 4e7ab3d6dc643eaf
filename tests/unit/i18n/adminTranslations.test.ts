// The admin's own words we replace in Payload's Russian: each override names a key Payload still has (a renamed key
// would silently bring the old wording back), keeps its placeholders, and agrees with any gender and count.
import { en } from '@payloadcms/translations/languages/en'
import { ru } from '@payloadcms/translations/languages/ru'
import { describe, expect, it } from 'vitest'

import { adminTranslations } from '@/lib/admin/adminText'

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort()

/** Overrides that leave a value out on purpose: an empty list cell reads "—", not "no <column name>". */
const DROPS_PLACEHOLDERS = new Set(['general:noLabel'])

describe('admin translation overrides', () => {
  const payloadRu = ru.translations as unknown as Record<string, Record<string, string>>
  // Payload's English is the reference for what a message is given (its Russian drops some, e.g. searchBy's label).
  const payloadEn = en.translations as unknown as Record<string, Record<string, string>>
  const ours = adminTranslations.ru as Record<string, Record<string, string>>

  it('name keys Payload has, with the placeholders Payload fills in', () => {
    for (const [group, entries] of Object.entries(ours)) {
      for (const [key, text] of Object.entries(entries)) {
        const original = payloadRu[group]?.[key]
        expect(original, `${group}:${key}`).toBeTypeOf('string')
        const expected = DROPS_PLACEHOLDERS.has(`${group}:${key}`) ? [] : placeholders(payloadEn[group]![key]!)
        expect(placeholders(text), `${group}:${key}`).toEqual(expected)
      }
    }
  })

  it('replace the phrasings an editor found wrong', () => {
    const all = Object.values(ours).flatMap((entries) => Object.values(entries))
    expect(all.filter((text) => /успешно|Или же|Опубликовать на/.test(text))).toEqual([])
    expect(ours.general?.noLabel).toBe('—')
    expect(ours.general?.deletedCountSuccessfully?.replace('{{count}}', '4').replace('{{label}}', 'Ключи')).toBe('Удалено записей: 4 (Ключи).')
  })
})
