// The rule that says whether a key works where the visitors are: blocked, down, works or untested, from each
// network's latest result and the site's own check; and the lists' order it gives.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { blockedNetworks, CONFIRM_FAILURES, reachByNetwork, reachOf, reachRank, STALE_AFTER_MS } from '@/lib/probes/reach'
import type { NetworkResult } from '@/lib/probes/reach'

const now = new Date('2026-11-29T12:00:00Z')
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000)
const result = (network: string, minutes: number, ok: boolean, failures = ok ? 0 : 1): NetworkResult => ({ network, checkedAt: ago(minutes), ok, failures })

describe('a key’s reach from one country', () => {
  it('works when any network passed lately; blocked when all failed, confirmed, and the site’s own check passes; down when that fails too', () => {
    expect(reachOf([result('МТС', 5, false, 3), result('Ростелеком', 10, true)], true, now)).toBe('works')
    expect(reachOf([result('МТС', 5, false, CONFIRM_FAILURES)], true, now)).toBe('blocked')
    expect(reachOf([result('МТС', 5, false, CONFIRM_FAILURES)], false, now)).toBe('down')
    // Failing on two networks confirms it at once.
    expect(reachOf([result('МТС', 5, false), result('Билайн', 7, false)], true, now)).toBe('blocked')
  })

  it('is untested with no recent result or one unconfirmed failure', () => {
    expect(reachOf([], true, now)).toBe('untested')
    expect(reachOf([result('МТС', 5, false, 1)], true, now)).toBe('untested')
    expect(reachOf([result('МТС', STALE_AFTER_MS / 60_000 + 1, true)], true, now)).toBe('untested')
    // A stale pass does not outvote a recent confirmed failure.
    expect(reachOf([result('МТС', 200, true), result('Билайн', 3, false, 2)], true, now)).toBe('blocked')
  })

  it('says each network’s verdict', () => {
    const networks = reachByNetwork([result('МТС', 5, false, 2), result('Ростелеком', 10, true), result('Билайн', 300, false, 9)], true, now)
    expect(networks.map(({ network, reach }) => `${network}: ${reach}`)).toEqual(['Билайн: untested', 'МТС: blocked', 'Ростелеком: works'])
    expect(blockedNetworks([result('МТС', 5, false, 2), result('Ростелеком', 10, true)], true, now)).toEqual(['МТС'])
    // Blocked across two networks, each failing once: both are named.
    expect(blockedNetworks([result('МТС', 5, false), result('Билайн', 7, false), result('Мегафон', 300, false, 5)], true, now)).toEqual(['Билайн', 'МТС'])
    expect(blockedNetworks([result('МТС', 5, false), result('Билайн', 7, false)], false, now)).toEqual([])
  })

  const results = fc.array(
    fc.record({
      network: fc.constantFrom('МТС', 'Билайн', 'Ростелеком', 'Мегафон'),
      checkedAt: fc.integer({ min: 0, max: 300 }).map(ago),
      ok: fc.boolean(),
      failures: fc.integer({ min: 0, max: 5 }),
    }).map((entry) => ({ ...entry, failures: entry.ok ? 0 : Math.max(1, entry.failures) })),
    { maxLength: 8 },
  )

  it('a recent pass always says works; only stale results always say untested; order never matters (property)', () => {
    fc.assert(
      fc.property(results, fc.boolean(), (given, own) => {
        const verdict = reachOf(given, own, now)
        const recent = given.filter((entry) => now.getTime() - entry.checkedAt.getTime() <= STALE_AFTER_MS)
        if (recent.some((entry) => entry.ok)) expect(verdict).toBe('works')
        if (recent.length === 0) expect(verdict).toBe('untested')
        expect(reachOf([...given].reverse(), own, now)).toBe(verdict)
        // Blocked only while the site's own check passes, down only when it fails.
        if (verdict === 'blocked') expect(own).toBe(true)
        if (verdict === 'down') expect(own).toBe(false)
        // Stale results added change nothing.
        expect(reachOf([...given, result('Билайн', 500, true), result('МТС', 400, false, 4)], own, now)).toBe(verdict)
      }),
    )
  })

  it('a lone probe among several cannot hide a key: with two witnesses, one probe’s failures are untested however many in a row; a second probe’s failure confirms', () => {
    const two = new Map([['МТС', 1], ['Ростелеком', 1]])
    expect(reachOf([result('МТС', 5, false, 9)], true, now, two)).toBe('untested')
    expect(reachOf([result('МТС', 5, false, 9), result('Ростелеком', 8, false, 1)], true, now, two)).toBe('blocked')
    // Two probes on one network: each is a witness of it.
    const sameNetwork = new Map([['МТС', 2]])
    expect(reachOf([result('МТС', 5, false, 4)], true, now, sameNetwork)).toBe('untested')
    expect(reachByNetwork([result('МТС', 5, false, 4)], true, now, sameNetwork)).toEqual([{ network: 'МТС', reach: 'untested', checkedAt: ago(5) }])
    expect(blockedNetworks([result('МТС', 5, false, 4)], true, now, sameNetwork)).toEqual([])
    // A network with one probe is that probe's word (shown as "blocked on МТС"); the country's lists still keep the key.
    expect(blockedNetworks([result('МТС', 5, false, 4)], true, now, two)).toEqual(['МТС'])
    // One witness: as before, twice in a row from it.
    expect(reachOf([result('МТС', 5, false, CONFIRM_FAILURES)], true, now, new Map([['МТС', 1]]))).toBe('blocked')
  })

  it('more witnesses never make a key blocked that fewer did not (property)', () => {
    const witnesses = fc.dictionary(fc.constantFrom('МТС', 'Билайн', 'Ростелеком', 'Мегафон'), fc.integer({ min: 0, max: 3 }))
    fc.assert(
      fc.property(results, fc.boolean(), witnesses, fc.constantFrom('МТС', 'Билайн', 'Ростелеком', 'Мегафон'), (given, own, known, extra) => {
        const fewer = new Map(Object.entries(known))
        const more = new Map(fewer).set(extra, (fewer.get(extra) ?? 0) + 1)
        const before = reachOf(given, own, now, fewer)
        const after = reachOf(given, own, now, more)
        if (after === 'blocked' || after === 'down') expect(before).toBe(after)
        // One probe's results alone, among two or more witnesses, never hide the key.
        const lone = given.filter((entry) => entry.network === 'МТС').slice(0, 1)
        if (lone.length === 1 && !lone[0]!.ok) expect(reachOf(lone, own, now, new Map([['МТС', 1], ['Билайн', 1]]))).toBe('untested')
      }),
    )
  })
})

describe('the lists’ order by reach', () => {
  it('proven first, then untested, then a key whose own last check failed; blocked and down last', () => {
    expect(reachRank('works', false)).toBeLessThan(reachRank('untested', false))
    expect(reachRank('untested', false)).toBeLessThan(reachRank('untested', true))
    expect(reachRank(null, true)).toBeLessThan(reachRank('blocked', false))
    expect(reachRank('down', false)).toBe(reachRank('blocked', false))
  })

  it('a suspect key (taken, unused) goes one step down: a proven one among the untested, never below a key whose own check failed (property)', () => {
    expect(reachRank('works', false, true)).toBe(reachRank('untested', false))
    expect(reachRank('untested', false, true)).toBeGreaterThan(reachRank('untested', false))
    const reach = fc.constantFrom('works', 'blocked', 'down', 'untested', null)
    fc.assert(
      fc.property(reach, fc.boolean(), (a, failed) => {
        expect(reachRank(a, failed, true)).toBeGreaterThanOrEqual(reachRank(a, failed))
        expect(reachRank(a, failed, true)).toBeLessThanOrEqual(Math.max(reachRank(a, failed), reachRank('untested', true)))
        if (a !== 'works') expect(reachRank(a, true, true)).toBe(reachRank(a, true))
      }),
    )
  })

  it('a key that failed its last check never ranks above one that passed (property)', () => {
    const reach = fc.constantFrom('works', 'blocked', 'down', 'untested', null)
    fc.assert(
      fc.property(reach, reach, (a, b) => {
        // Key A's last check failed (abroad, unproven here); key B's passed.
        if (a === 'works') return
        expect(reachRank(a, true)).toBeGreaterThanOrEqual(b === 'blocked' || b === 'down' ? 0 : reachRank(b, false))
        // Whether either is suspect.
        expect(reachRank(a, true)).toBeGreaterThanOrEqual(b === 'blocked' || b === 'down' ? 0 : reachRank(b, false, true))
      }),
    )
  })
})
