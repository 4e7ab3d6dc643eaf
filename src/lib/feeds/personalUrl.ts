// The personal subscription URL that client apps (v2rayN, v2rayNG, Happ, Clash, sing-box…) import: secret,
// derived from a per-user value and the server secret, and revoked by changing that value.
import { randomBytes, timingSafeEqual } from 'node:crypto'

import type { Payload, PayloadRequest } from 'payload'

import { LOCKS } from '@/lib/db/locks'
import { lockForTransaction, withTransaction } from '@/lib/db/transaction'
import { env } from '@/lib/env'
import { vipSubscriptionOf } from '@/lib/billing/record/account'
import { serverReachRank } from '@/lib/probes/reach'
import type { Key, Subscription, User } from '@/payload-types'

import { feedToken } from './personalToken'

function secret(): string {
  return env().PAYLOAD_SECRET ?? 'development-secret-for-subscription-urls'
}

function tokenOf(userId: number, nonce: string): string {
  return feedToken(secret(), userId, nonce)
}

async function nonceOf(payload: Payload, userId: number, create: boolean, req?: PayloadRequest): Promise<string | null> {
  const user = await payload.findByID({ collection: 'users', id: userId, depth: 0, disableErrors: true, req })
  const existing = (user as (User & { subscriptionUrlNonce?: string | null }) | null)?.subscriptionUrlNonce
  if (existing || !create || !user) return existing ?? null
  return rotateFeedUrl(payload, userId, req)
}

/**
 * A new secret: the old URL stops working at once, and the devices counted through it are forgotten (a link is
 * replaced because it went where it should not: the places those devices took are free again). Both at once, under
 * the lock that admits devices (src/lib/feeds/devices.ts): a poll of the old URL on its way cannot take a place after.
 */
export async function rotateFeedUrl(payload: Payload, userId: number, req?: PayloadRequest): Promise<string> {
  const rotate = async (inTransaction: PayloadRequest) => {
    const nonce = randomBytes(16).toString('hex')
    await payload.update({ collection: 'users', id: userId, data: { subscriptionUrlNonce: nonce } as Partial<User>, depth: 0, req: inTransaction })
    await payload.delete({ collection: 'devices', where: { user: { equals: userId } }, depth: 0, req: inTransaction })
    return nonce
  }
  if (req?.transactionID) {
    await lockForTransaction(payload, req, LOCKS.devices(userId))
    return rotate(req)
  }
  return withTransaction(payload, LOCKS.devices(userId), rotate)
}

/** The path of the user's subscription URL (created on first use; in `req`'s transaction when given). */
export async function personalFeedPath(payload: Payload, userId: number, req?: PayloadRequest): Promise<string> {
  const nonce = (await nonceOf(payload, userId, true, req))!
  return `/api/subscription/${userId}/${tokenOf(userId, nonce)}`
}

/** The user behind a subscription URL, or null when the token is wrong or revoked. */
export async function userForFeedToken(payload: Payload, userId: number, token: string): Promise<number | null> {
  const owner = await payload.findByID({ collection: 'users', id: userId, depth: 0, disableErrors: true })
  // An account being deleted serves nothing; restoring it brings the same URL back.
  if (!owner || owner.deletionRequestedAt) return null
  const nonce = await nonceOf(payload, userId, false)
  return nonce && feedTokenMatches(userId, nonce, token) ? userId : null
}

/** Whether `token` is the subscription URL's token for this user and secret (compared in constant time). */
export function feedTokenMatches(userId: number, nonce: string, token: string): boolean {
  const expected = Buffer.from(tokenOf(userId, nonce))
  const given = Buffer.from(token)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

export type PersonalFeedKeys = { links: string[]; expiresAt: Date | null; status: Subscription['status'] }

/** The user's current VIP keys (their share links), the subscription's state and when it ends; null without VIP. */
export async function personalFeedKeys(payload: Payload, userId: number): Promise<PersonalFeedKeys | null> {
  const active = await vipSubscriptionOf(payload, userId)
  if (!active) return null
  const keys = await payload.find({
    collection: 'keys',
    where: { and: [{ owner: { equals: userId } }, { tier: { equals: 'vip' } }, { revokedAt: { exists: false } }] },
    pagination: false,
    depth: 0,
    sort: ['createdAt', 'id'],
    select: { keyString: true, server: true, protocol: true },
  })
  // Keys on servers proven where the visitors are first (by their test keys' verdicts), in their order otherwise.
  const tests = await payload.find({
    collection: 'keys',
    where: { and: [{ forProbes: { equals: true } }, { revokedAt: { exists: false } }, { server: { in: keys.docs.map((key) => key.server as number) } }] },
    pagination: false,
    depth: 0,
    select: { server: true, protocol: true, reach: { state: true } },
  })
  const rank = (key: Pick<Key, 'server' | 'protocol'>) => {
    const verdicts = tests.docs.filter((test) => test.server === key.server && test.protocol === key.protocol).map((test) => serverReachRank(test.reach?.state))
    return verdicts.length > 0 ? Math.min(...verdicts) : 1
  }
  const ordered = (keys.docs as Pick<Key, 'keyString' | 'server' | 'protocol'>[]).map((key, index) => ({ key, index, rank: rank(key) })).sort((a, b) => a.rank - b.rank || a.index - b.index)
  return {
    links: ordered.flatMap(({ key }) => (key.keyString ? [key.keyString] : [])),
    expiresAt: active.currentPeriodEnd ? new Date(active.currentPeriodEnd) : null,
    status: active.status,
  }
}
