// What a personal subscription URL answers, read in one SQL statement: the owner's secret and language, their VIP
// subscription and its device limit, their current VIP keys' share links, the site's name, and what is known of
// the polling device (src/lib/feeds/devices.ts). Every subscriber's every app polls this URL on each launch
// and update interval; through the Local API the same facts took five reads with their hooks (about 14 ms of CPU a
// poll). The rules stay those of the Local API readers (vipSubscriptionOf, personalFeedKeys); a test
// (tests/int/vip.test.ts) compares the two across the states a subscription and its keys go through.
import { defaultLocale, localeOrDefault } from '@/i18n/locales'
import type { Locale } from '@/i18n/locales'
import { ENDED_STATUSES, VIP_STATUSES } from '@/lib/billing/rules/lifecycle'
import type { SqlQuery } from '@/lib/db/pool'
import type { Subscription } from '@/payload-types'

import { DEFAULT_DEVICE_LIMIT } from './devices'
import { isAppDecision } from './appRules'
import type { AppRule } from './appRules'
import type { NoticeTexts } from './notice'
import { directRouting } from './routing'
import type { DirectRouting, RoutingSettings } from './routing'

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
  /** How many devices the subscription's plan allows (the spec's 10 without a plan). */
  deviceLimit: number
  /** The owner's devices counted so far, and when the polling device (by its HWID) was last seen: null if new. */
  devices: { count: number; seenAt: string | null }
  /** What the apps send direct besides private networks (Site settings → Apps). */
  routing: DirectRouting | null
  /** Apps that send no device id get no keys (Site settings → Apps), so a shared link cannot pass the limit. */
  requireDeviceId: boolean
  /** The VIP subscription's trial waits for its first device (src/lib/billing/record/heldTrial.ts): this poll may be it. */
  trialWaits: boolean
  /** Without VIP now, the owner had a subscription that ended (when: its paid time's end, or its last change if that
   * came first, as a refund or a cancellation does): their apps are told so rather than given nothing. */
  ended: { endedAt: string | null } | null
  /** The editors' own texts for what the apps show instead of keys (Site settings → Apps), by language. */
  notices: NoticeTexts | null
  /** Happ's provider id (Site settings → Apps); null when the operator registered none. */
  happProviderId: string | null
  /** What the subscription answers each app (Site settings → Apps); null before settings are first saved: the defaults. */
  appRules: AppRule[] | null
}

type Row = {
  nonce: string | null
  deleting: boolean
  locale: string | null
  vip: { status: Subscription['status']; end: string | null; device_limit: number | null; waits: boolean | null } | null
  links: string[] | null
  device_count: number
  device_seen: string | null
  /** Which save of site settings is current: its time and the row version's transaction (two saves within one
   * millisecond differ by the latter); null before they were ever saved. */
  settings_at: string | null
  /** Site settings' one row, read only when it changed since the copy this process keeps (`$4`). */
  settings: SettingsRow | null
  ended: { end: string | null } | null
}

type SettingsRow = {
  siteName: string | null
  routing: RoutingSettings & { changedAt: string | null }
  requireDeviceId: boolean | null
  happProviderId: string | null
  appRules: { startsWith: string; wholeWord: boolean | null; decision: string }[]
  notices: NoticeTexts | null
}

/** What the poll takes from site settings. */
type SettingsFacts = Pick<PersonalFeedFacts, 'siteName' | 'routing' | 'requireDeviceId' | 'happProviderId' | 'appRules' | 'notices'>

/** Before settings are first saved: the defaults. */
const NO_SETTINGS: SettingsFacts = { siteName: null, routing: directRouting(null, null), requireDeviceId: false, happProviderId: null, appRules: null, notices: null }

function settingsFacts(row: SettingsRow): SettingsFacts {
  return {
    siteName: row.siteName,
    routing: directRouting(row.routing, row.routing.changedAt),
    requireDeviceId: row.requireDeviceId === true,
    happProviderId: row.happProviderId || null,
    appRules: row.appRules.flatMap(({ startsWith, wholeWord, decision }) => (isAppDecision(decision) ? [{ startsWith, wholeWord: wholeWord === true, decision }] : [])),
    notices: row.notices,
  }
}

/**
 * The settings as last read through each query function (one per pool: src/lib/feeds/personalAnswer.ts), with when
 * they were saved: a poll reads only that date and the whole settings (their rules, notices in both languages, lists)
 * only when editors saved them since.
 */
const settingsCopies = new WeakMap<SqlQuery, { at: string; facts: SettingsFacts }>()

// The statuses are the code's own constants, written into the statement (checked to be plain words).
function statusList(statuses: readonly string[]): string {
  return statuses
    .map((status) => {
      if (!/^[a-z_]+$/.test(status)) throw new Error(`Unexpected subscription status ${status}`)
      return `'${status}'`
    })
    .join(', ')
}

const VIP_STATUS_LIST = statusList(VIP_STATUSES)

const ENDED_STATUS_LIST = statusList(ENDED_STATUSES)

const FACTS_SQL = `
  SELECT u."subscription_url_nonce" AS "nonce", u."deletion_requested_at" IS NOT NULL AS "deleting", u."locale",
    (SELECT json_build_object('status', s."status", 'end', s."current_period_end", 'device_limit', t."device_limit",
              'waits', s."trial_hold_until" IS NOT NULL AND s."trial_hold_connected_at" IS NULL)
       FROM "subscriptions" s LEFT JOIN "tariffs" t ON t."id" = s."tariff_id" WHERE s."user_id" = u."id" AND s."status" IN (${VIP_STATUS_LIST})
       ORDER BY s."created_at" DESC, s."id" DESC LIMIT 1) AS "vip",
    (SELECT json_agg(k."key_string" ORDER BY coalesce((
         -- Keys on servers whose test key the probes found working where the visitors are come first, blocked last.
         SELECT min(CASE pk."reach_state" WHEN 'works' THEN 0 WHEN 'blocked' THEN 2 WHEN 'down' THEN 2 ELSE 1 END)
         FROM "keys" pk WHERE pk."server_id" = k."server_id" AND pk."protocol" = k."protocol" AND pk."for_probes" AND pk."revoked_at" IS NULL), 1),
         k."created_at", k."id")
       FROM "keys" k WHERE k."owner_id" = u."id" AND k."tier" = 'vip' AND k."revoked_at" IS NULL AND k."key_string" IS NOT NULL) AS "links",
    (SELECT count(*)::int FROM "devices" d WHERE d."user_id" = u."id") AS "device_count",
    (SELECT d."last_seen_at" FROM "devices" d WHERE d."user_id" = u."id" AND d."hwid" = $3) AS "device_seen",
    (SELECT g."updated_at"::text || '/' || g."xmin"::text FROM "site_settings" g LIMIT 1) AS "settings_at",
    (SELECT json_build_object(
        'siteName', (SELECT l."site_name" FROM "site_settings_locales" l WHERE l."_locale" = $2 AND l."_parent_id" = g."id" LIMIT 1),
        'routing', json_build_object('mode', g."routing_mode", 'geoipDat', g."routing_geoip_dat", 'geositeDat', g."routing_geosite_dat",
          'mihomoDomains', g."routing_mihomo_domains", 'mihomoIp', g."routing_mihomo_ip", 'singboxDomains', g."routing_singbox_domains",
          'singboxIp', g."routing_singbox_ip", 'changedAt', g."routing_changed_at"),
        'requireDeviceId', g."require_device_id", 'happProviderId', g."happ_provider_id",
        'appRules', (SELECT coalesce(json_agg(json_build_object('startsWith', r."starts_with", 'wholeWord', r."whole_word", 'decision', r."decision")
            ORDER BY r."_order"), '[]') FROM "site_settings_app_rules" r WHERE r."_parent_id" = g."id"),
        'notices', (SELECT json_object_agg(l."_locale", json_build_object('deviceLimit', l."notices_device_limit", 'noDeviceId', l."notices_no_device_id",
            'ended', l."notices_ended", 'noKeys', l."notices_no_keys", 'unsupportedApp', l."notices_unsupported_app"))
          FROM "site_settings_locales" l WHERE l."_parent_id" = g."id"))
       FROM "site_settings" g WHERE (g."updated_at"::text || '/' || g."xmin"::text) IS DISTINCT FROM $4::text LIMIT 1) AS "settings",
    (SELECT json_build_object('end', least(s."current_period_end", s."updated_at")) FROM "subscriptions" s WHERE s."user_id" = u."id" AND s."status" IN (${ENDED_STATUS_LIST})
       ORDER BY s."created_at" DESC, s."id" DESC LIMIT 1) AS "ended"
  FROM "users" u WHERE u."id" = $1`

/** The facts behind user `userId`'s subscription URL, polled by the device `hwid` if it said; null when there is no such user. */
export async function readPersonalFeedFacts(query: SqlQuery, userId: number, hwid: string | null = null): Promise<PersonalFeedFacts | null> {
  const copy = settingsCopies.get(query)
  const result = await query(FACTS_SQL, [userId, defaultLocale, hwid, copy?.at ?? null])
  const row = result.rows[0] as Row | undefined
  if (!row) return null
  const at = row.settings_at
  let settings = NO_SETTINGS
  if (row.settings) {
    settings = settingsFacts(row.settings)
    if (at) settingsCopies.set(query, { at, facts: settings })
  } else if (copy && at === copy.at) {
    settings = copy.facts
  }
  return {
    ...settings,
    nonce: row.nonce,
    deleting: row.deleting,
    locale: localeOrDefault(row.locale),
    vip: row.vip ? { status: row.vip.status, currentPeriodEnd: row.vip.end ? new Date(row.vip.end).toISOString() : null } : null,
    links: row.links ?? [],
    // Whole and at least one, whatever the column holds.
    deviceLimit: Math.max(1, Math.floor(Number(row.vip?.device_limit ?? DEFAULT_DEVICE_LIMIT)) || DEFAULT_DEVICE_LIMIT),
    devices: { count: row.device_count, seenAt: row.device_seen ? new Date(row.device_seen).toISOString() : null },
    trialWaits: row.vip?.waits === true,
    ended: !row.vip && row.ended ? { endedAt: row.ended.end ? new Date(row.ended.end).toISOString() : null } : null,
  }
}
