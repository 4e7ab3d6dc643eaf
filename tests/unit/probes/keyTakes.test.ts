// Keys taken but unused (src/lib/probes/keyTakes.ts): which takes count, and when a key with no use after them is suspect.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { isSuspect, SUSPECT_TAKES, suspectWindowStart } from '@/lib/probes/keyTakes'

const now = new Date('2026-11-29T12:40:00Z')
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000)

describe('the window of takes', () => {
  it('starts three whole hours before this hour: the takes of 09:00–10:59 count at 12:40, each an hour old or more', () => {
    expect(suspectWindowStart(now).toISOString()).toBe('2026-11-29T09:00:00.000Z')
    expect(suspectWindowStart(new Date('2026-11-29T12:00:00Z')).toISOString()).toBe('2026-11-29T09:00:00.000Z')
  })
})

describe('a key taken but unused', () => {
  const watched = hoursAgo(6)

  it('is suspect once taken from enough addresses with the panel watching since before and no use since', () => {
    expect(isSuspect({ takes: SUSPECT_TAKES, usedAt: null, watchedSince: watched }, now)).toBe(true)
    expect(isSuspect({ takes: SUSPECT_TAKES, usedAt: hoursAgo(5), watchedSince: watched }, now)).toBe(true)
  })

  it('is not when taken less, used in the window, or watched only since the window began (a gap in the readings)', () => {
    expect(isSuspect({ takes: SUSPECT_TAKES - 1, usedAt: null, watchedSince: watched }, now)).toBe(false)
    expect(isSuspect({ takes: 50, usedAt: hoursAgo(3), watchedSince: watched }, now)).toBe(false)
    expect(isSuspect({ takes: 50, usedAt: null, watchedSince: hoursAgo(3) }, now)).toBe(false)
  })

  it('is never suspect after use in the window, or with fewer takes, whatever the rest (property)', () => {
    const time = fc.date({ min: hoursAgo(48), max: now, noInvalidDate: true })
    fc.assert(
      fc.property(fc.nat(1000), fc.option(time), time, (takes, usedAt, watchedSince) => {
        const suspect = isSuspect({ takes, usedAt, watchedSince }, now)
        if (takes < SUSPECT_TAKES) expect(suspect).toBe(false)
        if (usedAt && usedAt >= suspectWindowStart(now)) expect(suspect).toBe(false)
        if (watchedSince > suspectWindowStart(now)) expect(suspect).toBe(false)
        // More takes never clear it.
        if (suspect) expect(isSuspect({ takes: takes + 1, usedAt, watchedSince }, now)).toBe(true)
      }),
    )
  })
})
