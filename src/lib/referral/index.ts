// Referrals as the site and the bot keep them (the rules are ./rules.ts): each subscriber's link code, the friend a
// first subscription bought by that link makes (collection `referrals`), the decision at that subscription's first
// full payment, and the reward taken back when that payment is refunded; the days are given to both by the job
// settleReferral (./settle.ts).
import { randomInt } from 'node:crypto'

import type { Payload, PayloadRequest } from 'payload'

import type { Locale } from '@/i18n/locales'
import { isPlaceholderEmail } from '@/lib/auth/placeholderEmail'
import { siteUrl } from '@/lib/http/siteUrl'
import { queueFollowUp } from '@/lib/queue/afterCommit'
import { idOf } from '@/lib/validation/recordId'
import type { Subscription } from '@/payload-types'

import { decideReward, methodFingerprints, moscowMonthStart, newReferralCode, normalizeReferralCode, REFERRAL_PARAM } from './rules'
import type { ReferralParty } from './rules'
import { readSiteSettings } from '@/lib/data/siteSettings'


/** The account's referral code, made (once, by whoever asks first) when it has none. */
export async function referralCodeOf(payload: Payload, userId: number): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const user = await payload.findByID({ collection: 'users', id: userId, depth: 0, select: { referralCode: true } })
    if (user.referralCode) return user.referralCode
    try {
      // Only where none was made meanwhile (two pages shown at once make one code).
      const made = newReferralCode(randomInt)
      const { docs } = await payload.update({ collection: 'users', where: { id: { equals: userId }, referralCode: { exists: false } }, data: { referralCode: made }, depth: 0 })
      if (docs.length > 0) return made
    } catch {
      // Another account's code already: try another.
    }
  }
  throw new Error(`No referral code could be made for account ${userId}`)
}

/** The account a referral code (from a link or its cookie) names; null for none. */
export async function referrerOf(payload: Payload, code: unknown, req?: PayloadRequest): Promise<number | null> {
  const normalized = normalizeReferralCode(code)
  if (!normalized) return null
  const { docs } = await payload.find({ collection: 'users', where: { referralCode: { equals: normalized } }, limit: 1, depth: 0, select: { referralCode: true }, req })
  return docs[0]?.id ?? null
}

/**
 * A new subscription bought by a referral link: its account becomes the referrer's friend, if this is the account's
 * first subscription and nobody's friend yet. The account's own link makes no friend.
 */
export async function attachReferral(payload: Payload, req: PayloadRequest, { friendId, referrerId, subscriptionId }: { friendId: number; referrerId: number; subscriptionId: number }): Promise<void> {
  if (friendId === referrerId) return
  const earlier = await payload.count({ collection: 'subscriptions', where: { user: { equals: friendId }, id: { not_equals: subscriptionId } }, req })
  const known = await payload.count({ collection: 'referrals', where: { friend: { equals: friendId } }, req })
  const referrer = await payload.count({ collection: 'users', where: { id: { equals: referrerId } }, req })
  if (earlier.totalDocs > 0 || known.totalDocs > 0 || referrer.totalDocs === 0) return
  await payload.create({ collection: 'referrals', data: { referrer: referrerId, friend: friendId, status: 'pending', friendSubscription: subscriptionId }, depth: 0, req })
}

/** One side as the rules see it: its address, the payment methods its subscriptions saved, and its devices. */
async function partyOf(payload: Payload, req: PayloadRequest, userId: number): Promise<ReferralParty> {
  const user = await payload.findByID({ collection: 'users', id: userId, depth: 0, select: { email: true }, req })
  const subscriptions = await payload.find({ collection: 'subscriptions', where: { user: { equals: userId } }, pagination: false, depth: 0, req, select: { paymentMethod: true, provider: true } })
  const devices = await payload.find({ collection: 'devices', where: { user: { equals: userId } }, pagination: false, depth: 0, req, select: { hwid: true } })
  return {
    userId,
    email: isPlaceholderEmail(user.email) ? null : user.email,
    methods: subscriptions.docs.flatMap((subscription) => methodFingerprints({ ...subscription.paymentMethod, id: subscription.provider?.paymentMethodId })),
    devices: devices.docs.map((device) => device.hwid),
  }
}

/** The payment a refund's reference names: `refund:<payment>:<running total, refund id or "stars">`. */
export function paymentOfRefund(reference: string): string | null {
  if (!reference.startsWith('refund:')) return null
  const payment = reference.slice('refund:'.length, reference.lastIndexOf(':'))
  return payment || null
}

type Money = { subscription: Pick<Subscription, 'id' | 'status' | 'user'>; type: 'payment' | 'refund' | 'payment_failed'; reference: string; amount: number }

/**
 * After a payment or refund was recorded (in `req`'s transaction, the subscription saved): a pending friend's first
 * full payment is decided, a rewarded one's refund takes the reward back. Returns the settling job to run after the
 * commit, if any.
 */
export async function referralAfterMoney(payload: Payload, req: PayloadRequest, { subscription, type, reference, amount }: Money): Promise<(string | number)[]> {
  if (type === 'refund') {
    const payment = paymentOfRefund(reference)
    if (!payment) return []
    const { docs } = await payload.find({ collection: 'referrals', where: { payment: { equals: payment }, status: { equals: 'rewarded' } }, limit: 1, depth: 0, req })
    if (!docs[0]) return []
    await payload.update({ collection: 'referrals', id: docs[0].id, data: { status: 'revoked', revokedAt: new Date().toISOString() }, depth: 0, req })
    return [await queueSettling(payload, req, docs[0].id)]
  }
  // A trial's fee is no full payment, nor is a payment the friend never made (a code that made it free records none).
  const friendId = idOf(subscription.user)
  if (type !== 'payment' || amount <= 0 || friendId === null || subscription.status === 'trialing') return []
  const { docs } = await payload.find({ collection: 'referrals', where: { friend: { equals: friendId }, status: { equals: 'pending' }, friendSubscription: { equals: subscription.id } }, limit: 1, depth: 0, req })
  const pending = docs[0]
  if (!pending) return []
  const referrerId = idOf(pending.referrer)!
  const now = new Date()
  const settings = await readSiteSettings(payload, { req })
  const rewardsThisMonth = await payload.count({
    collection: 'referrals',
    where: { referrer: { equals: referrerId }, status: { in: ['rewarded', 'revoked'] }, capped: { not_equals: true }, decidedAt: { greater_than_equal: moscowMonthStart(now).toISOString() } },
    req,
  })
  const decision = decideReward(
    { referrer: await partyOf(payload, req, referrerId), friend: await partyOf(payload, req, friendId), refunded: false, rewardsThisMonth: rewardsThisMonth.totalDocs },
    { days: settings.referralDays, monthlyCap: settings.referralMonthlyCap },
  )
  const decided = { payment: reference, decidedAt: now.toISOString() }
  if (!decision.ok) {
    await payload.update({ collection: 'referrals', id: pending.id, data: { ...decided, status: 'refused', refusal: decision.refusal }, depth: 0, req })
    return []
  }
  const data = { ...decided, status: 'rewarded' as const, friendDays: decision.friendDays, referrerDays: decision.referrerDays, capped: decision.capped }
  await payload.update({ collection: 'referrals', id: pending.id, data, depth: 0, req })
  return [await queueSettling(payload, req, pending.id)]
}

const queueSettling = (payload: Payload, req: PayloadRequest, referral: number) => queueFollowUp(payload, req, { task: 'settleReferral', input: { referral } })

/** Rewarded referrals whose referrer's days wait for a live subscription (none was live when they were earned). */
const owedToReferrer = (referrerId: number) => ({ referrer: { equals: referrerId }, status: { equals: 'rewarded' }, referrerSubscription: { exists: false } }) as const

/**
 * A subscription of the referrer's just started (in `req`'s transaction): the days their friends earned them while
 * they had none are given to it. Returns the settling jobs to run after the commit.
 */
export async function owedReferralSettlements(payload: Payload, req: PayloadRequest, referrerId: number): Promise<(string | number)[]> {
  const { docs } = await payload.find({ collection: 'referrals', where: owedToReferrer(referrerId), pagination: false, depth: 0, req, select: { referrerDays: true, referrerGrantedDays: true } })
  const jobs: (string | number)[] = []
  for (const row of docs) if ((row.referrerDays ?? 0) > (row.referrerGrantedDays ?? 0)) jobs.push(await queueSettling(payload, req, row.id))
  return jobs
}

export type ReferralSummary = {
  code: string
  friends: number
  rewarded: number
  earnedDays: number
  /** Of the days earned, those waiting for the subscriber's next subscription (they had none live when earned). */
  waitingDays: number
}

/** What the account page and the bot show a subscriber: their code, how many came by it and what it earned. */
export async function referralSummaryOf(payload: Payload, userId: number): Promise<ReferralSummary> {
  const code = await referralCodeOf(payload, userId)
  const { docs } = await payload.find({
    collection: 'referrals',
    where: { referrer: { equals: userId } },
    pagination: false,
    depth: 0,
    select: { status: true, refusal: true, referrerDays: true, referrerGrantedDays: true, referrerSubscription: true },
  })
  const counted = docs.filter((row) => row.refusal !== 'self')
  const rewarded = counted.filter((row) => row.status === 'rewarded')
  const waiting = rewarded.filter((row) => row.referrerSubscription === null || row.referrerSubscription === undefined)
  return {
    code,
    friends: counted.length,
    rewarded: rewarded.length,
    earnedDays: rewarded.reduce((sum, row) => sum + (row.referrerDays ?? 0), 0),
    waitingDays: waiting.reduce((sum, row) => sum + Math.max(0, (row.referrerDays ?? 0) - (row.referrerGrantedDays ?? 0)), 0),
  }
}

/** The site's referral link for a code: the plans page in the subscriber's language (its script keeps the code). */
export const referralSiteUrl = (code: string, locale: Locale) => siteUrl('/tariffs', locale, { [REFERRAL_PARAM]: code })
