// Device limits as subscription apps speak them (Happ, v2RayTun, INCY, Hiddify; the headers Remnawave and 3x-ui
// read): each poll of the subscription URL may carry the app's device id (`x-hwid`) with its OS, OS version and
// model. Every distinct id is a device of the subscriber; past the plan's limit a new one is refused, while the
// devices already counted keep working. Apps that send no id are served as before, unless the operator refuses them
// (Site settings → Apps: a shared link must not pass the limit by leaving the header out).
import { LOCKS, withSqlTransaction } from '@/lib/db/locks'
import type { SqlPool } from '@/lib/db/pool'

/** The spec's ten devices, for a subscription without a plan. */
export const DEFAULT_DEVICE_LIMIT = 10

/** A known device's "last seen" is written at most this often: most polls of a known device write nothing. */
export const SEEN_REFRESH_MS = 60 * 60 * 1000

// Ids apps send are UUIDs, hex or base64 strings; anything else is treated as no id at all.
const HWID = /^[A-Za-z0-9._:+/=-]{6,64}$/
const INFO_MAX = 120

export type PolledDevice = { hwid: string; os: string | null; osVersion: string | null; model: string | null; userAgent: string | null }

/**
 * Whether the polling device may have the keys, and the limit the app is told; `withoutId`: refused because it sent
 * no device id while the operator requires one.
 */
export type DeviceStanding = { admitted: boolean; limit: number; withoutId?: true }

function info(value: string | null): string | null {
  // Shown on My servers and in the admin: printable text of a sane length.
  const text = value?.replace(/[\p{Cc}\p{Cf}]/gu, '').trim().slice(0, INFO_MAX)
  return text ? text : null
}

/** The device a poll says it comes from; null when it sends no usable `x-hwid`. */
export function polledDevice(header: (name: string) => string | null): PolledDevice | null {
  const hwid = header('x-hwid')?.trim()
  if (!hwid || !HWID.test(hwid)) return null
  return { hwid, os: info(header('x-device-os')), osVersion: info(header('x-ver-os')), model: info(header('x-device-model')), userAgent: info(header('user-agent')) }
}

const TOUCH_SQL = `
  UPDATE "devices" SET "last_seen_at" = now(), "updated_at" = now(),
    "model" = COALESCE($3::varchar, "model"), "os" = COALESCE($4::varchar, "os"),
    "os_version" = COALESCE($5::varchar, "os_version"), "user_agent" = COALESCE($6::varchar, "user_agent")
  WHERE "user_id" = $1 AND "hwid" = $2`

// Counted after the lock is held: a statement sees every device the lock's earlier holders added, and the link the
// poll's token was checked against (a replaced link forgets the devices under the same lock: feedUrl.ts).
const ADMIT_SQL = `
  WITH "link" AS (SELECT EXISTS (SELECT 1 FROM "users" WHERE "id" = $1 AND "subscription_url_nonce" = $8) AS "current"),
  "admitted" AS (
    INSERT INTO "devices" ("user_id", "hwid", "model", "os", "os_version", "user_agent", "last_seen_at")
    SELECT $1::int, $2::varchar, $3::varchar, $4::varchar, $5::varchar, $6::varchar, now()
    WHERE (SELECT "current" FROM "link")
      AND ((SELECT count(*) FROM "devices" WHERE "user_id" = $1) < $7::int
        OR EXISTS (SELECT 1 FROM "devices" WHERE "user_id" = $1 AND "hwid" = $2))
    ON CONFLICT ("user_id", "hwid") DO UPDATE SET "last_seen_at" = now(), "updated_at" = now()
    RETURNING "id")
  SELECT (SELECT "current" FROM "link") AS "current", EXISTS (SELECT 1 FROM "admitted") AS "admitted"`

/**
 * Counts the polling device in (or refuses it) for user `userId`, whose token was checked against the link secret
 * `nonce`. `known` is what the poll's read found: the device's last-seen time (null if new) and how many the user
 * has. 'replaced': the link was replaced since the read, so the poll takes no place.
 */
export async function admitDevice(
  pool: SqlPool,
  {
    userId,
    nonce,
    device,
    limit,
    known,
    now = Date.now(),
  }: { userId: number; nonce: string; device: PolledDevice; limit: number; known: { count: number; seenAt: string | null }; now?: number },
): Promise<DeviceStanding | 'replaced'> {
  const details = [device.model, device.os, device.osVersion, device.userAgent]
  if (known.seenAt !== null) {
    if (now - Date.parse(known.seenAt) >= SEEN_REFRESH_MS) await pool.query(TOUCH_SQL, [userId, device.hwid, ...details])
    return { admitted: true, limit }
  }
  // Full already: a removal since the read would only let it in on its next poll.
  if (known.count >= limit) return { admitted: false, limit }
  // Two new devices polling at once must not both take the last place: one at a time per user, across instances.
  // A stuck holder must not take the pool's few connections with it: after 2 s the poll fails and goes to the route.
  const result = await withSqlTransaction(pool, LOCKS.devices(userId), (query) => query(ADMIT_SQL, [userId, device.hwid, ...details, limit, nonce]), { lockTimeoutMs: 2_000 })
  const row = result.rows[0] as { current: boolean; admitted: boolean } | undefined
  if (!row?.current) return 'replaced'
  return { admitted: row.admitted, limit }
}

/**
 * Notes that `userId`'s link was refused a device today, for the notice the subscriber gets
 * (src/lib/vip/deviceLimitNotices.ts): a no-op after the day's first refusal.
 */
export async function noteDeviceLimitReached(pool: SqlPool, userId: number): Promise<void> {
  await pool.query('INSERT INTO device_limit_reached (user_id, day) VALUES ($1, current_date) ON CONFLICT DO NOTHING', [userId])
}
