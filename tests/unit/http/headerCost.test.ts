// The header guard's second look (tests/e2e/headerBounds.spec.ts): a large header over its bound once is sent again,
// alternately with the browser's request, and the fastest of each compared. On a simulated site whose every send costs
// what its code does, plus whatever a busy stretch adds to a run of consecutive sends.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { fastestAlternately, MAX_RATIO, SLACK_MS, withinBound } from '../../helpers/headerCost'
import type { Sent } from '../../helpers/headerCost'

/** Sends that cost `large` and `normal` ms, the ones in [from, from + length) of the whole run `extra` ms more. */
function site(costs: { large: number; normal: number }, busy: { from: number; length: number; extra: number }) {
  let sends = 0
  const send = (ms: number) => async (): Promise<Sent> => {
    const index = sends
    sends += 1
    return { status: 200, ms: ms + (index >= busy.from && index < busy.from + busy.length ? busy.extra : 0) }
  }
  return { large: send(costs.large), normal: send(costs.normal), sent: () => sends }
}

const over = async (costs: { large: number; normal: number }, busy: { from: number; length: number; extra: number }) => {
  const sends = site(costs, busy)
  const again = await fastestAlternately(sends.large, sends.normal)
  return !withinBound(again.large, again.normal)
}

describe('a large header sent again beside the browser’s request', () => {
  it('is not a finding when the site was busy while it was sent (clone 88: 91 ms against 11 ms, a header nothing reads)', async () => {
    expect(await over({ large: 12, normal: 11 }, { from: 0, length: 6, extra: 80 })).toBe(false)
  })

  it('is a finding when it costs more on every send, a busy stretch of eight of its ten sends or not', async () => {
    expect(await over({ large: 400, normal: 11 }, { from: 0, length: 0, extra: 0 })).toBe(true)
    expect(await over({ large: 400, normal: 11 }, { from: 1, length: 8, extra: 300 })).toBe(true)
  })

  it('sends each five times, one after the other', async () => {
    const sends = site({ large: 1, normal: 1 }, { from: 0, length: 0, extra: 0 })
    const again = await fastestAlternately(sends.large, sends.normal)
    expect(sends.sent()).toBe(10)
    expect(again.statuses).toEqual([200, 200, 200, 200, 200])
  })

  it('reads any busy stretch of up to eight of its ten sends as the machine, and any header that costs over the bound as a finding', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 200 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.record({ from: fc.integer({ min: 0, max: 9 }), length: fc.integer({ min: 0, max: 8 }), extra: fc.integer({ min: 0, max: 5_000 }) }),
        async (normal, share, busy) => {
          const bound = normal * MAX_RATIO + SLACK_MS
          // A cost within the bound, or over it by a margin a slow parser has (hundreds of ms here: at least 50).
          const within = share * bound
          const beyond = bound + 50 + share * 1_000
          expect(await over({ large: within, normal }, busy)).toBe(false)
          expect(await over({ large: beyond, normal }, busy)).toBe(true)
        },
      ),
    )
  })
})
