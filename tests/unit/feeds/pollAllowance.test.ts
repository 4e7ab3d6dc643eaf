// The allowance of subscription polls that name no subscriber, per address (src/lib/feeds/pollAllowance.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { WRONG_POLLS_PER_MINUTE, pollAllowance } from '@/lib/feeds/pollAllowance'

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-29T10:00:00Z') })
})

afterEach(() => {
  vi.useRealTimers()
})

describe('polls naming no subscriber', () => {
  it('are allowed 30 a minute per address; past that the address waits out its minute, told how long', async () => {
    const allowance = pollAllowance()
    for (let miss = 0; miss < WRONG_POLLS_PER_MINUTE; miss += 1) {
      expect(await allowance.refusal('203.0.113.5')).toBeNull()
      await allowance.recordMiss('203.0.113.5')
    }
    expect(await allowance.refusal('203.0.113.5')).toBe(60)
    vi.advanceTimersByTime(45_000)
    expect(await allowance.refusal('203.0.113.5')).toBe(15)
    expect(await allowance.refusal('203.0.113.6')).toBeNull()
    vi.advanceTimersByTime(15_001)
    expect(await allowance.refusal('203.0.113.5')).toBeNull()
  })

  it('count an IPv6 network by its /64 and an IPv4 visitor seen through IPv6 as itself', async () => {
    const allowance = pollAllowance(2)
    await allowance.recordMiss('2001:db8:1:2::1')
    await allowance.recordMiss('2001:db8:1:2:ffff::9')
    expect(await allowance.refusal('2001:db8:1:2::abcd')).not.toBeNull()
    expect(await allowance.refusal('2001:db8:1:3::1')).toBeNull()
    await allowance.recordMiss('::ffff:198.51.100.4')
    await allowance.recordMiss('198.51.100.4')
    expect(await allowance.refusal('198.51.100.4')).not.toBeNull()
  })

  it('never hold back a household: ten apps of a replaced link polling every minute for an hour stay under it', async () => {
    const allowance = pollAllowance()
    for (let minute = 0; minute < 60; minute += 1) {
      for (let app = 0; app < 10; app += 1) {
        expect(await allowance.refusal('192.0.2.44')).toBeNull()
        await allowance.recordMiss('192.0.2.44')
      }
      vi.advanceTimersByTime(60_000)
    }
  })
})
