// The job settleReferral: the days a referral's decision gives (or takes back) moved on both subscriptions through
// their one writer (src/lib/billing/record/freeDays.ts), each with the record of what was given, in one transaction.
import type { Payload } from 'payload'

import { shiftByDays } from '@/lib/billing/record/freeDays'
import { grantsVip } from '@/lib/billing/rules/lifecycle'
import { idOf } from '@/lib/validation/recordId'
import type { Referral } from '@/payload-types'

/** The referrer's subscription the days go to: their live one, the latest. */
async function liveSubscriptionOf(payload: Payload, userId: number): Promise<number | null> {
  const { docs } = await payload.find({ collection: 'subscriptions', where: { user: { equals: userId } }, sort: '-createdAt', pagination: false, depth: 0, select: { status: true } })
  return docs.find((subscription) => grantsVip(subscription.status))?.id ?? null
}

type Side = { days: 'friendDays' | 'referrerDays'; granted: 'friendGrantedDays' | 'referrerGrantedDays'; subscription: 'friendSubscription' | 'referrerSubscription' }
const SIDES: readonly Side[] = [
  { days: 'friendDays', granted: 'friendGrantedDays', subscription: 'friendSubscription' },
  { days: 'referrerDays', granted: 'referrerGrantedDays', subscription: 'referrerSubscription' },
]

/**
 * The job settleReferral: brings each side's given days to what the referral's status gives (its days when
 * rewarded, none once taken back), each in its subscription's own transaction with the record of what was given.
 * Run again, it changes nothing more.
 */
export async function settleReferral(payload: Payload, referralId: number): Promise<void> {
  for (const side of SIDES) {
    const row: Referral | null = await payload.findByID({ collection: 'referrals', id: referralId, depth: 0, disableErrors: true })
    if (!row) return
    const wanted = wantedDays(row, side)
    const given = row[side.granted] ?? 0
    if (wanted === given) continue
    const subscriptionId = idOf(row[side.subscription]) ?? (side.subscription === 'referrerSubscription' && wanted > given ? await liveSubscriptionOf(payload, idOf(row.referrer)!) : null)
    // Nowhere to give the days yet (the referrer has no live subscription): they wait, and the referrer's next
    // subscription, once started, runs this job again (owedReferralSettlements in ./index.ts).
    if (subscriptionId === null) continue
    const other = side.days === 'friendDays' ? `invited by user ${String(idOf(row.referrer))}` : `friend user ${String(idOf(row.friend))}`
    let target = wanted
    await shiftByDays(payload, {
      subscriptionId,
      // Read again under the subscription's lock: a second run of the job finds the days given and moves nothing.
      days: async (req) => {
        const current = await payload.findByID({ collection: 'referrals', id: referralId, depth: 0, req })
        target = wantedDays(current, side)
        return target - (current[side.granted] ?? 0)
      },
      step: wanted > given ? 'referral_reward' : 'referral_taken_back',
      note: `referral ${referralId} (${other})`,
      also: async (req) => {
        await payload.update({ collection: 'referrals', id: referralId, data: { [side.granted]: target, [side.subscription]: subscriptionId }, depth: 0, req })
      },
    })
  }
}

const wantedDays = (row: Referral, side: Side): number => (row.status === 'rewarded' ? (row[side.days] ?? 0) : 0)
