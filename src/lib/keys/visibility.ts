// When a free key is listed: one rule. It is the keys' read access for visitors (`currentFreeKeysWhere`), and the
// database's listing table counts by the same rule in SQL (migrations/*key_listing*, read by src/lib/data/keyListing.ts):
// a change here takes a migration that replaces key_listing_change(), and tests/int/keyListing.test.ts, which compares
// the two through every kind of change, fails until both agree. Three checks hide keys that do not work:
// - the real-client connection check (src/lib/liveness) hides a key that failed it HIDE_KEY_AFTER_FAILED_CHECKS times
//   in a row, until it passes again;
// - the port check of servers (src/lib/provisioning/health.ts) hides every key of a server that failed it
//   HIDE_SERVER_AFTER_FAILED_CHECKS times in a row (`serverDown` on its keys), until it answers again;
// - the probes inside the visitors' country (src/lib/probes) hide a key they found blocked there (`reach.state`),
//   until a probe there finds it working again.
import type { Where } from 'payload'

export const HIDE_KEY_AFTER_FAILED_CHECKS = 2
export const HIDE_SERVER_AFTER_FAILED_CHECKS = 3

/** Free keys a visitor may see at `now`: not revoked, not expired, not hidden by either check. */
export function currentFreeKeysWhere(now: Date = new Date()): Where {
  return {
    and: [
      { tier: { equals: 'free' } },
      { revokedAt: { exists: false } },
      { serverDown: { not_equals: true } },
      { or: [{ 'liveness.failures': { exists: false } }, { 'liveness.failures': { less_than: HIDE_KEY_AFTER_FAILED_CHECKS } }] },
      { or: [{ 'reach.state': { exists: false } }, { 'reach.state': { not_equals: 'blocked' } }] },
      { or: [{ expiresAt: { exists: false } }, { expiresAt: { greater_than: now.toISOString() } }] },
    ],
  }
}
