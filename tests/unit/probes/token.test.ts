// Probe tokens: 256 random bits, kept only as their hash, read from a Bearer header and from nothing else.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { bearerProbeToken, newProbeToken, probeTokenHash } from '@/lib/probes/token'

describe('probe tokens', () => {
  it('are new each time, kept as their SHA-256, and read from a Bearer header', () => {
    const { token, hash } = newProbeToken()
    expect(token).toMatch(/^vkp_[\w-]{43}$/)
    expect(hash).toBe(probeTokenHash(token))
    expect(hash).not.toContain(token.slice(4))
    expect(newProbeToken().token).not.toBe(token)
    expect(bearerProbeToken(`Bearer ${token}`)).toBe(token)
    expect(bearerProbeToken(`bearer  ${token} `)).toBe(token)
    for (const wrong of [null, '', token, `Basic ${token}`, `Bearer ${token}x`, `Bearer ${token} ${token}`, `Bearer vkp_short`]) expect(bearerProbeToken(wrong), String(wrong)).toBeNull()
  })

  it('read nothing but a token of ours from any header (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (header) => {
        const token = bearerProbeToken(header)
        if (token !== null) expect(token).toMatch(/^vkp_[\w-]{43}$/)
      }),
    )
  })
})
