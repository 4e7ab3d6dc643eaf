// How long a deleted account can be restored (by logging in with an e-mail link) before its data is removed.
export const RESTORE_WINDOW_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000

/** The moment the account's data goes for good. */
export function restoreDeadline(deletionRequestedAt: string): Date {
  return new Date(Date.parse(deletionRequestedAt) + RESTORE_WINDOW_DAYS * DAY_MS)
}

export function isDeletionPending(user: { deletionRequestedAt?: string | null }, now: Date = new Date()): boolean {
  return Boolean(user.deletionRequestedAt) && now.getTime() < restoreDeadline(user.deletionRequestedAt!).getTime()
}
