// Which Node the site starts on (scripts/lib/nodeVersion.ts): refused below 20.9, told in production when its line
// gets no more security fixes.
import { describe, expect, it } from 'vitest'

import { nodeVerdict } from '../../../scripts/lib/nodeVersion'

const today = new Date('2026-11-29T00:00:00Z')

describe('the Node the site starts on', () => {
  it('refuses what Next.js and Payload cannot run on, saying what to install', () => {
    for (const version of ['v18.20.4', 'v20.8.1', 'v16.0.0']) {
      const verdict = nodeVerdict(version, { isProduction: false, today })
      expect(verdict.ok, version).toBe(false)
      expect(!verdict.ok && verdict.line).toMatch(/needs Node 20\.9\.0 or later, 22 or 24 best \(NodeSource/)
      // Never piped into bash: a failed download must not go on to install Debian's Node 18.
      expect(!verdict.ok && verdict.line).not.toContain('| bash')
    }
  })

  it('runs on 20.9 and later; in production, says once that Node 20 gets no security fixes since April 2026', () => {
    expect(nodeVerdict('v20.20.0', { isProduction: false, today })).toEqual({ ok: true, warning: null })
    expect(nodeVerdict('v20.9.0', { isProduction: true, today })).toEqual({ ok: true, warning: expect.stringMatching(/^Node 20 gets no security fixes since 2026-04-30: move to Node 22 or 24/) })
    expect(nodeVerdict('v20.20.0', { isProduction: true, today: new Date('2026-04-29T12:00:00Z') })).toEqual({ ok: true, warning: null })
    for (const version of ['v22.11.0', 'v24.1.0']) expect(nodeVerdict(version, { isProduction: true, today })).toEqual({ ok: true, warning: null })
  })
})
