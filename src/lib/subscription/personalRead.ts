// What a personal subscription URL answers, read in one SQL statement: the owner's secret and language, their VIP
// subscription, their current VIP keys' share links and the site's name. Every subscriber's every app polls this URL on each launch
// and update interval; through the Local API the same facts took five reads with their hooks (about 14 ms of CPU a
// poll). The rules stay those of the Local API readers (vipSubscriptionOf, subscriptionKeys); a test
// (tests/int/vip.test.ts) compares the two across the states a subscription and its keys go through.
import type { Payload } from 'payload'

import { defaultLocale, localeOrDefault } from '@/i18n/locales'
import type { Locale } from '@/i18n/locales'
import { VIP_STATUSES } from '@/lib/billing/lifecycle'
import type { Subscription } from '@/payload-types'

export type PersonalFeedFacts = {
  /** The owner's subscription-URL secret; null before they ever asked for the URL. */
  nonce: string | null
  /** The account is being deleted: it serves nothing (a restore brings the same URL back). */
  deleting: boolean
  locale: Locale
  /** The newest subscription that gives VIP now; null without one. */
  vip: { status: Subscription['status']; currentPeriodEnd: string | null } | null
  /** The current VIP keys' share links (or stored key strings), oldest first. */
  links: string[]
  /** The site's name in its default language, as apps title the subscription; null before settings exist. */
  siteName: string | null
}

type Row = {
  nonce: string | null
  deleting: boolean
  locale: string | null
  vip: { status: Subscription['status']; end: string | null } | null
  links: string[] | null
  site_name: string | null
}

/** Runs one parameterised SQL statement: Payload's pool in the app, the server's own pool before Next.js. */
export type SqlQuery = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>

/** Payload's connection pool as a SqlQuery. */
export function payloadQuery(payload: Payload): SqlQuery {
  const { pool } = payload.db as unknown as { pool: { query: SqlQuery } }
  return (text, params) => pool.query(text, params)
}

// The statuses are the code's own constants, written into the statement (checked to be plain words).
const VIP_STATUS_LIST = VIP_STATUSES.map((status) => {
  if (!/^[a-z_]+$/.test(status)) throw new Error(`Unexpected subscription status ${status}`)
  return `'${status}'`
}).join(', ')

const FACTS_SQL = `
  SELECT u."subscription_url_nonce" AS "nonce", u."deletion_requested_at" IS NOT NULL AS "deleting", u."locale",
    (SELECT json_build_object('status', s."status", 'end', s."current_period_end")
       FROM "subscriptions" s WHERE s."user_id" = u."id" AND s."status" IN (${VIP_STATUS_LIST})
       ORDER BY s."created_at" DESC, s."id" DESC LIMIT 1) AS "vip",
    (SELECT json_agg(k."key_string" ORDER BY k."created_at", k."id")
       FROM "keys" k WHERE k."owner_id" = u."id" AND k."tier" = 'vip' AND k."revoked_at" IS NULL AND k."key_string" IS NOT NULL) AS "links",
    (SELECT l."site_name" FROM "site_settings_locales" l WHERE l."_locale" = $2 LIMIT 1) AS "site_name"
  FROM "users" u WHERE u."id" = $1`

/** The facts behind user `userId`'s subscription URL; null when there is no such user. */
export async function readPersonalFeedFacts(query: SqlQuery, userId: number): Promise<PersonalFeedFacts | null> {
  const result = await query(FACTS_SQL, [userId, defaultLocale])
  const row = result.rows[0] as Row | undefined
  if (!row) return null
  return {
    nonce: row.nonce,
    deleting: row.deleting,
    locale: localeOrDefault(row.locale),
    vip: row.vip ? { status: row.vip.status, currentPeriodEnd: row.vip.end ? new Date(row.vip.end).toISOString() : null } : null,
    links: row.links ?? [],
    siteName: row.site_name,
  }
}
