// The admin dashboard's trends: money, subscribers, free keys and servers over the last days and months. Money,
// trials and cancellations come from the subscription history; what has no history of its own (how many were active,
// keys listed and failing) is written down every hour by the recordFigures job, and each server's state by its health
// check (recordServerHour).
import type { Payload } from 'payload'

import { sqlPool } from '@/lib/db/pool'
import { LISTED_PROTOCOLS } from '@/lib/keys'
import type { ListedProtocol } from '@/lib/keys'
import { HIDE_KEY_AFTER_FAILED_CHECKS } from '@/lib/keys/visibility'
import { MOSCOW_ZONE as ZONE, moscowWallClock } from '@/lib/time/moscow'

export const TREND_DAYS = 30
export const TREND_MONTHS = 12
export const SERVER_HOURS = 7 * 24

export type ByProtocol = Record<ListedProtocol, number>
export type ServerState = 'up' | 'down' | 'unknown'

export type Trends = {
  revenueByDay: { day: string; kopecks: number }[]
  revenueByMonth: { month: string; kopecks: number }[]
  /** Trials started each month, and how many of them were paid for afterwards. */
  conversion: { month: string; trials: number; paid: number }[]
  /** Auto-renewal turned off or the subscription cancelled, each month. */
  cancellations: { month: string; count: number }[]
  /** Recorded each hour (the day's last record); days before the first record are left out. */
  subscribers: { day: string; active: number; trialing: number }[]
  keys: { day: string; listed: ByProtocol; failing: ByProtocol }[]
  /** Each enabled server's state at every hour of the last week, oldest first; null where nothing was recorded. */
  servers: { id: number; name: string; hours: (ServerState | null)[] }[]
}

/** The Moscow dates of the `count` days ending with `now`'s, oldest first ('YYYY-MM-DD'). */
export function lastDays(now: Date, count: number): string[] {
  const moscow = moscowWallClock(now)
  return Array.from({ length: count }, (_, index) => new Date(Date.UTC(moscow.getUTCFullYear(), moscow.getUTCMonth(), moscow.getUTCDate() - (count - 1 - index))).toISOString().slice(0, 10))
}

/** The Moscow months of the `count` months ending with `now`'s, oldest first ('YYYY-MM'). */
export function lastMonths(now: Date, count: number): string[] {
  const moscow = moscowWallClock(now)
  return Array.from({ length: count }, (_, index) => new Date(Date.UTC(moscow.getUTCFullYear(), moscow.getUTCMonth() - (count - 1 - index), 1)).toISOString().slice(0, 7))
}

const emptyByProtocol = (): ByProtocol => Object.fromEntries(LISTED_PROTOCOLS.map((protocol) => [protocol, 0])) as ByProtocol

export async function siteTrends(payload: Payload, now: Date = new Date()): Promise<Trends> {
  const pool = sqlPool(payload)
  const days = lastDays(now, TREND_DAYS)
  const months = lastMonths(now, TREND_MONTHS)
  const since = `${months[0]}-01`
  const hourNow = Math.floor(now.getTime() / 3_600_000)
  const [daily, monthly, conversion, cancellations, figures, servers, states] = await Promise.all([
    pool.query<{ day: string; kopecks: number }>(
      `SELECT to_char(occurred_at AT TIME ZONE '${ZONE}', 'YYYY-MM-DD') AS day,
              sum(CASE WHEN type = 'refund' THEN -abs(coalesce(amount_kopecks, 0)) ELSE abs(coalesce(amount_kopecks, 0)) END)::bigint AS kopecks
       FROM subscription_events WHERE type IN ('payment', 'refund') AND occurred_at >= ($1::date AT TIME ZONE '${ZONE}') GROUP BY 1`,
      [days[0]],
    ),
    pool.query<{ month: string; kopecks: number }>(
      `SELECT to_char(occurred_at AT TIME ZONE '${ZONE}', 'YYYY-MM') AS month,
              sum(CASE WHEN type = 'refund' THEN -abs(coalesce(amount_kopecks, 0)) ELSE abs(coalesce(amount_kopecks, 0)) END)::bigint AS kopecks
       FROM subscription_events WHERE type IN ('payment', 'refund') AND occurred_at >= ($1::date AT TIME ZONE '${ZONE}') GROUP BY 1`,
      [since],
    ),
    pool.query<{ month: string; trials: number; paid: number }>(
      `SELECT to_char(trial.occurred_at AT TIME ZONE '${ZONE}', 'YYYY-MM') AS month, count(DISTINCT trial.subscription_id)::int AS trials,
              count(DISTINCT trial.subscription_id) FILTER (WHERE EXISTS (
                SELECT 1 FROM subscription_events paid WHERE paid.subscription_id = trial.subscription_id AND paid.type IN ('activated', 'renewed') AND paid.occurred_at > trial.occurred_at
              ))::int AS paid
       FROM subscription_events trial WHERE trial.type = 'trial_started' AND trial.occurred_at >= ($1::date AT TIME ZONE '${ZONE}') GROUP BY 1`,
      [since],
    ),
    pool.query<{ month: string; count: number }>(
      `SELECT to_char(occurred_at AT TIME ZONE '${ZONE}', 'YYYY-MM') AS month, count(*)::int AS count
       FROM subscription_events WHERE type IN ('renewal_cancelled', 'cancelled', 'cancelled_by_editor') AND occurred_at >= ($1::date AT TIME ZONE '${ZONE}') GROUP BY 1`,
      [since],
    ),
    pool.query<{ day: string; active: number; trialing: number; listed: ByProtocol; failing: ByProtocol }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, active, trialing, listed, failing FROM daily_figures WHERE day >= $1::date ORDER BY day`,
      [days[0]],
    ),
    payload.find({ collection: 'servers', where: { enabled: { equals: true } }, sort: 'name', pagination: false, depth: 0, select: { name: true } }),
    pool.query<{ server: number; hour: number; status: ServerState }>(`SELECT server_id AS server, hour, status FROM server_hours WHERE hour > $1`, [hourNow - SERVER_HOURS]),
  ])
  const byDay = new Map(daily.rows.map((row) => [row.day, Number(row.kopecks)]))
  const byMonth = new Map(monthly.rows.map((row) => [row.month, Number(row.kopecks)]))
  const trials = new Map(conversion.rows.map((row) => [row.month, row]))
  const cancelled = new Map(cancellations.rows.map((row) => [row.month, row.count]))
  const stateAt = new Map(states.rows.map((row) => [`${row.server}:${row.hour}`, row.status]))
  return {
    revenueByDay: days.map((day) => ({ day, kopecks: byDay.get(day) ?? 0 })),
    revenueByMonth: months.map((month) => ({ month, kopecks: byMonth.get(month) ?? 0 })),
    conversion: months.slice(-6).map((month) => ({ month, trials: trials.get(month)?.trials ?? 0, paid: trials.get(month)?.paid ?? 0 })),
    cancellations: months.map((month) => ({ month, count: cancelled.get(month) ?? 0 })),
    subscribers: figures.rows.map(({ day, active, trialing }) => ({ day, active, trialing })),
    keys: figures.rows.map(({ day, listed, failing }) => ({ day, listed: { ...emptyByProtocol(), ...listed }, failing: { ...emptyByProtocol(), ...failing } })),
    servers: servers.docs.map((server) => ({
      id: server.id,
      name: server.name,
      hours: Array.from({ length: SERVER_HOURS }, (_, index) => stateAt.get(`${server.id}:${hourNow - SERVER_HOURS + 1 + index}`) ?? null),
    })),
  }
}

/**
 * Writes down this hour's figures (the recordFigures job): the day's subscribers and free keys (the last record of a
 * day stands for it). Records older than the charts show are dropped.
 */
export async function recordFigures(payload: Payload, now: Date = new Date()): Promise<{ active: number; trialing: number }> {
  const pool = sqlPool(payload)
  const [day] = lastDays(now, 1)
  const hour = Math.floor(now.getTime() / 3_600_000)
  const [subscriptions, listed, failing] = await Promise.all([
    pool.query<{ active: number; trialing: number }>(
      `SELECT count(*) FILTER (WHERE status = 'active')::int AS active, count(*) FILTER (WHERE status = 'trialing')::int AS trialing FROM subscriptions`,
    ),
    pool.query<{ protocol: ListedProtocol; keys: number }>(`SELECT protocol::text AS protocol, sum(keys)::int AS keys FROM key_listing WHERE expires_at > $1 GROUP BY 1`, [now.toISOString()]),
    pool.query<{ protocol: ListedProtocol; keys: number }>(
      `SELECT protocol::text AS protocol, count(*)::int AS keys FROM keys
       WHERE tier = 'free' AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $1) AND liveness_failures >= $2 GROUP BY 1`,
      [now.toISOString(), HIDE_KEY_AFTER_FAILED_CHECKS],
    ),
  ])
  const byProtocol = (rows: { protocol: ListedProtocol; keys: number }[]) => ({ ...emptyByProtocol(), ...Object.fromEntries(rows.map((row) => [row.protocol, row.keys])) })
  const { active, trialing } = subscriptions.rows[0] ?? { active: 0, trialing: 0 }
  await pool.query(
    `INSERT INTO daily_figures (day, active, trialing, listed, failing) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (day) DO UPDATE SET active = excluded.active, trialing = excluded.trialing, listed = excluded.listed, failing = excluded.failing`,
    [day, active, trialing, JSON.stringify(byProtocol(listed.rows)), JSON.stringify(byProtocol(failing.rows))],
  )
  await pool.query(`DELETE FROM server_hours WHERE hour <= $1`, [hour - 30 * 24])
  await pool.query(`DELETE FROM daily_figures WHERE day < $1::date - 800`, [day])
  return { active, trialing }
}

/** A server's health check, counted for its hour: one check down in the hour makes the hour down. */
export async function recordServerHour(payload: Payload, serverId: number, status: ServerState, now: Date): Promise<void> {
  await (sqlPool(payload)).query(
    `INSERT INTO server_hours (server_id, hour, status) VALUES ($1, $2, $3)
     ON CONFLICT (server_id, hour) DO UPDATE SET status = CASE WHEN server_hours.status = 'down' THEN 'down' WHEN excluded.status = 'unknown' THEN server_hours.status ELSE excluded.status END`,
    [serverId, Math.floor(now.getTime() / 3_600_000), status],
  )
}
