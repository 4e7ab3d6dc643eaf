// The free-key rotation: for each enabled free server and protocol, issue fresh keys through the server's
// adapter before the old ones expire, then revoke the expired ones on the server. One run at a time across
// every app instance (a PostgreSQL advisory lock); running it again right away changes nothing. A server
// that fails keeps its keys as they are and is reported in the job output and on the server in the admin.
import type { Payload } from 'payload'

import { LOCKS, whileHolding } from '@/lib/db/locks'
import { sqlPool } from '@/lib/db/pool'
import { isListedProtocol } from '@/lib/keys'
import type { Protocol } from '@/lib/keys'
import type { Key, Server } from '@/payload-types'

import { adapterFor, recordIssuedKey } from './index'
import { earliest, nextIssueAt, planRotation } from './rotationPlan'
import { RUN_OUT_WARNING_MS, manualRunOut, warnOfRunOuts } from './runOut'
import type { RunOut } from './runOut'
import { serverErrorText } from './redact'
import { providerRefsOn, retryRevocations } from './revocation'
import { readSiteSettings } from '@/lib/data/siteSettings'

/** What the run did on one server: rotated, nothing due yet, skipped (manual: editors import its keys) or failed. */
export type ServerRotation = {
  id: number
  server: string
  outcome: 'rotated' | 'not_due' | 'manual' | 'failed'
  issued: number
  revoked: number
  /** Rotated or not due: when keys are next due; manual: when its imported keys run out. Null: never. */
  nextAt: string | null
  errors: string[]
}

export type RotationReport = {
  ran: boolean
  issued: number
  revoked: number
  failures: { server: string; error: string }[]
  servers: ServerRotation[]
}

async function rotateServerProtocol(
  payload: Payload,
  server: Server,
  countryCode: string,
  protocol: Protocol,
  wanted: number,
  now: Date,
  rotationTime: string | null | undefined,
): Promise<{ issued: number; revoked: number; nextAt: Date | null }> {
  const { docs } = await payload.find({
    collection: 'keys',
    where: { and: [{ server: { equals: server.id } }, { protocol: { equals: protocol } }, { tier: { equals: 'free' } }, { revokedAt: { exists: false } }] },
    pagination: false,
    depth: 0,
    select: { expiresAt: true, providerRef: true },
  })
  const live = docs as Pick<Key, 'id' | 'expiresAt' | 'providerRef'>[]
  const plan = planRotation({ keys: live.map((key) => ({ id: key.id, expiresAt: key.expiresAt ?? null })), wanted, now, rotationTime })
  const adapter = adapterFor(server)
  const offered = server.protocols?.find((entry) => entry.protocol === protocol)
  // Every live key on the server counts (other protocols, VIP device keys), not only these.
  const inUse = await providerRefsOn(payload, server.id)
  // Replacements first: if the server cannot issue, its current keys stay as they are.
  for (let count = 0; count < plan.issue; count += 1) {
    const issued = await adapter.issue({
      server,
      countryCode,
      protocol,
      port: offered?.port ?? 0,
      lifetimeHours: null,
      inUse,
      label: `${countryCode.toUpperCase()} ${protocol}`,
    })
    inUse.push(issued.providerRef)
    await recordIssuedKey(server, issued, () =>
      payload.create({
        collection: 'keys',
        data: {
          server: server.id,
          protocol,
          tier: 'free',
          keyString: issued.keyString,
          configFile: issued.configFile ?? undefined,
          connection: issued.connection ?? undefined,
          expiresAt: plan.expiresAt.toISOString(),
          providerRef: issued.providerRef,
        },
        depth: 0,
      }),
    )
  }
  for (const id of plan.revoke) {
    const key = live.find((candidate) => candidate.id === id)
    if (key?.providerRef) await adapter.revoke(server, key.providerRef)
    await payload.update({ collection: 'keys', id, data: { revokedAt: now.toISOString() }, depth: 0 })
  }
  const remaining = [
    ...live.filter((key) => !plan.revoke.includes(key.id)).map((key) => ({ id: key.id, expiresAt: key.expiresAt ?? null })),
    ...Array.from({ length: plan.issue }, () => ({ id: 0, expiresAt: plan.expiresAt.toISOString() })),
  ]
  return { issued: plan.issue, revoked: plan.revoke.length, nextAt: nextIssueAt(remaining, wanted, now) }
}

export async function rotateFreeKeys(payload: Payload, now: Date = new Date()): Promise<RotationReport> {
  const result = await whileHolding(sqlPool(payload), LOCKS.freeKeyRotation, async () => {
    const report: RotationReport = { ran: true, issued: 0, revoked: 0, failures: [], servers: [] }
    // Keys hidden earlier whose server refused to revoke them: try again.
    report.revoked += await retryRevocations(payload)
    const { rotationTime } = await readSiteSettings(payload)
    const servers = await payload.find({
      collection: 'servers',
      where: { and: [{ tier: { equals: 'free' } }, { enabled: { equals: true } }] },
      sort: 'name',
      pagination: false,
      depth: 1,
    })
    const runningOut: RunOut[] = []
    for (const server of servers.docs) {
      if (server.adapter === 'manual') {
        const runOut = await manualRunOut(payload, server, now)
        if (runOut !== null && runOut.at.getTime() - now.getTime() <= RUN_OUT_WARNING_MS) runningOut.push(runOut)
        report.servers.push({ id: server.id, server: server.name, outcome: 'manual', issued: 0, revoked: 0, nextAt: runOut?.at.toISOString() ?? null, errors: [] })
        continue
      }
      const countryCode = typeof server.country === 'object' ? server.country.code : ''
      const done: ServerRotation = { id: server.id, server: server.name, outcome: 'not_due', issued: 0, revoked: 0, nextAt: null, errors: [] }
      const nextAts: (Date | null)[] = []
      // Free keys of the listed protocols only (Hysteria 2 is subscribers': src/lib/keys/types.ts).
      for (const entry of (server.protocols ?? []).filter((offered) => isListedProtocol(offered.protocol))) {
        try {
          const result = await rotateServerProtocol(payload, server, countryCode, entry.protocol, entry.freeKeys ?? 0, now, rotationTime)
          done.issued += result.issued
          done.revoked += result.revoked
          nextAts.push(result.nextAt)
        } catch (failure) {
          const error = `${entry.protocol}: ${serverErrorText(failure, server)}`
          done.errors.push(error)
          report.failures.push({ server: server.name, error })
          payload.logger.error({ err: failure, msg: `Free-key rotation failed on ${server.name} (${entry.protocol}); its keys are left as they are` })
        }
      }
      done.outcome = done.errors.length > 0 ? 'failed' : done.issued + done.revoked > 0 ? 'rotated' : 'not_due'
      done.nextAt = earliest(nextAts)?.toISOString() ?? null
      report.issued += done.issued
      report.revoked += done.revoked
      report.servers.push(done)
      await payload.update({
        collection: 'servers',
        id: server.id,
        // Only the rotation's own fields: the health check writes the others at its own pace.
        data: { health: { lastRotationAt: now.toISOString(), lastRotationError: done.errors.length > 0 ? done.errors.join('\n') : null } },
        depth: 0,
      })
    }
    await warnOfRunOuts(payload, runningOut, now)
    return report
  })
  return result ?? { ran: false, issued: 0, revoked: 0, failures: [], servers: [] }
}
