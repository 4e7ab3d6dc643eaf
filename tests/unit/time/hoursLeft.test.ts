import { describe, expect, it } from 'vitest'

import { hoursLeft } from '@/lib/time/hoursLeft'

const now = new Date('2026-11-21T12:00:00Z')

describe('hoursLeft', () => {
  it('is null for a key without expiry (unlimited)', () => {
    expect(hoursLeft(null, now)).toBeNull()
  })
  it('counts whole hours, rounding down', () => {
    expect(hoursLeft('2026-11-22T11:59:00Z', now)).toBe(23)
    expect(hoursLeft(new Date('2026-11-21T13:00:00Z'), now)).toBe(1)
  })
  it('shows 0 for less than an hour and for expired keys', () => {
    expect(hoursLeft('2026-11-21T12:30:00Z', now)).toBe(0)
    expect(hoursLeft('2026-11-20T12:00:00Z', now)).toBe(0)
  })
})
