// Moments for "checked N minutes ago" texts.

/**
 * `then` moved to a whole number of seconds before `now`. Relative-time formatting picks its unit before it
 * rounds, so 59.6 seconds would read "60 seconds ago" instead of "59 seconds ago" or "1 minute ago".
 */
export function wholeSecondsBefore(then: number, now: number): Date {
  return new Date(now - Math.floor(Math.max(0, now - then) / 1000) * 1000)
}
