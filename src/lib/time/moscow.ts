// The site's clock is Moscow's: the daily rotation time, the admin's days and months, dates in mail. Moscow keeps
// UTC+3 all year (no daylight saving since 2014), so its wall clock is a fixed shift read with the UTC getters.
export const MOSCOW_ZONE = 'Europe/Moscow'
export const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000

/** `at` shifted to Moscow's wall clock: read it with getUTC* (year, month, date, hours). */
export function moscowWallClock(at: Date): Date {
  return new Date(at.getTime() + MOSCOW_OFFSET_MS)
}

/** The moment when Moscow's wall clock shows the time `Date.UTC(...)` gave as `wallClockMs`. */
export function fromMoscowWallClock(wallClockMs: number): Date {
  return new Date(wallClockMs - MOSCOW_OFFSET_MS)
}
