// The admin dashboard's figures: what an editor checks first thing in the morning.
import type { Payload } from 'payload'

import { countListedKeys } from '@/lib/data/keyListing'
import { env } from '@/lib/env'
import { LISTED_PROTOCOLS } from '@/lib/keys'
import type { ListedProtocol } from '@/lib/keys'
import { serversRunningOut } from '@/lib/provisioning/runOut'
import type { RunOut } from '@/lib/provisioning/runOut'
import { fromMoscowWallClock, moscowWallClock } from '@/lib/time/moscow'

const DAY_MS = 24 * 60 * 60 * 1000

export type Overview = {
  active: number
  trialing: number
  /** Payments less refunds since the first of this month, Moscow time. */
  revenueKopecks: number
  freeKeys: Record<ListedProtocol, number>
  serversDown: { id: number; name: string }[]
  /** Live keys (free and VIP) whose end date falls within the next 24 hours. */
  expiringSoon: number
  runningOut: RunOut[]
}

export function moscowMonthStart(now: Date): Date {
  const moscow = moscowWallClock(now)
  return fromMoscowWallClock(Date.UTC(moscow.getUTCFullYear(), moscow.getUTCMonth(), 1))
}

export async function siteOverview(payload: Payload, now: Date = new Date()): Promise<Overview> {
  const count = (collection: 'subscriptions' | 'keys', where: Parameters<Payload['count']>[0]['where']) =>
    payload.count({ collection, where }).then((result) => result.totalDocs)
  const [active, trialing, money, freeKeyCounts, down, expiringSoon, runningOut] = await Promise.all([
    count('subscriptions', { status: { equals: 'active' } }),
    count('subscriptions', { status: { equals: 'trialing' } }),
    payload.find({
      collection: 'subscription-events',
      where: { and: [{ type: { in: ['payment', 'refund'] } }, { occurredAt: { greater_than_equal: moscowMonthStart(now).toISOString() } }] },
      pagination: false,
      depth: 0,
      select: { type: true, amountKopecks: true },
    }),
    // From the listing table the database keeps: the same keys a visitor sees, without counting them one by one.
    Promise.all(LISTED_PROTOCOLS.map((protocol) => countListedKeys(payload, { protocol }, now))),
    payload.find({
      collection: 'servers',
      where: { and: [{ enabled: { equals: true } }, { 'health.status': { equals: 'down' } }] },
      sort: 'name',
      pagination: false,
      depth: 0,
      select: { name: true },
    }),
    count('keys', {
      and: [{ revokedAt: { exists: false } }, { expiresAt: { greater_than: now.toISOString() } }, { expiresAt: { less_than_equal: new Date(now.getTime() + DAY_MS).toISOString() } }],
    }),
    serversRunningOut(payload, now),
  ])
  return {
    active,
    trialing,
    revenueKopecks: money.docs.reduce((sum, event) => sum + (event.type === 'refund' ? -1 : 1) * Math.abs(event.amountKopecks ?? 0), 0),
    freeKeys: Object.fromEntries(LISTED_PROTOCOLS.map((protocol, index) => [protocol, freeKeyCounts[index]!])) as Record<ListedProtocol, number>,
    serversDown: down.docs.map((server) => ({ id: server.id, name: server.name })),
    expiringSoon,
    runningOut,
  }
}

/** What a new site needs before it serves visitors, in the order an operator sets it up. */
export const CHECKLIST = ['settings', 'countries', 'server', 'keys', 'plans', 'payments', 'pages'] as const
export type ChecklistItem = (typeof CHECKLIST)[number]

/** The legal pages every form links to. */
const LEGAL_PAGES = ['privacy', 'user-agreement', 'support']

/**
 * The first day's checklist: each item done once the site has it. Site settings count once an editor has saved them
 * (until then pages read their defaults); a server counts when it gets its keys from a real source (not the demo); the
 * legal pages once a staff member has saved each (the site creates them from templates whose claims, "servers in 50+
 * countries", are the operator's to check).
 */
export async function firstDayChecklist(payload: Payload, now: Date = new Date()): Promise<Record<ChecklistItem, boolean>> {
  const [settings, countries, servers, keys, plans, pages] = await Promise.all([
    payload.findGlobal({ slug: 'site-settings', depth: 0, select: { updatedAt: true } }),
    payload.count({ collection: 'countries' }),
    payload.count({ collection: 'servers', where: { and: [{ enabled: { equals: true } }, { adapter: { not_equals: 'demo' } }] } }),
    countListedKeys(payload, {}, now),
    // A plan counts when it is on sale: one taken off sale sells nothing.
    payload.count({ collection: 'tariffs', where: { active: { equals: true } } }),
    payload.count({ collection: 'pages', where: { and: [{ slug: { in: LEGAL_PAGES } }, { _status: { equals: 'published' } }, { editedBy: { exists: true } }] } }),
  ])
  return {
    settings: Boolean(settings.updatedAt),
    countries: countries.totalDocs > 0,
    server: servers.totalDocs > 0,
    keys: keys > 0,
    plans: plans.totalDocs > 0,
    payments: env().billing === 'live',
    pages: pages.totalDocs >= LEGAL_PAGES.length,
  }
}
