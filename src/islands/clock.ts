// Times that go on after the page was rendered: hours a key has left, expired keys leaving their table, "checked 5
// minutes ago" (the server renders them at its own time: KeyRow, KeyDetailsView, HealthNote, ReachNote).
import { hoursLeft } from '@/lib/time/hoursLeft'
import { wholeSecondsBefore } from '@/lib/time/elapsed'

import { within } from './dom'
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
  for (const cell of within<HTMLElement>(root, '[data-expires-at]')) {
    const expiresAt = cell.dataset.expiresAt
    if (!expiresAt) continue
    // An expired key leaves its table (its own page and window keep it, at 0 hours). Hidden rather than removed: on
    // a React page the row is React's, and React must find it where it left it.
    const row = cell instanceof HTMLTableCellElement ? cell.closest('tr') : null
    if (Date.parse(expiresAt) <= now && row) {
      row.hidden = true
      continue
    }
    cell.textContent = text('KeyTable.hoursLeft', {}, hoursLeft(expiresAt, new Date(now)) ?? 0)
  }
  for (const note of within<HTMLElement>(root, '[data-checked-at]')) {
    const checkedAt = Date.parse(note.dataset.checkedAt ?? '')
    if (Number.isNaN(checkedAt)) continue
    const time = relativeTime(wholeSecondsBefore(checkedAt, now), now)
    const through = note.dataset.through
    note.textContent = text(through === 'reach' ? 'KeyTable.reachChecked' : through === 'connection' ? 'KeyTable.healthChecked' : 'KeyTable.healthCheckedPort', { time })
  }
}

/** The row "Show +10 keys" landed on (#row-11), if `root` holds it. */
function landedRow(root: ParentNode): HTMLElement | null {
  if (!/^#row-\d+$/.test(window.location.hash)) return null
  return within<HTMLElement>(root, window.location.hash).at(0) ?? null
}

/** The times in what React put in the page, and the row a client-side "Show +10 keys" landed on. */
export function mountTimes(root: ParentNode): void {
  refreshTimes(root)
  landedRow(root)?.querySelector('a')?.focus({ preventScroll: true })
}

export function setUpClock(): void {
  refreshTimes()
  window.setInterval(() => refreshTimes(), MINUTE / 4)
  // "Show +10 keys" lands on #row-11: keyboard users carry on from the first new row, not the page top. After the
  // load, when the browser has gone to the fragment (which would otherwise take the focus back to the page).
  const row = landedRow(document)
  const focusRow = () => window.setTimeout(() => row?.querySelector('a')?.focus({ preventScroll: true }))
  if (document.readyState === 'complete') focusRow()
  else window.addEventListener('load', focusRow, { once: true })
}
