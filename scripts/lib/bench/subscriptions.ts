// The endpoint every subscriber's every app polls: the personal subscription URL, with the database grown to
// 10,000 subscribers of 10 device keys each, side by side with a static file from the same Node in one run; then
// the cost of an unchanged poll (If-None-Match with the current tag: 304), and the free feeds every app of a visitor
// polls (copies of Next.js's answer for half a second: src/server/feedMicrocache.ts; only their renders spend the
// address's allowance).
import pg from 'pg'

import { feedToken } from '../../../src/lib/feeds/personalToken'

import { fixed, heading, kilobytes, table } from './format'
import { loadTest, pageShortfalls } from './load'
import type { LoadResult, LoadSettings } from './load'
import type { BenchOptions } from './options'
import type { Target } from './targets'
import { verdict } from './targets'

export const SUBSCRIBERS = 10_000
export const KEYS_PER_SUBSCRIBER = 10
const EMAIL_DOMAIN = 'bench-subscribers.example'
/** At least this share of the static file's rate; p99 at most this many times the static file's. */
const MIN_SHARE = 0.3
const MAX_P99_RATIO = 2
/** Happ asks for base64 share links; sing-box and Mihomo for their formats (src/lib/feeds/clients.ts). */
const FORMATS = [
  { name: 'base64 (Happ)', suffix: '', agent: 'Happ/3.4.1' },
  { name: 'Mihomo YAML', suffix: '/clash', agent: 'clash-verge/v2.0.3' },
  { name: 'sing-box JSON', suffix: '/singbox', agent: 'SFA/1.11.0 (sing-box 1.11.0)' },
] as const
/** Free feeds: all keys as a Happ app asks, one country's list as a Clash app does. */
const FREE_FEEDS = [
  { name: 'all keys, base64 (Happ)', path: '/api/feed/all', agent: 'Happ/3.4.1' },
  { name: 'Germany, Mihomo YAML', path: '/api/feed/de/clash', agent: 'clash-verge/v2.0.3' },
] as const
export const SUBSCRIPTION_TARGETS = [...FORMATS.map((format) => `subscription ${format.name}`), 'subscription 304', ...FREE_FEEDS.map((feed) => `free feed ${feed.name}`)]

/** Adds the bench's subscribers (users, active subscriptions, VIP device keys copied from a free key) once. */
async function growSubscribers(client: pg.Client): Promise<{ userId: number; nonce: string }> {
  const existing = await client.query<{ id: number; nonce: string }>(
    `SELECT id, subscription_url_nonce AS nonce FROM users WHERE email LIKE $1 ORDER BY id LIMIT 1`,
    [`%@${EMAIL_DOMAIN}`],
  )
  if (existing.rows[0]) return { userId: existing.rows[0].id, nonce: existing.rows[0].nonce }
  await client.query('BEGIN')
  const users = await client.query<{ id: number }>(
    `INSERT INTO users (email, role, locale, subscription_url_nonce)
     SELECT 'subscriber-' || n || '@${EMAIL_DOMAIN}', 'customer', 'ru', md5('bench-' || n) FROM generate_series(1, $1::int) n RETURNING id`,
    [SUBSCRIBERS],
  )
  const tariff = (await client.query<{ id: number }>('SELECT id FROM tariffs ORDER BY id LIMIT 1')).rows[0]!.id
  await client.query(
    `INSERT INTO subscriptions (user_id, tariff_id, status, current_period_end, title)
     SELECT id, $2, 'active', now() + interval '20 days', email FROM users WHERE email LIKE $1`,
    [`%@${EMAIL_DOMAIN}`, tariff],
  )
  // Each subscriber's ten device keys: copies of a current free VLESS key, made theirs.
  const columns = (await client.query<{ column_name: string }>("SELECT column_name FROM information_schema.columns WHERE table_name = 'keys' AND column_name <> 'id' ORDER BY ordinal_position")).rows.map(
    (row) => row.column_name,
  )
  const override: Record<string, string> = { owner_id: 'u.id', tier: `'vip'`, title: `'bench device key'`, device_label: `'Device ' || n`, expires_at: 'NULL', revoked_at: 'NULL' }
  const values = columns.map((name) => override[name] ?? `k."${name}"`).join(', ')
  await client.query(
    `INSERT INTO keys (${columns.map((name) => `"${name}"`).join(', ')})
     SELECT ${values} FROM users u CROSS JOIN generate_series(1, $2::int) n
     CROSS JOIN (SELECT * FROM keys WHERE tier = 'free' AND protocol = 'vless' AND key_string IS NOT NULL ORDER BY id LIMIT 1) k
     WHERE u.email LIKE $1`,
    [`%@${EMAIL_DOMAIN}`, KEYS_PER_SUBSCRIBER],
  )
  await client.query('COMMIT')
  await client.query('ANALYZE users; ANALYZE subscriptions; ANALYZE keys')
  const first = users.rows[Math.floor(users.rows.length / 2)]!.id
  const nonce = (await client.query<{ nonce: string }>('SELECT subscription_url_nonce AS nonce FROM users WHERE id = $1', [first])).rows[0]!.nonce
  return { userId: first, nonce }
}

function row(name: string, result: LoadResult, baseline: LoadResult, status: string): string[] {
  return [name, fixed(result.rps), `${fixed((result.rps / baseline.rps) * 100)} %`, String(result.p50), String(result.p99), kilobytes(result.bytes), result.otherStatuses || '-', status]
}

export async function subscriptionsSection({ baseUrl, databaseUrl, secret }: { baseUrl: string; databaseUrl: string; secret: string }, options: BenchOptions): Promise<Target[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { userId, nonce } = await growSubscribers(client)
    const counts = (await client.query<{ users: string; keys: string }>(`SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM keys WHERE tier = 'vip') AS keys`)).rows[0]!
    console.info(heading(`Subscriptions straight to Node: ${counts.users} users, ${counts.keys} VIP keys; ${options.connections} connections × ${options.durationSeconds} s per URL`))
    const path = `/api/subscription/${userId}/${feedToken(secret, userId, nonce)}`
    const settings = (agent: string, extra: Record<string, string> = {}): LoadSettings => ({
      baseUrl,
      headers: { 'user-agent': agent, ...extra },
      connections: options.connections,
      durationSeconds: options.durationSeconds,
    })
    const baseline = await loadTest('/bench.txt', settings('Happ/3.4.1'))
    const rows = [row('/bench.txt (baseline)', baseline, baseline, 'baseline')]
    const targets: Target[] = []
    const notes: string[] = []
    const limits = { minShareOfStatic: MIN_SHARE, maxP99Ms: Math.max(baseline.p99 * MAX_P99_RATIO, 1) }
    for (const format of FORMATS) {
      const result = await loadTest(`${path}${format.suffix}`, settings(format.agent))
      const shortfalls = pageShortfalls(result, baseline.rps, limits)
      rows.push(row(`personal URL, ${format.name}`, result, baseline, verdict(shortfalls.length === 0)))
      if (shortfalls.length > 0) notes.push(`  ${format.name}: ${shortfalls.join('; ')}`)
      targets.push({ name: `subscription ${format.name}`, met: shortfalls.length === 0 })
    }
    // An app polling an unchanged subscription with the tag it was given.
    const tag = (await fetch(new URL(path, baseUrl), { headers: { 'user-agent': 'Happ/3.4.1' } })).headers.get('etag')
    const unchanged = await loadTest(path, settings('Happ/3.4.1', tag ? { 'if-none-match': tag } : {}))
    // Every answer a 304 (the warm-up's statuses tell; wrk counts answers of 400 and above as non-2xx too).
    const only304 = tag !== null && /^304×\d+$/.test(unchanged.otherStatuses) && unchanged.non2xx === Number(unchanged.otherStatuses.slice(4)) && unchanged.errors === 0
    const met304 = only304 && unchanged.rps / baseline.rps >= MIN_SHARE
    rows.push(row('personal URL, unchanged (304)', unchanged, baseline, verdict(met304)))
    if (!met304) notes.push(`  304: ${tag ? `answers ${unchanged.otherStatuses || '2xx'}` : 'no ETag'}, ${fixed((unchanged.rps / baseline.rps) * 100)} % of static`)
    targets.push({ name: 'subscription 304', met: met304 })
    for (const feed of FREE_FEEDS) {
      const result = await loadTest(feed.path, settings(feed.agent))
      const shortfalls = pageShortfalls(result, baseline.rps, limits)
      rows.push(row(`free feed, ${feed.name}`, result, baseline, verdict(shortfalls.length === 0)))
      if (shortfalls.length > 0) notes.push(`  free feed ${feed.name}: ${shortfalls.join('; ')}`)
      targets.push({ name: `free feed ${feed.name}`, met: shortfalls.length === 0 })
    }
    console.info(table(['URL', 'req/s', '% static', 'p50 ms', 'p99 ms', 'size', 'other statuses', 'result'], rows, ['left', 'right', 'right', 'right', 'right', 'right', 'left', 'left']))
    console.info(`Targets: ≥ ${MIN_SHARE * 100} % of the static file's req/s, p99 ≤ ${MAX_P99_RATIO}× its p99 (${fixed(limits.maxP99Ms)} ms); unchanged polls answered 304`)
    if (notes.length > 0) console.info(['Misses:', ...notes].join('\n'))
    return targets
  } finally {
    await client.end()
  }
}
