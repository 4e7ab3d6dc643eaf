// The incident watch, every five minutes on the job runner: what is wrong now (conditions.ts) against the
// incidents recorded, decided by planIncidents, applied in one transaction that holds the watch's lock, so two
// instances looking at once record and announce each problem once. What changed is told in one message per
// channel, queued in the same transaction (a crash cannot record an incident and lose its message).
import type { Payload } from 'payload'

import { LOCKS } from '@/lib/db/locks'
import { withTransaction } from '@/lib/db/transaction'
import { env } from '@/lib/env'
import type { Incident } from '@/payload-types'

import { currentConditions } from './conditions'
import { planIncidents } from './incidents'
import type { IncidentKind } from './incidents'

export type AlertChannel = 'email' | 'telegram'

export type WatchRun = { holding: number; started: number[]; ended: number[] }

export function alertChannels(): AlertChannel[] {
  return env().TELEGRAM_BOT_TOKEN ? ['email', 'telegram'] : ['email']
}

const date = (value: string | null | undefined) => (value ? new Date(value) : null)

export async function watchIncidents(payload: Payload, now: Date = new Date()): Promise<WatchRun> {
  return withTransaction(payload, LOCKS.incidentWatch, async (req) => {
    const { holding, servers } = await currentConditions(payload)
    const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, req })
    const muted = new Set((settings.alerts?.muted ?? []) as IncidentKind[])
    const open = await payload.find({ collection: 'incidents', where: { endedAt: { exists: false } }, pagination: false, depth: 0, req })
    const plan = planIncidents(
      holding,
      open.docs.map((incident: Incident) => ({
        id: incident.id,
        key: incident.key,
        kind: incident.kind as IncidentKind,
        startedAt: new Date(incident.startedAt),
        announcedAt: date(incident.announcedAt),
        clearSince: date(incident.clearSince),
      })),
      now,
      muted,
    )
    const at = now.toISOString()
    const started: number[] = []
    const ended: number[] = []
    for (const { key, kind, params, announce } of plan.open) {
      const incident = await payload.create({ collection: 'incidents', data: { key, kind, params, startedAt: at, announcedAt: announce ? at : null }, depth: 0, req })
      if (announce) started.push(incident.id)
    }
    const update = (id: number, data: Partial<Incident>) => payload.update({ collection: 'incidents', id, data, depth: 0, req })
    for (const id of plan.announce) {
      await update(id, { announcedAt: at })
      started.push(id)
    }
    for (const id of plan.clearing) await update(id, { clearSince: at })
    for (const id of plan.recurring) await update(id, { clearSince: null })
    // A server disabled or deleted: its problems end with it, without an "all is well again" nobody could check.
    const serverGone = (id: number) => {
      const params = open.docs.find((incident) => incident.id === id)?.params as { serverId?: string } | undefined
      return params?.serverId !== undefined && !servers.has(Number(params.serverId))
    }
    for (const { id, announced } of plan.end) {
      if (announced && serverGone(id)) {
        await update(id, { endedAt: at })
        continue
      }
      if (!announced) {
        // It went away before anyone was told: nothing to say, nothing to keep.
        await payload.delete({ collection: 'incidents', id, req })
        continue
      }
      await update(id, { endedAt: at })
      ended.push(id)
    }
    if (started.length > 0 || ended.length > 0) {
      for (const channel of alertChannels()) await payload.jobs.queue({ task: 'notifyStaff', input: { channel, started, ended }, req })
    }
    return { holding: holding.length, started, ended }
  })
}
