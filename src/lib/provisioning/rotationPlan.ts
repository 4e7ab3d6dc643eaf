// When free keys are replaced: fresh keys are issued at the daily rotation time (Moscow) and live until
// an hour after the next one, so old and new overlap and a list never empties at rotation time.
import { fromMoscowWallClock, moscowWallClock } from '@/lib/time/moscow'

export const OVERLAP_MS = 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

export const DEFAULT_ROTATION_TIME = '04:00'

function parseTime(value: string | null | undefined): { hours: number; minutes: number } {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value ?? '') ?? /^(\d\d):(\d\d)$/.exec(DEFAULT_ROTATION_TIME)!
  return { hours: Number(match[1]), minutes: Number(match[2]) }
}

/** The first daily rotation instant strictly after `after`. */
export function nextRotation(after: Date, rotationTime: string | null | undefined): Date {
  const { hours, minutes } = parseTime(rotationTime)
  const moscow = moscowWallClock(after)
  const candidate = fromMoscowWallClock(Date.UTC(moscow.getUTCFullYear(), moscow.getUTCMonth(), moscow.getUTCDate(), hours, minutes)).getTime()
  return new Date(candidate > after.getTime() ? candidate : candidate + DAY_MS)
}

export type LiveKey = { id: number; expiresAt: string | null }

export type RotationPlan = {
  /** How many fresh keys to issue, and until when they live. */
  issue: number
  expiresAt: Date
  /** Keys past their expiry: revoke them on the server once replacements exist. */
  revoke: number[]
}

/**
 * For one server and protocol: keep `wanted` keys that are good for more than the overlap, replacing
 * those about to expire; expired keys are revoked. Running it again right away plans nothing.
 */
export function planRotation({ keys, wanted, now, rotationTime }: { keys: LiveKey[]; wanted: number; now: Date; rotationTime?: string | null }): RotationPlan {
  const horizon = now.getTime() + OVERLAP_MS
  const lasting = keys.filter((key) => key.expiresAt === null || Date.parse(key.expiresAt) > horizon).length
  return {
    issue: Math.max(0, wanted - lasting),
    expiresAt: new Date(nextRotation(new Date(horizon), rotationTime).getTime() + OVERLAP_MS),
    revoke: keys.filter((key) => key.expiresAt !== null && Date.parse(key.expiresAt) <= now.getTime()).map((key) => key.id),
  }
}

/**
 * When the rotation next has to issue keys for one server and protocol: once fewer than `wanted` keys last
 * past the overlap, that is an overlap before the `wanted`-th longest-lasting key expires. Null: never
 * (enough keys without an end date, or none wanted).
 */
export function nextIssueAt(keys: LiveKey[], wanted: number, now: Date): Date | null {
  if (wanted <= 0) return null
  const ends = keys.map((key) => (key.expiresAt === null ? Infinity : Date.parse(key.expiresAt))).sort((a, b) => b - a)
  const deciding = ends[wanted - 1] ?? now.getTime() + OVERLAP_MS
  return deciding === Infinity ? null : new Date(Math.max(deciding - OVERLAP_MS, now.getTime()))
}

/** When the last of these keys expires, i.e. when a list fed by hand runs empty. Null: never (a key without an end date). */
export function runOutAt(keys: LiveKey[], now: Date): Date | null {
  if (keys.some((key) => key.expiresAt === null)) return null
  const last = Math.max(...keys.map((key) => Date.parse(key.expiresAt!)))
  return new Date(Number.isFinite(last) ? Math.max(last, now.getTime()) : now.getTime())
}

/** The earliest of several moments, null meaning never. */
export function earliest(moments: (Date | null)[]): Date | null {
  return moments.reduce<Date | null>((first, moment) => (moment !== null && (first === null || moment < first) ? moment : first), null)
}
