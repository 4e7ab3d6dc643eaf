import { describe, expect, it } from 'vitest'

import { isBearer } from '@/lib/metrics/bearer'

describe('isBearer', () => {
  const token = 'metrics-token-0123456789'
  it('takes exactly the configured token as a bearer credential', () => {
    expect(isBearer(`Bearer ${token}`, token)).toBe(true)
    expect(isBearer(`bearer ${token}`, token)).toBe(true)
  })
  it('refuses no header, another token, a prefix of it, another scheme and extra words', () => {
    for (const header of [null, '', 'Bearer', `Bearer ${token}x`, `Bearer ${token.slice(0, -1)}`, `Basic ${token}`, `Bearer ${token} extra`, token]) expect(isBearer(header, token), String(header)).toBe(false)
  })
})
