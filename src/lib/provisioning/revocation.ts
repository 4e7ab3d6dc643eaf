// Keys leaving their servers: a key is hidden from lists and subscriptions at once, and stopped on its server now or
// at a moment recorded on it (`revokeOnServerAfter`: a subscriber's undo window, src/lib/vip/deviceKeys.ts). A server
// that refuses keeps the key hidden with the error recorded (`revokeError`), and every rotation run tries again.
import type { Payload, PayloadRequest } from 'payload'

import { LOCKS } from '@/lib/db/locks'
import { withTransaction } from '@/lib/db/transaction'

import { revokeKeyOn } from './index'
import { serverErrorText } from './redact'

/** What the server's live keys occupy there (ports, panel users), so a new key never collides. */
export async function providerRefsOn(payload: Payload, serverId: number, req?: PayloadRequest): Promise<string[]> {
  const { docs } = await payload.find({
    collection: 'keys',
    where: { and: [{ server: { equals: serverId } }, { revokedAt: { exists: false } }] },
    pagination: false,
    depth: 0,
    select: { providerRef: true },
    req,
  })
  return docs.map((key) => key.providerRef ?? '').filter(Boolean)
}

/** Stops the keys on their servers now and records them revoked (a revocation already recorded keeps its moment). */
export async function revokeKeys(payload: Payload, ids: number[], req?: PayloadRequest): Promise<void> {
  if (ids.length === 0) return
  const keys = await payload.find({ collection: 'keys', where: { id: { in: ids } }, pagination: false, depth: 1, req })
  for (const key of keys.docs) {
    const server = typeof key.server === 'object' ? key.server : null
    let revokeError: string | null = null
    if (server) {
      try {
        await revokeKeyOn(server, key.providerRef)
      } catch (error) {
        revokeError = serverErrorText(error, server)
        payload.logger.error({ err: error, msg: `Key ${key.id} could not be revoked on ${server.name}; hidden now, retried by the rotation` })
      }
    }
    await payload.update({ collection: 'keys', id: key.id, data: { revokedAt: key.revokedAt ?? new Date().toISOString(), revokeError, revokeOnServerAfter: null }, depth: 0, req })
  }
}

/** A revocation set for later, done on the server once its moment has come (nothing if it was undone meanwhile). */
export async function finishScheduledRevocation(payload: Payload, keyId: number): Promise<void> {
  await withTransaction(payload, LOCKS.deviceKey(keyId), async (req) => {
    const key = await payload.findByID({ collection: 'keys', id: keyId, depth: 0, req, disableErrors: true })
    if (!key?.revokedAt || !key.revokeOnServerAfter) return
    await revokeKeys(payload, [keyId], req)
  })
}

/**
 * Run by every rotation: revocations set for a moment that has passed (their job did not run: the runner was down),
 * then those a server refused earlier, tried again; returns how many refused ones went through.
 */
export async function retryRevocations(payload: Payload, now: Date = new Date()): Promise<number> {
  const overdue = await payload.find({ collection: 'keys', where: { revokeOnServerAfter: { less_than: now.toISOString() } }, pagination: false, depth: 0, select: { revokedAt: true } })
  for (const key of overdue.docs) await finishScheduledRevocation(payload, key.id)
  const pending = await payload.find({ collection: 'keys', where: { revokeError: { exists: true } }, pagination: false, depth: 1 })
  let done = 0
  for (const key of pending.docs) {
    const server = typeof key.server === 'object' ? key.server : null
    if (!server) continue
    try {
      await revokeKeyOn(server, key.providerRef)
      await payload.update({ collection: 'keys', id: key.id, data: { revokeError: null }, depth: 0 })
      done += 1
    } catch (error) {
      await payload.update({ collection: 'keys', id: key.id, data: { revokeError: serverErrorText(error, server) }, depth: 0 })
    }
  }
  return done
}
