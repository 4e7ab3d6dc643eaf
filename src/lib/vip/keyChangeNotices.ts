// A subscriber is told when staff change their VIP keys (a key moved to another server, its settings re-issued,
// a key removed): apps that poll the subscription URL take the new keys by themselves, but a key copied into an app
// by hand stops working. A change only notes the owner (`vip_keys_changed`, from the keys' hooks); the job sends one
// notice per owner once their keys have been still for a couple of minutes (a server moved at once is one notice),
// in Telegram where the account takes notices there, else by e-mail.
import { sql } from '@payloadcms/db-postgres'
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, Payload, PayloadRequest } from 'payload'

import type { Locale } from '@/i18n/locales'
import { deliverNoticeOrQueue } from '@/lib/bot/notices'
import { sqlPool } from '@/lib/db/pool'
import { executeInRequest } from '@/lib/db/transaction'
import { siteUrl } from '@/lib/http/siteUrl'
import { renderKeysChangedNotice } from '@/lib/mail/templates'
import type { Key } from '@/payload-types'

/** How long an owner's keys stay unchanged before the notice goes (so a burst of changes is one notice). */
export const SETTLE_MS = 2 * 60_000

const MATERIAL = ['keyString', 'configFile', 'connection', 'server', 'protocol'] as const

const ownerOf = (key: Pick<Key, 'owner'>) => (typeof key.owner === 'object' && key.owner ? key.owner.id : key.owner) ?? null

/** Notes the owner in the change's own transaction: a change rolled back tells no one. */
async function note(req: PayloadRequest, userId: number): Promise<void> {
  await executeInRequest(
    req.payload,
    req,
    sql`INSERT INTO vip_keys_changed (user_id, changed_at) VALUES (${userId}, now())
        ON CONFLICT (user_id) DO UPDATE SET changed_at = excluded.changed_at, noticed_at = NULL`,
  )
}

/**
 * A live VIP key whose connection changed (not its owner's own revocation or label: those are theirs), or one removed
 * while live: its owner is noted for the notice.
 */
export const noteKeyChange: CollectionAfterChangeHook<Key> = async ({ doc, previousDoc, operation, req }) => {
  const owner = ownerOf(doc)
  if (operation !== 'update' || doc.tier !== 'vip' || owner === null || doc.revokedAt) return doc
  const changed = MATERIAL.some((field) => JSON.stringify(doc[field] ?? null) !== JSON.stringify(previousDoc?.[field] ?? null))
  if (changed) await note(req, owner)
  return doc
}

export const noteKeyRemoval: CollectionAfterDeleteHook<Key> = async ({ doc, req }) => {
  const owner = ownerOf(doc)
  if (doc.tier === 'vip' && owner !== null && !doc.revokedAt) await note(req, owner)
  return doc
}

type Pending = { user_id: number; email: string; locale: string | null }

/** Sends the notices of owners whose keys have settled (a few hundred a run at most); returns how many went. */
export async function noticeKeyChanges(payload: Payload, now: Date = new Date()): Promise<number> {
  const pool = sqlPool(payload)
  const { rows } = await pool.query(
    `SELECT c.user_id, u.email, u.locale::text AS locale FROM vip_keys_changed c JOIN users u ON u.id = c.user_id
      WHERE c.noticed_at IS NULL AND c.changed_at <= $1 AND u.deletion_requested_at IS NULL ORDER BY c.changed_at LIMIT 200`,
    [new Date(now.getTime() - SETTLE_MS)],
  )
  let sent = 0
  for (const row of rows as Pending[]) {
    // Marked first: a notice is sent at most once, even if two runs meet; a change since then notes it again.
    const { rowCount } = await pool.query('UPDATE vip_keys_changed SET noticed_at = now() WHERE user_id = $1 AND noticed_at IS NULL AND changed_at <= $2', [row.user_id, new Date(now.getTime() - SETTLE_MS)])
    if (rowCount !== 1) continue
    const locale: Locale = row.locale === 'en' ? 'en' : 'ru'
    const { siteName } = await payload.findGlobal({ slug: 'site-settings', locale, depth: 0, select: { siteName: true } })
    const mail = await renderKeysChangedNotice({ locale, siteName, url: siteUrl('/profile/servers', locale) })
    await deliverNoticeOrQueue(payload, { userId: row.user_id, to: row.email, ...mail })
    sent += 1
  }
  return sent
}
