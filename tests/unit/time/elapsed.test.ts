import { createFormatter } from 'next-intl'
import { describe, expect, it } from 'vitest'

import { wholeSecondsBefore } from '@/lib/time/elapsed'

const format = createFormatter({ locale: 'ru', timeZone: 'Europe/Moscow' })
const now = Date.UTC(2026, 10, 22, 9, 0, 0)

function checkedAgo(milliseconds: number): string {
  return format.relativeTime(wholeSecondsBefore(now - milliseconds, now), now)
}

describe('wholeSecondsBefore', () => {
  it('never says "60 seconds ago": just under a minute is 59 seconds, just over is a minute', () => {
    expect(format.relativeTime(new Date(now - 59_600), now)).toBe('60 секунд назад')
    expect(checkedAgo(59_600)).toBe('59 секунд назад')
    expect(checkedAgo(60_400)).toBe('1 минуту назад')
    expect(checkedAgo(4 * 60_000 + 10_000)).toBe('4 минуты назад')
  })

  it('treats a check stamped a little in the future (clock skew) as just now', () => {
    expect(wholeSecondsBefore(now + 1500, now).getTime()).toBe(now)
  })
})
