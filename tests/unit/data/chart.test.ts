// The dashboard charts' geometry and calendar: bars and lines inside their box, days and months in Moscow time.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { axisMax, bars, linePath, runs } from '@/lib/admin/chart'
import { lastDays, lastMonths } from '@/lib/admin/trends'

describe('chart geometry', () => {
  it('rounds the axis up to a readable number, never below 1', () => {
    expect(axisMax([])).toBe(1)
    expect(axisMax([0, 0])).toBe(1)
    expect(axisMax([7])).toBe(10)
    expect(axisMax([120])).toBe(200)
    expect(axisMax([2_400_00])).toBe(250_000)
  })

  it('keeps every bar inside the box, the tallest value reaching the top of its axis at most', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1_000_000, max: 100_000_000 }), { minLength: 1, maxLength: 60 }), (values) => {
        const drawn = bars(values, 480, 120)
        return drawn.every((bar, index) => bar.x >= 0 && bar.x + bar.width <= 480 + 1e-9 && bar.y >= -1e-9 && bar.y + bar.height <= 120 + 1e-9 && (values[index]! <= 0) === (bar.height === 0))
      }),
    )
  })

  it('draws a line from the left edge to the right one, 0 at the bottom', () => {
    expect(linePath([0, 5, 10], 100, 50, 10)).toBe('M0.0,50.0 L50.0,25.0 L100.0,0.0')
    expect(linePath([], 100, 50)).toBe('')
  })
})

describe('runs', () => {
  it('draws a server’s week as a few runs that cover every hour once, in order', () => {
    expect(runs(['up', 'up', 'down', null, null])).toEqual([
      { value: 'up', start: 0, length: 2 },
      { value: 'down', start: 2, length: 1 },
      { value: null, start: 3, length: 2 },
    ])
    fc.assert(
      fc.property(fc.array(fc.constantFrom('up', 'down', 'unknown', null), { maxLength: 168 }), (hours) => {
        const drawn = runs(hours)
        const expanded = drawn.flatMap((run) => Array.from({ length: run.length }, () => run.value))
        return JSON.stringify(expanded) === JSON.stringify(hours) && drawn.every((run, index) => index === 0 || (run.value !== drawn[index - 1]!.value && run.start === drawn[index - 1]!.start + drawn[index - 1]!.length))
      }),
    )
  })
})

describe('the calendar of the trends', () => {
  it('counts days and months in Moscow time, oldest first', () => {
    // 22:30 UTC on 30 November is already 1 December in Moscow.
    const now = new Date('2026-11-30T22:30:00Z')
    expect(lastDays(now, 3)).toEqual(['2026-11-29', '2026-11-30', '2026-12-01'])
    expect(lastMonths(now, 3)).toEqual(['2026-10', '2026-11', '2026-12'])
    expect(lastMonths(new Date('2026-02-10T10:00:00Z'), 3)).toEqual(['2025-12', '2026-01', '2026-02'])
  })

  it('gives consecutive days for any moment', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (now) => {
        const days = lastDays(now, 30)
        return days.length === 30 && days.every((day, index) => index === 0 || Date.parse(day) - Date.parse(days[index - 1]!) === 86_400_000)
      }),
    )
  })
})
