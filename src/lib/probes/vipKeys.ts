// VIP servers proven where the visitors are. A subscriber's key is never lent to a probe, so the site makes each
// enabled VIP server one test key per protocol it offers (`forProbes`, no owner, never listed), issued through the
// server's panel like any key and replaced a day later; probes allowed to check VIP servers (Probes → Checks VIP
// servers: the operator's own, as the key works) check it with the free keys. Its verdict is the server's: the
// personal subscription lists keys on servers that work first, and My servers says where they were proven.
// Made only while such a probe exists; without one, the test keys are revoked.
import type { Payload } from 'payload'

import { LOCKS } from '@/lib/db/locks'
import { sqlPool } from '@/lib/db/pool'
import { withTransaction } from '@/lib/db/transaction'
import { isProtocol } from '@/lib/keys/types'
import { issueKeyOn, recordIssuedKey } from '@/lib/provisioning'
import { providerRefsOn, revokeKeys } from '@/lib/provisioning/revocation'
import { serverErrorText } from '@/lib/provisioning/redact'

/** A test key lives a day, and is replaced an hour before it ends (the hourly rotation job runs this). */
export const PROBE_KEY_HOURS = 24
const REPLACE_BEFORE_MS = 60 * 60_000

export type ProbeKeysReport = { issued: number; revoked: number; failures: { server: string; error: string }[] }

async function vipProbesExist(payload: Payload): Promise<boolean> {
  const { rows } = await sqlPool(payload).query(
    'SELECT 1 FROM probes WHERE checks_vip AND revoked_at IS NULL AND token_issued_at IS NOT NULL AND demo IS NOT TRUE LIMIT 1',
    [],
  )
  return rows.length > 0
}

/** Keeps one live test key per enabled VIP server and protocol while a probe may check them; revokes the rest. */
export async function ensureVipProbeKeys(payload: Payload, now: Date = new Date()): Promise<ProbeKeysReport> {
  const report: ProbeKeysReport = { issued: 0, revoked: 0, failures: [] }
  const live = await payload.find({
    collection: 'keys',
    where: { and: [{ forProbes: { equals: true } }, { revokedAt: { exists: false } }] },
    pagination: false,
    depth: 0,
    select: { server: true, protocol: true, expiresAt: true },
  })
  const wanted = (await vipProbesExist(payload))
    ? await payload.find({ collection: 'servers', where: { and: [{ tier: { equals: 'vip' } }, { enabled: { equals: true } }, { adapter: { not_in: ['manual', 'demo'] } }] }, pagination: false, depth: 1 })
    : { docs: [] }
  const keep = new Set<number>()
  for (const server of wanted.docs) {
    const countryCode = typeof server.country === 'object' ? server.country.code : ''
    for (const entry of server.protocols ?? []) {
      if (!isProtocol(entry.protocol)) continue
      const existing = live.docs.filter((key) => key.server === server.id && key.protocol === entry.protocol)
      const current = existing.find((key) => !key.expiresAt || Date.parse(key.expiresAt) - now.getTime() > REPLACE_BEFORE_MS)
      if (current) {
        keep.add(current.id)
        continue
      }
      try {
        const id = await withTransaction(payload, LOCKS.provisioning(server.id), async (req) => {
          const issued = await issueKeyOn(server, countryCode, entry.protocol, PROBE_KEY_HOURS, await providerRefsOn(payload, server.id, req))
          return recordIssuedKey(server, issued, async () => {
            const key = await payload.create({
              collection: 'keys',
              data: {
                server: server.id,
                protocol: entry.protocol,
                tier: 'vip',
                forProbes: true,
                keyString: issued.keyString,
                configFile: issued.configFile ?? undefined,
                connection: issued.connection ?? undefined,
                expiresAt: new Date(now.getTime() + PROBE_KEY_HOURS * 3_600_000).toISOString(),
                providerRef: issued.providerRef,
              },
              depth: 0,
              req,
            })
            return key.id
          })
        })
        keep.add(id)
        report.issued += 1
      } catch (error) {
        report.failures.push({ server: server.name, error: serverErrorText(error, server) })
        // The old one serves until it ends.
        for (const key of existing) if (key.expiresAt && Date.parse(key.expiresAt) > now.getTime()) keep.add(key.id)
      }
    }
  }
  // Replaced, expired, on a server no longer VIP or enabled, or no probe left to check them.
  const stale = live.docs.filter((key) => !keep.has(key.id)).map((key) => key.id)
  await revokeKeys(payload, stale)
  report.revoked = stale.length
  return report
}
