import { createTranslator } from 'next-intl'
import { describe, expect, it } from 'vitest'

import en from '@/i18n/messages/en.json'
import ru from '@/i18n/messages/ru.json'
import { islandTexts } from '@/lib/islands/texts'

describe("the islands' texts", () => {
  it('carry every plural form of a language, with # for the number', () => {
    const t = createTranslator({ locale: 'ru', messages: ru, namespace: 'KeyTable' })
    const { texts } = islandTexts('ru', [{ key: 'hoursLeft', render: (values) => t('hoursLeft', values as { hours: number }), args: { hours: 'plural' } }])
    // Russian "other" is for fractions only: hours are whole.
    expect(texts.hoursLeft).toEqual({ plural: { one: '# час', few: '# часа', many: '# часов' } })
    const english = createTranslator({ locale: 'en', messages: en, namespace: 'KeyTable' })
    const englishTexts = islandTexts('en', [{ key: 'hoursLeft', render: (values) => english('hoursLeft', values as { hours: number }), args: { hours: 'plural' } }])
    expect(englishTexts.texts.hoursLeft).toEqual({ plural: { one: '# hour', other: '# hours' } })
    // A plural inside a sentence.
    const auth = createTranslator({ locale: 'ru', messages: ru, namespace: 'Auth' })
    const limited = islandTexts('ru', [{ key: 'rateLimited', render: (values) => auth('rateLimited', values as { minutes: number }), args: { minutes: 'plural' } }])
    expect(limited.texts.rateLimited).toEqual({
      plural: {
        one: 'Слишком много запросов. Попробуйте через # минуту.',
        few: 'Слишком много запросов. Попробуйте через # минуты.',
        many: 'Слишком много запросов. Попробуйте через # минут.',
      },
    })
  })

  it('turn text and number arguments into {name} placeholders', () => {
    const tariffs = createTranslator({ locale: 'ru', messages: ru, namespace: 'Tariffs' })
    const table = createTranslator({ locale: 'ru', messages: ru, namespace: 'KeyTable' })
    const { locale, texts } = islandTexts('ru', [
      { key: 'speed', render: (values) => tariffs('speedDownload', values as { mbps: number }), args: { mbps: 'number' } },
      { key: 'checked', render: (values) => table('healthChecked', values as { time: string }), args: { time: 'text' } },
      { key: 'copied', render: () => table('copied') },
    ])
    expect(locale).toBe('ru')
    expect(texts).toEqual({ speed: 'Загрузка: {mbps} Мбит/с', checked: 'проверен {time} через настоящее подключение', copied: 'Скопировано' })
  })
})
