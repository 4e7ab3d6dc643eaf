// The site's clock: the fixed shift the code uses for Moscow's days is the time zone database's, at any moment.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { MOSCOW_OFFSET_MS, MOSCOW_ZONE, fromMoscowWallClock, moscowWallClock } from '@/lib/time/moscow'

const wallClock = new Intl.DateTimeFormat('en-CA', { timeZone: MOSCOW_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })

describe('Moscow time', () => {
  it('reads as the time zone database says, for any moment from 2015 to 2040', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2015-01-01T00:00:00Z'), max: new Date('2040-01-01T00:00:00Z'), noInvalidDate: true }), (at) => {
        const parts = Object.fromEntries(wallClock.formatToParts(at).map((part) => [part.type, part.value]))
        expect(moscowWallClock(at).toISOString().slice(0, 16)).toBe(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`)
        expect(fromMoscowWallClock(moscowWallClock(at).getTime()).getTime()).toBe(at.getTime())
      }),
      { numRuns: 500 },
    )
    expect(MOSCOW_OFFSET_MS).toBe(3 * 3_600_000)
  })
})
