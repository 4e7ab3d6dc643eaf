// Keys taken but unused: a free key many visitors copied or downloaded, on a server whose panel tells its use, with no
// traffic for hours after, is suspect: the visitors probably cannot connect where they are, whatever the checks say.
// A take is counted once per key per network address an hour (rate_limits), as a number per key and hour
// (key_takes_hours: never who took it), by the copy buttons' beacon (/api/key-details/{id}/taken) and the file
// download. The health job decides after reading the panel's use (./panelUse.ts); a suspect key goes a step down in
// the lists (./reach.ts) and says so in the admin, and clears once it is used or the takes stop.
import type { Payload } from 'payload'

import { sqlPool } from '@/lib/db/pool'
import { consumeKeyTake } from '@/lib/http/rateLimit'

/** Takes from this many network addresses within the window, none of them followed by use, make a key suspect. */
export const SUSPECT_TAKES = 10
/** The takes that count are those of the two whole hours that ended at least an hour ago: time enough to connect. */
const WINDOW_HOURS = 3

const HOUR_MS = 3_600_000

/** Where the window starts: the takes counted, and the use looked for, since then. */
export function suspectWindowStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - WINDOW_HOURS * HOUR_MS)
}

export type TakenKey = { takes: number; usedAt: Date | null; watchedSince: Date }

/**
 * Suspect: taken SUSPECT_TAKES times in the window, the panel watched the key (without a gap) since before the
 * window, and saw no use since it began.
 */
export function isSuspect(key: TakenKey, now: Date): boolean {
  const start = suspectWindowStart(now).getTime()
  return key.takes >= SUSPECT_TAKES && key.watchedSince.getTime() <= start && (key.usedAt === null || key.usedAt.getTime() < start)
}

/**
 * Counts a visitor's take of a free key (copied or downloaded) from `ip`, once per address and hour. A take that
 * cannot be counted (the database away) is let go: it never fails the download.
 */
export async function recordKeyTake(payload: Payload, keyId: number, ip: string, now: Date = new Date()): Promise<void> {
  const pool = sqlPool(payload)
  try {
    const { rows } = await pool.query(`SELECT 1 FROM keys WHERE id = $1 AND tier = 'free' AND revoked_at IS NULL`, [keyId])
    if (rows.length === 0 || !(await consumeKeyTake(payload, ip, keyId))) return
    await pool.query(
      `INSERT INTO key_takes_hours AS t (key_id, hour, takes) VALUES ($1, date_trunc('hour', $2::timestamptz), 1)
       ON CONFLICT (key_id, hour) DO UPDATE SET takes = t.takes + 1`,
      [keyId, now],
    )
  } catch (error) {
    console.warn(`A take of key ${keyId} was not counted (${error instanceof Error ? error.message : String(error)})`)
  }
}

/**
 * Decides which of the keys the panel was just read for (`keyIds`, free ones only count) are suspect, writes it on
 * them, and returns the keys whose word changed (their list place is computed again).
 */
export async function updateSuspects(payload: Payload, keyIds: readonly number[], now: Date): Promise<number[]> {
  if (keyIds.length === 0) return []
  const pool = sqlPool(payload)
  const start = suspectWindowStart(now)
  const { rows } = await pool.query(
    `SELECT k.id, k.reach_suspect_since IS NOT NULL AS suspect, u.used_at, u.watched_since,
       (SELECT coalesce(sum(t.takes), 0)::int FROM key_takes_hours t WHERE t.key_id = k.id AND t.hour >= $2 AND t.hour < $3) AS takes
     FROM keys k JOIN key_use u ON u.key_id = k.id WHERE k.id = ANY($1::int[]) AND k.tier = 'free'`,
    [keyIds, start, new Date(start.getTime() + (WINDOW_HOURS - 1) * HOUR_MS)],
  )
  const became: number[] = []
  const cleared: number[] = []
  for (const row of rows as { id: number; suspect: boolean; used_at: Date | null; watched_since: Date; takes: number }[]) {
    const suspect = isSuspect({ takes: row.takes, usedAt: row.used_at ? new Date(row.used_at) : null, watchedSince: new Date(row.watched_since) }, now)
    if (suspect && !row.suspect) became.push(row.id)
    if (!suspect && row.suspect) cleared.push(row.id)
  }
  if (became.length > 0) await pool.query('UPDATE keys SET reach_suspect_since = $2 WHERE id = ANY($1::int[])', [became, now])
  if (cleared.length > 0) await pool.query('UPDATE keys SET reach_suspect_since = NULL WHERE id = ANY($1::int[])', [cleared])
  return [...became, ...cleared]
}
