// The first device a held trial waited for (src/lib/billing/record/heldTrial.ts): the poll of the subscription URL that
// finds the trial waiting notes when it came, in one statement that changes nothing once it is noted. The poll
// serves keys at once; the job startHeldTrials starts the trial's days from this moment, through the one writer.
import type { SqlPool } from '@/lib/db/pool'

export async function noteFirstConnection(pool: SqlPool, userId: number, at: Date): Promise<void> {
  await pool.query(
    `UPDATE "subscriptions" SET "trial_hold_connected_at" = $2
     WHERE "user_id" = $1 AND "status" = 'trialing' AND "trial_hold_until" IS NOT NULL AND "trial_hold_connected_at" IS NULL`,
    [userId, at],
  )
}
