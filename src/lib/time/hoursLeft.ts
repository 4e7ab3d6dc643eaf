// Whole hours a key has left, as the "time available" column shows them.
const HOUR_MS = 60 * 60 * 1000

/** null means unlimited; an expired key shows 0, never a negative number. */
export function hoursLeft(expiresAt: string | Date | null, now: Date): number | null {
  if (expiresAt === null) return null
  const ms = new Date(expiresAt).getTime() - now.getTime()
  return Math.max(0, Math.floor(ms / HOUR_MS))
}
