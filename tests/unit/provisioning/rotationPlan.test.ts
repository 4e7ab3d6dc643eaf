import { describe, expect, it } from 'vitest'

import { nextRotation, planRotation } from '@/lib/provisioning/rotationPlan'

const at = (iso: string) => new Date(iso)

describe('rotation time', () => {
  it('is the next daily instant at the configured Moscow time', () => {
    // 04:00 in Moscow is 01:00 UTC.
    expect(nextRotation(at('2027-01-10T00:30:00Z'), '04:00').toISOString()).toBe('2027-01-10T01:00:00.000Z')
    expect(nextRotation(at('2027-01-10T01:00:00Z'), '04:00').toISOString()).toBe('2027-01-11T01:00:00.000Z')
    expect(nextRotation(at('2027-01-10T22:10:00Z'), '00:30').toISOString()).toBe('2027-01-11T21:30:00.000Z')
    expect(nextRotation(at('2027-01-10T12:00:00Z'), 'not a time').toISOString()).toBe('2027-01-11T01:00:00.000Z')
  })
})

describe('rotation plan', () => {
  const wanted = 3
  it('fills an empty server with keys that live until an hour after the next rotation', () => {
    const plan = planRotation({ keys: [], wanted, now: at('2027-01-10T12:00:00Z'), rotationTime: '04:00' })
    expect(plan).toEqual({ issue: 3, expiresAt: at('2027-01-11T02:00:00Z'), revoke: [] })
  })

  it('at rotation time issues fresh keys while the old ones still work for an hour, and plans nothing on a rerun', () => {
    const now = at('2027-01-11T01:05:00Z')
    const old = [1, 2, 3].map((id) => ({ id, expiresAt: '2027-01-11T02:00:00.000Z' }))
    const plan = planRotation({ keys: old, wanted, now, rotationTime: '04:00' })
    expect(plan).toEqual({ issue: 3, expiresAt: at('2027-01-12T02:00:00Z'), revoke: [] })
    const fresh = [4, 5, 6].map((id) => ({ id, expiresAt: plan.expiresAt.toISOString() }))
    expect(planRotation({ keys: [...old, ...fresh], wanted, now, rotationTime: '04:00' }).issue).toBe(0)
  })

  it('revokes expired keys and tops up when fewer than wanted last', () => {
    const now = at('2027-01-11T03:05:00Z')
    const keys = [
      { id: 1, expiresAt: '2027-01-11T02:00:00.000Z' },
      { id: 2, expiresAt: '2027-01-12T02:00:00.000Z' },
      { id: 3, expiresAt: null },
    ]
    expect(planRotation({ keys, wanted, now, rotationTime: '04:00' })).toEqual({ issue: 1, expiresAt: at('2027-01-12T02:00:00Z'), revoke: [1] })
  })
})
