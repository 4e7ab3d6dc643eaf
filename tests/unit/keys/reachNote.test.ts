// The note a key proven where the visitors are carries: which networks, when, and over the week, in both languages.
import { describe, expect, it } from 'vitest'

import { ReachNote } from '@/components/keys/ReachNote'

import { renderedText } from '../../helpers/renderIntl'

const NOW = Date.parse('2026-11-29T12:00:00Z')
const TWELVE_MINUTES_AGO = new Date(NOW - 12 * 60_000).toISOString()

function text(locale: 'ru' | 'en', reach: Parameters<typeof ReachNote>[0]['reach']): string {
  return renderedText(locale, NOW, ReachNote, { reach, now: NOW })
}

describe('ReachNote', () => {
  it('says where the key works, when it was checked there and how often it worked over the week', () => {
    const reach = { country: 'ru', networks: 'МТС, Ростелеком', checkedAt: TWELVE_MINUTES_AGO, uptimeWeek: 96 }
    expect(text('ru', reach)).toBe('Работает из России: МТС, Ростелеком · проверен 12 минут назад · 96 % за 7 дней')
    expect(text('en', reach)).toBe('Works from Russia: МТС, Ростелеком · checked 12 minutes ago · 96% over 7 days')
  })

  it('names another audience country, and leaves out a week it has no figure for', () => {
    const reach = { country: 'kz', networks: 'Beeline', checkedAt: TWELVE_MINUTES_AGO, uptimeWeek: null }
    expect(text('ru', reach)).toBe('Работает из Казахстана: Beeline · проверен 12 минут назад')
    expect(text('en', reach)).toBe('Works from Kazakhstan: Beeline · checked 12 minutes ago')
  })
})
