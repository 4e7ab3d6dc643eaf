// Manual servers list only what editors import: when their last imported key of a protocol expires, that
// list runs empty. Editors are warned a day ahead, in the admin and by e-mail to the support address.
import type { Payload } from 'payload'

import { adminDateTime } from '@/lib/admin/adminText'
import { adminTranslator } from '@/lib/admin/adminMessages'
import { env } from '@/lib/env'
import { PROTOCOL_LABELS } from '@/lib/keys'
import type { Protocol } from '@/lib/keys'
import { deliverMail } from '@/lib/mail/deliver'
import { renderNotice } from '@/lib/mail/templates'
import type { Server } from '@/payload-types'

import { runOutAt } from './rotationPlan'

export const RUN_OUT_WARNING_MS = 24 * 60 * 60 * 1000

export type RunOut = { id: number; server: string; protocol: Protocol; at: Date }

/**
 * The first of a manual server's offered protocols whose imported keys run out, and when; null if none ever does. A
 * protocol nobody ever imported a key of has nothing to run out of: its empty list is an incident of its own
 * (listEmpty, src/lib/alerts/conditions.ts), not a warning that keys are running out.
 */
export async function manualRunOut(payload: Payload, server: Pick<Server, 'id' | 'name' | 'protocols'>, now: Date): Promise<RunOut | null> {
  const { docs } = await payload.find({
    collection: 'keys',
    where: { and: [{ server: { equals: server.id } }, { tier: { equals: 'free' } }] },
    pagination: false,
    depth: 0,
    select: { protocol: true, expiresAt: true, revokedAt: true },
  })
  let first = null as RunOut | null
  for (const { protocol } of server.protocols ?? []) {
    const imported = docs.filter((key) => key.protocol === protocol)
    if (imported.length === 0) continue
    const current = imported
      .filter((key) => !key.revokedAt && (!key.expiresAt || Date.parse(key.expiresAt) > now.getTime()))
      .map((key) => ({ id: key.id, expiresAt: key.expiresAt ?? null }))
    const at = runOutAt(current, now)
    if (at !== null && (first === null || at < first.at)) first = { id: server.id, server: server.name, protocol, at }
  }
  return first
}

/** Enabled free manual servers whose imported keys run out within a day (or already have). */
export async function serversRunningOut(payload: Payload, now: Date): Promise<RunOut[]> {
  const servers = await payload.find({
    collection: 'servers',
    where: { and: [{ tier: { equals: 'free' } }, { enabled: { equals: true } }, { adapter: { equals: 'manual' } }] },
    pagination: false,
    depth: 0,
    select: { name: true, protocols: true },
  })
  const runOuts = await Promise.all(servers.docs.map((server) => manualRunOut(payload, server, now)))
  return runOuts.filter((runOut): runOut is RunOut => runOut !== null && runOut.at.getTime() - now.getTime() <= RUN_OUT_WARNING_MS)
}

/**
 * E-mails the support address once per run-out: a server is warned again only after new imports moved
 * the moment its keys run out (a server already out of keys is not told so every hour). Returns the
 * servers warned.
 */
export async function warnOfRunOuts(payload: Payload, runOuts: RunOut[], now: Date): Promise<string[]> {
  const warned: string[] = []
  if (runOuts.length === 0) return warned
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, locale: 'ru' })
  const t = adminTranslator('ru')
  for (const runOut of runOuts) {
    const server = await payload.findByID({ collection: 'servers', id: runOut.id, depth: 0, select: { health: true } })
    const moment = runOut.at.toISOString()
    const warnedFor = server.health?.runOutWarnedFor ? Date.parse(server.health.runOutWarnedFor) : null
    // Said once per run-out: the same moment again, or still out after the warning about running out.
    if (warnedFor === runOut.at.getTime() || (runOut.at <= now && warnedFor !== null && warnedFor <= now.getTime())) continue
    const values = { server: runOut.server, protocol: PROTOCOL_LABELS[runOut.protocol], date: adminDateTime(moment, 'ru'), over: runOut.at <= now ? 'yes' : 'no' }
    const mail = await renderNotice({
      locale: 'ru',
      siteName: settings.siteName,
      subject: t('runOut.subject', values),
      lines: [t('runOut.text', values), t('runOut.action', { url: `${env().serverUrl}/admin/collections/keys` })],
    })
    if (settings.supportEmail) await deliverMail(payload, settings.supportEmail, mail)
    await payload.update({ collection: 'servers', id: runOut.id, data: { health: { runOutWarnedFor: moment } }, depth: 0 })
    warned.push(runOut.server)
  }
  return warned
}
