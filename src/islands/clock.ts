// Times that go on after the page was rendered (useNow's job in React): hours a key has left, expired keys leaving
// their table, "checked 5 minutes ago".
import { hoursLeft } from '@/lib/time/hoursLeft'
import { wholeSecondsBefore } from '@/lib/time/elapsed'

import { locale, text } from './texts'

const MINUTE = 60_000
// next-intl's units: the first whose limit the distance is below, and its length (seconds).
const UNITS: { unit: Intl.RelativeTimeFormatUnit; below: number; seconds: number }[] = [
  { unit: 'second', below: 60, seconds: 1 },
  { unit: 'minute', below: 3_600, seconds: 60 },
  { unit: 'hour', below: 86_400, seconds: 3_600 },
  { unit: 'day', below: 604_800, seconds: 86_400 },
  { unit: 'week', below: 2_628_000, seconds: 604_800 },
  { unit: 'month', below: 31_536_000, seconds: 2_628_000 },
  { unit: 'year', below: Number.POSITIVE_INFINITY, seconds: 31_536_000 },
]

/** "5 minutes ago" as next-intl's relativeTime writes it (the unit by size, rounded; "now" under a second). */
function relativeTime(then: Date, now: number): string {
  const seconds = (then.getTime() - now) / 1000
  const { unit, seconds: length } = UNITS.find(({ below }) => Math.abs(seconds) < below) ?? { unit: 'year', seconds: 31_536_000 }
  const format = new Intl.RelativeTimeFormat(locale(), { numeric: unit === 'second' ? 'auto' : 'always' })
  return format.format(Math.round(seconds / length), unit)
}

/** Brings every time in `root` up to the current minute. */
export function refreshTimes(root: ParentNode = document): void {
  const now = Math.floor(Date.now() / MINUTE) * MINUTE
  for (const cell of root.querySelectorAll<HTMLElement>('[data-expires-at]')) {
    const expiresAt = cell.dataset.expiresAt
    if (!expiresAt) continue
    // An expired key leaves its table (its own page and window keep it, at 0 hours).
    if (Date.parse(expiresAt) <= now && cell instanceof HTMLTableCellElement) {
      cell.closest('tr')?.remove()
      continue
    }
    cell.textContent = text('KeyTable.hoursLeft', {}, hoursLeft(expiresAt, new Date(now)) ?? 0)
  }
  for (const note of root.querySelectorAll<HTMLElement>('[data-checked-at]')) {
    const checkedAt = Date.parse(note.dataset.checkedAt ?? '')
    if (Number.isNaN(checkedAt)) continue
    const time = relativeTime(wholeSecondsBefore(checkedAt, now), now)
    const through = note.dataset.through
    note.textContent = text(through === 'reach' ? 'KeyTable.reachChecked' : through === 'connection' ? 'KeyTable.healthChecked' : 'KeyTable.healthCheckedPort', { time })
  }
}

export function setUpClock(): void {
  refreshTimes()
  window.setInterval(() => refreshTimes(), MINUTE / 4)
  // "Show +10 keys" lands on #row-11: keyboard users carry on from the first new row, not the page top. After the
  // load, when the browser has gone to the fragment (which would otherwise take the focus back to the page).
  const row = /^#row-\d+$/.test(window.location.hash) ? document.getElementById(window.location.hash.slice(1)) : null
  const focusRow = () => window.setTimeout(() => row?.querySelector('a')?.focus({ preventScroll: true }))
  if (document.readyState === 'complete') focusRow()
  else window.addEventListener('load', focusRow, { once: true })
}
