// When a problem becomes an incident staff are told about, and when it is over: a pure decision from what the
// latest look found (the conditions that hold now) and the incidents already recorded. Each kind waits before it
// is announced and before its end is, so a problem that comes and goes within minutes makes no message at all,
// and one that flaps makes one pair, not one per flap.

/** Every problem staff are told about. */
export const INCIDENT_KINDS = ['serverDown', 'listEmpty', 'rotationFailed', 'keysFailing', 'renewalsFailing', 'mailFailing', 'providerRefusing', 'backupFailing', 'serverBlocked', 'probeSilent'] as const
export type IncidentKind = (typeof INCIDENT_KINDS)[number]

/** A problem that holds now: `key` names it (one incident per key at a time), `params` fill its messages. */
export type Condition = { key: string; kind: IncidentKind; params: Record<string, string> }

/** An incident as recorded; `announcedAt` is null while it waits to be announced. */
export type OpenIncident = { id: number; key: string; kind: IncidentKind; startedAt: Date; announcedAt: Date | null; clearSince: Date | null }

const MINUTE = 60_000

/**
 * How long a problem must hold before it is announced (the conditions that count failures in a row already
 * wait for them), and how long it must stay gone before its end is.
 */
export const INCIDENT_TIMING: Record<IncidentKind, { announceAfterMs: number; endAfterMs: number }> = {
  serverDown: { announceAfterMs: 0, endAfterMs: 15 * MINUTE },
  // A rotation issues before it revokes, but a list may stand empty for a moment while an import replaces it.
  listEmpty: { announceAfterMs: 10 * MINUTE, endAfterMs: 15 * MINUTE },
  rotationFailed: { announceAfterMs: 0, endAfterMs: 0 },
  keysFailing: { announceAfterMs: 0, endAfterMs: 30 * MINUTE },
  renewalsFailing: { announceAfterMs: 0, endAfterMs: 0 },
  mailFailing: { announceAfterMs: 0, endAfterMs: 15 * MINUTE },
  providerRefusing: { announceAfterMs: 0, endAfterMs: 15 * MINUTE },
  // Told when a run fails or a day passes without one; over with the next backup that succeeds.
  backupFailing: { announceAfterMs: 0, endAfterMs: 0 },
  // Probes already confirm a block (src/lib/probes/reach.ts); it is over once that network passes it for half an hour.
  serverBlocked: { announceAfterMs: 0, endAfterMs: 30 * MINUTE },
  // The condition waits PROBE_SILENT_AFTER_MS itself; a probe that reports again is over at once.
  probeSilent: { announceAfterMs: 0, endAfterMs: 0 },
}

export type IncidentPlan = {
  /** New incidents to record; those with `announce` are told at once. */
  open: (Condition & { announce: boolean })[]
  /** Waiting incidents whose time has come: told now. */
  announce: number[]
  /** Incidents whose problem went away: the end is counted from now. */
  clearing: number[]
  /** Incidents whose problem came back before their end was told. */
  recurring: number[]
  /** Incidents that are over: their end is told (announced ones) or they go silently (never announced). */
  end: { id: number; announced: boolean }[]
}

/**
 * `muted`: kinds the site settings do not tell; their incidents are recorded but wait unannounced (and go silently),
 * so unmuting one that is going on announces it, and no end is told of a start that was not.
 */
export function planIncidents(holding: readonly Condition[], open: readonly OpenIncident[], now: Date, muted: ReadonlySet<IncidentKind> = new Set()): IncidentPlan {
  const plan: IncidentPlan = { open: [], announce: [], clearing: [], recurring: [], end: [] }
  const byKey = new Map(open.map((incident) => [incident.key, incident]))
  const holds = new Set<string>()
  for (const condition of holding) {
    if (holds.has(condition.key)) continue
    holds.add(condition.key)
    const incident = byKey.get(condition.key)
    if (!incident) {
      plan.open.push({ ...condition, announce: INCIDENT_TIMING[condition.kind].announceAfterMs === 0 && !muted.has(condition.kind) })
      continue
    }
    if (incident.clearSince) plan.recurring.push(incident.id)
    if (!incident.announcedAt && !muted.has(incident.kind) && now.getTime() - incident.startedAt.getTime() >= INCIDENT_TIMING[incident.kind].announceAfterMs) {
      plan.announce.push(incident.id)
    }
  }
  for (const incident of open) {
    if (holds.has(incident.key)) continue
    if (!incident.announcedAt) {
      plan.end.push({ id: incident.id, announced: false })
      continue
    }
    const clearSince = incident.clearSince ?? now
    if (now.getTime() - clearSince.getTime() >= INCIDENT_TIMING[incident.kind].endAfterMs) plan.end.push({ id: incident.id, announced: true })
    else if (!incident.clearSince) plan.clearing.push(incident.id)
  }
  return plan
}
