import { describe, expect, it } from 'vitest'

import { isRevalidateToken, revalidateToken } from '@/lib/data/revalidate'

describe('internal revalidation token', () => {
  it('is accepted only when derived from the same server secret', () => {
    const secret = 'x'.repeat(40)
    const token = revalidateToken(secret)
    expect(isRevalidateToken(token, secret)).toBe(true)
    expect(isRevalidateToken(revalidateToken('y'.repeat(40)), secret)).toBe(false)
    expect(isRevalidateToken(`${token.slice(0, -1)}A`, secret)).toBe(token.endsWith('A'))
    expect(isRevalidateToken(null, secret)).toBe(false)
    expect(isRevalidateToken('', secret)).toBe(false)
  })
})
