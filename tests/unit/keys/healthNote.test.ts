// The note beside a key says which check it had: a real connection through the key, or only the server's port.
import { describe, expect, it } from 'vitest'

import { HealthNote } from '@/components/keys/HealthNote'

import { renderedText } from '../../helpers/renderIntl'

const NOW = Date.parse('2026-11-24T12:00:00Z')
const FIVE_MINUTES_AGO = new Date(NOW - 5 * 60_000).toISOString()

function text(locale: 'ru' | 'en', health: Parameters<typeof HealthNote>[0]['health']): string {
  return renderedText(locale, NOW, HealthNote, { health, now: NOW })
}

describe('HealthNote', () => {
  it('names a check through a real connection, in Russian and English', () => {
    const health = { status: 'up', checkedAt: FIVE_MINUTES_AGO, through: 'connection' } as const
    expect(text('ru', health)).toBe('Работает, проверен 5 минут назад через настоящее подключение')
    expect(text('en', health)).toBe('Working, checked 5 minutes ago through a real connection')
  })

  it('says when only the server’s port was checked', () => {
    const health = { status: 'down', checkedAt: FIVE_MINUTES_AGO, through: 'port' } as const
    expect(text('ru', health)).toBe('Не отвечает, проверен только порт сервера, 5 минут назад')
    expect(text('en', health)).toBe('Not answering, only the server port checked, 5 minutes ago')
  })
})
