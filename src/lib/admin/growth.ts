// The dashboard's growth figures (src/components/admin/Growth.tsx): each promo code's uses and the money its
// subscriptions brought (refunds taken off), the last 30 days' revenue with and without a code, how referral
// links converted and how many gifts were sold and redeemed. From the
// subscriptions' own record: a use is a subscription bought with the code; its money is its history's payments.
import type { Payload } from 'payload'

import { sqlPool } from '@/lib/db/pool'

export type CodeFigures = { id: number; code: string; active: boolean; uses: number; revenueKopecks: number }

export type GrowthFigures = {
  /** The codes most used first (at most `limit`, 20 on the dashboard), then the newest. */
  codes: CodeFigures[]
  /** Payments less refunds in the last 30 days, of subscriptions bought with a code and without one. */
  revenue30: { withCode: number; withoutCode: number }
  /** Friends who came by referral links in the last 30 days (src/lib/referral): in all, and those rewarded, refused, taken back. */
  referrals: { friends: number; rewarded: number; refused: number; revoked: number }
  /** Gifts paid in the last 30 days (src/lib/gift): sold, redeemed since, voided by a refund. */
  gifts: { sold: number; redeemed: number; void: number }
}

const NET = `sum(CASE WHEN e.type = 'refund' THEN -abs(coalesce(e.amount_kopecks, 0)) ELSE abs(coalesce(e.amount_kopecks, 0)) END)`

export async function growthFigures(payload: Payload, now: Date = new Date(), { limit = 20 }: { limit?: number } = {}): Promise<GrowthFigures> {
  const pool = sqlPool(payload)
  const since = new Date(now.getTime() - 30 * 86_400_000)
  const [codes, revenue, referrals, gifts] = await Promise.all([
    pool.query<{ id: number; code: string; active: boolean; uses: number; revenue: string | null }>(
      `SELECT p.id, p.code, p.active, count(DISTINCT s.id)::int AS uses,
              (SELECT ${NET} FROM subscription_events e JOIN subscriptions used ON used.id = e.subscription_id
               WHERE used.promo_code_id = p.id AND e.type IN ('payment', 'refund'))::bigint AS revenue
       FROM promo_codes p LEFT JOIN subscriptions s ON s.promo_code_id = p.id
       GROUP BY p.id ORDER BY uses DESC, p.created_at DESC LIMIT $1`,
      [limit],
    ),
    pool.query<{ with_code: boolean; kopecks: string | null }>(
      `SELECT (s.promo_code_id IS NOT NULL) AS with_code, ${NET}::bigint AS kopecks
       FROM subscription_events e JOIN subscriptions s ON s.id = e.subscription_id
       WHERE e.type IN ('payment', 'refund') AND e.occurred_at >= $1 GROUP BY 1`,
      [since],
    ),
    pool.query<{ status: string; count: number }>('SELECT status, count(*)::int AS count FROM referrals WHERE created_at >= $1 GROUP BY status', [since]),
    pool.query<{ status: string; count: number }>('SELECT status, count(*)::int AS count FROM gifts WHERE paid_at >= $1 GROUP BY status', [since]),
  ])
  const giftsIn = (status: string) => gifts.rows.find((row) => row.status === status)?.count ?? 0
  const referralsIn = (status: string) => referrals.rows.find((row) => row.status === status)?.count ?? 0
  const revenueOf = (withCode: boolean) => Number(revenue.rows.find((row) => row.with_code === withCode)?.kopecks ?? 0)
  return {
    codes: codes.rows.map((row) => ({ id: row.id, code: row.code, active: row.active !== false, uses: row.uses, revenueKopecks: Number(row.revenue ?? 0) })),
    revenue30: { withCode: revenueOf(true), withoutCode: revenueOf(false) },
    referrals: {
      friends: referrals.rows.reduce((sum, row) => sum + row.count, 0),
      rewarded: referralsIn('rewarded'),
      refused: referralsIn('refused'),
      revoked: referralsIn('revoked'),
    },
    gifts: { sold: gifts.rows.reduce((sum, row) => sum + row.count, 0), redeemed: giftsIn('redeemed'), void: giftsIn('void') },
  }
}
