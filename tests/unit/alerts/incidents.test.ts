// When a problem is told and when its end is: one pair of messages per incident, however the problem flaps.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { INCIDENT_KINDS, INCIDENT_TIMING, planIncidents } from '@/lib/alerts/incidents'
import type { Condition, IncidentKind, OpenIncident } from '@/lib/alerts/incidents'

const MINUTE = 60_000
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 27, 3, 0) + minutes * MINUTE)
const condition = (kind: IncidentKind, key = `${kind}:1`): Condition => ({ key, kind, params: {} })

type Told = { phase: 'start' | 'end'; minute: number }

/** Looks at one problem at the given minutes (holding or not), applying each plan as the watch does. */
function simulate(kind: IncidentKind, looks: { minute: number; holds: boolean }[], muted = false): { told: Told[]; open: OpenIncident | null } {
  let open: OpenIncident | null = null
  let nextId = 1
  const told: Told[] = []
  for (const { minute, holds } of looks) {
    const now = at(minute)
    const plan = planIncidents(holds ? [condition(kind)] : [], open ? [open] : [], now, new Set(muted ? [kind] : []))
    for (const opened of plan.open) {
      open = { id: nextId++, key: opened.key, kind, startedAt: now, announcedAt: opened.announce ? now : null, clearSince: null }
      if (opened.announce) told.push({ phase: 'start', minute })
    }
    if (open && plan.announce.includes(open.id)) {
      open = { ...open, announcedAt: now }
      told.push({ phase: 'start', minute })
    }
    if (open && plan.clearing.includes(open.id)) open = { ...open, clearSince: now }
    if (open && plan.recurring.includes(open.id)) open = { ...open, clearSince: null }
    for (const { id, announced } of plan.end) {
      if (open?.id !== id) continue
      if (announced) told.push({ phase: 'end', minute })
      open = null
    }
  }
  return { told, open }
}

const every = (from: number, to: number, step: number, holds: boolean) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, index) => ({ minute: from + index * step, holds }))

describe('planIncidents', () => {
  it('tells a server down at once, nothing while it lasts, and its end once it has stayed up for fifteen minutes', () => {
    const { told } = simulate('serverDown', [...every(0, 60, 5, true), ...every(65, 90, 5, false)])
    expect(told).toEqual([
      { phase: 'start', minute: 0 },
      { phase: 'end', minute: 80 },
    ])
  })

  it('a server that flaps within the quiet time makes one pair of messages, not one per flap', () => {
    const looks = every(0, 120, 5, true).map((look) => ({ ...look, holds: look.minute % 10 === 0 }))
    const { told } = simulate('serverDown', [...looks, ...every(125, 160, 5, false)])
    expect(told).toEqual([
      { phase: 'start', minute: 0 },
      { phase: 'end', minute: 140 },
    ])
  })

  it('an empty list is told only after ten minutes; one refilled sooner is never told and leaves nothing open', () => {
    expect(simulate('listEmpty', [...every(0, 5, 5, true), { minute: 10, holds: false }])).toEqual({ told: [], open: null })
    expect(simulate('listEmpty', every(0, 15, 5, true)).told).toEqual([{ phase: 'start', minute: 10 }])
  })

  it('a failed rotation ends with the next one that succeeds', () => {
    expect(simulate('rotationFailed', [{ minute: 0, holds: true }, { minute: 60, holds: false }]).told).toEqual([
      { phase: 'start', minute: 0 },
      { phase: 'end', minute: 60 },
    ])
  })

  it('a muted kind is recorded and never told; unmuted while it lasts, it is told then', () => {
    expect(simulate('serverDown', [...every(0, 30, 5, true), ...every(35, 80, 5, false)], true).told).toEqual([])
    const plan = planIncidents([condition('serverDown')], [{ id: 7, key: 'serverDown:1', kind: 'serverDown', startedAt: at(0), announcedAt: null, clearSince: null }], at(30))
    expect(plan.announce).toEqual([7])
  })

  it('two conditions with one key are one incident', () => {
    expect(planIncidents([condition('serverDown'), condition('serverDown')], [], at(0)).open).toHaveLength(1)
  })

  it('for any looks: starts and ends alternate, a start is told only while the problem holds long enough, an end only after it stayed away long enough', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...INCIDENT_KINDS),
        fc.array(fc.record({ gap: fc.integer({ min: 1, max: 20 }), holds: fc.boolean() }), { minLength: 1, maxLength: 60 }),
        fc.boolean(),
        (kind, steps, muted) => {
          let minute = 0
          const looks = steps.map(({ gap, holds }) => ({ minute: (minute += gap), holds }))
          const { told } = simulate(kind, looks, muted)
          if (muted) return told.length === 0
          const { announceAfterMs, endAfterMs } = INCIDENT_TIMING[kind]
          told.forEach((message, index) => {
            expect(message.phase).toBe(index % 2 === 0 ? 'start' : 'end')
            const look = looks.find((candidate) => candidate.minute === message.minute)!
            if (message.phase === 'start') {
              expect(look.holds).toBe(true)
              // It held at every look of the last announceAfter minutes before it was told.
              const since = looks.filter((candidate) => candidate.minute < message.minute && candidate.minute >= message.minute - announceAfterMs / MINUTE)
              expect(since.every((candidate) => candidate.holds)).toBe(true)
            } else {
              expect(look.holds).toBe(false)
              const since = looks.filter((candidate) => candidate.minute <= message.minute && candidate.minute >= message.minute - endAfterMs / MINUTE)
              expect(since.every((candidate) => !candidate.holds)).toBe(true)
            }
          })
          return true
        },
      ),
      { numRuns: 500 },
    )
  })
})
