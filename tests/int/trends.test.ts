// The dashboard's trends from the database: revenue by Moscow day and month (refunds subtracted), trials paid for,
// cancellations, the hourly record of subscribers and free keys, and each server's hours from its health checks.
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Subscription } from '@/payload-types'

import { createUser, testPayload } from '../helpers/payload'
import { createPromo } from '../helpers/promo'

let payload: Payload

beforeAll(async () => {
  payload = await testPayload()
})

async function subscription(): Promise<Subscription> {
  const plan = (await payload.find({ collection: 'tariffs', limit: 1, depth: 0 })).docs[0]!
  const customer = await createUser('customer')
  return payload.create({ collection: 'subscriptions', data: { user: customer.id, tariff: plan.id, status: 'active' }, depth: 0 })
}

const event = (record: Subscription, type: 'payment' | 'refund' | 'trial_started' | 'activated' | 'renewal_cancelled', occurredAt: string, amountKopecks?: number) =>
  payload.create({ collection: 'subscription-events', data: { subscription: record.id, user: record.user as number, type, occurredAt, amountKopecks }, depth: 0 })

describe('dashboard trends', () => {
  it('adds payments and takes refunds off by Moscow day and month, counts trials paid for and cancellations', async () => {
    const { siteTrends } = await import('@/lib/admin/trends')
    const now = new Date('2031-03-15T12:00:00Z')
    const before = await siteTrends(payload, now)
    const day = (date: string) => before.revenueByDay.find((entry) => entry.day === date)?.kopecks ?? 0
    const a = await subscription()
    const b = await subscription()
    // 21:30 UTC on 10 March is 11 March in Moscow.
    await event(a, 'payment', '2031-03-10T21:30:00Z', 29_900)
    await event(b, 'payment', '2031-03-11T09:00:00Z', 79_900)
    await event(b, 'refund', '2031-03-11T10:00:00Z', 10_000)
    await event(a, 'payment', '2031-02-03T10:00:00Z', 29_900)
    await event(a, 'trial_started', '2031-02-01T10:00:00Z')
    await event(a, 'activated', '2031-02-11T10:00:00Z')
    await event(b, 'trial_started', '2031-02-05T10:00:00Z')
    await event(b, 'renewal_cancelled', '2031-03-12T10:00:00Z')
    const after = await siteTrends(payload, now)
    expect(after.revenueByDay).toHaveLength(30)
    expect(after.revenueByDay.at(-1)!.day).toBe('2031-03-15')
    expect(after.revenueByDay.find((entry) => entry.day === '2031-03-11')!.kopecks - day('2031-03-11')).toBe(29_900 + 79_900 - 10_000)
    expect(after.revenueByDay.find((entry) => entry.day === '2031-03-10')!.kopecks - day('2031-03-10')).toBe(0)
    const month = (trends: typeof after, name: string) => trends.revenueByMonth.find((entry) => entry.month === name)!.kopecks
    expect(month(after, '2031-03') - month(before, '2031-03')).toBe(99_800)
    expect(month(after, '2031-02') - month(before, '2031-02')).toBe(29_900)
    const february = (trends: typeof after) => trends.conversion.find((entry) => entry.month === '2031-02')!
    expect({ trials: february(after).trials - february(before).trials, paid: february(after).paid - february(before).paid }).toEqual({ trials: 2, paid: 1 })
    const cancelled = (trends: typeof after) => trends.cancellations.find((entry) => entry.month === '2031-03')!.count
    expect(cancelled(after) - cancelled(before)).toBe(1)
  })

  it('counts each promo code’s uses and money, and the last 30 days’ revenue with and without a code', async () => {
    const { growthFigures } = await import('@/lib/admin/growth')
    const now = new Date('2032-06-15T12:00:00Z')
    const before = await growthFigures(payload, now)
    const promo = await createPromo(payload, { kind: 'percent', percentOff: 10 })
    const bought = await payload.update({ collection: 'subscriptions', id: (await subscription()).id, data: { promo: { code: promo.id, discountKopecks: 2_990 } }, depth: 0 })
    const plain = await subscription()
    await event(bought, 'payment', '2032-06-10T10:00:00Z', 26_910)
    await event(bought, 'refund', '2032-06-11T10:00:00Z', 6_910)
    await event(plain, 'payment', '2032-06-12T10:00:00Z', 29_900)
    // Older than 30 days: counted for the code, not in the month's split.
    await event(bought, 'payment', '2032-04-01T10:00:00Z', 29_900)
    // Every code (the database is shared with other files and runs: theirs are listed too).
    const after = await growthFigures(payload, now, { limit: 100_000 })
    expect(after.codes.find((code) => code.id === promo.id)).toEqual({ id: promo.id, code: promo.code, active: true, uses: 1, revenueKopecks: 26_910 - 6_910 + 29_900 })
    expect(after.revenue30.withCode - before.revenue30.withCode).toBe(20_000)
    expect(after.revenue30.withoutCode - before.revenue30.withoutCode).toBe(29_900)

    // Referrals: one rewarded, one refused as the referrer's own account, one taken back after a refund.
    const friends = await Promise.all([createUser('customer'), createUser('customer'), createUser('customer'), createUser('customer')])
    const made: number[] = []
    for (const [friend, status] of [[friends[1]!, 'rewarded'], [friends[2]!, 'refused'], [friends[3]!, 'revoked']] as const) {
      made.push((await payload.create({ collection: 'referrals', data: { referrer: friends[0]!.id, friend: friend.id, status }, depth: 0 })).id)
    }
    // Made in this test's month (other files' referrals, made today, are not in it).
    const { sqlPool } = await import('@/lib/db/pool')
    await sqlPool(payload).query('UPDATE referrals SET created_at = $1 WHERE id = ANY($2)', ['2032-06-01T10:00:00Z', made])
    const counted = (await growthFigures(payload, now)).referrals
    expect({
      friends: counted.friends - after.referrals.friends,
      rewarded: counted.rewarded - after.referrals.rewarded,
      refused: counted.refused - after.referrals.refused,
      revoked: counted.revoked - after.referrals.revoked,
    }).toEqual({ friends: 3, rewarded: 1, refused: 1, revoked: 1 })

    // Gifts paid in the month: two sold, one redeemed since, none voided.
    const tariff = (await payload.find({ collection: 'tariffs', limit: 1, depth: 0 })).docs[0]!
    for (const status of ['paid', 'redeemed'] as const) {
      await payload.create({ collection: 'gifts', data: { status, tariff: tariff.id, months: 1, amountKopecks: 29_900, buyerEmail: 'giver@mail.example.com', paidAt: '2032-06-02T10:00:00Z' }, depth: 0 })
    }
    expect((await growthFigures(payload, now)).gifts.sold - after.gifts.sold).toBe(2)
    expect((await growthFigures(payload, now)).gifts.redeemed - after.gifts.redeemed).toBe(1)
  })

  it('records the day’s subscribers and free keys each hour, and a server’s hour as down when one check in it was', async () => {
    const { recordFigures, recordServerHour, siteTrends } = await import('@/lib/admin/trends')
    const now = new Date()
    const recorded = await recordFigures(payload, now)
    const trends = await siteTrends(payload, now)
    const today = trends.subscribers.at(-1)!
    expect(today).toMatchObject({ active: recorded.active, trialing: recorded.trialing })
    const { countListedKeys } = await import('@/lib/data/keyListing')
    expect(trends.keys.at(-1)!.listed.vless).toBe(await countListedKeys(payload, { protocol: 'vless' }, now))

    const server = trends.servers[0]!
    await recordServerHour(payload, server.id, 'up', now)
    await recordServerHour(payload, server.id, 'down', now)
    await recordServerHour(payload, server.id, 'up', now)
    const hourAgo = new Date(now.getTime() - 3_600_000)
    await recordServerHour(payload, server.id, 'up', hourAgo)
    const strip = (await siteTrends(payload, now)).servers.find((entry) => entry.id === server.id)!
    expect(strip.hours).toHaveLength(7 * 24)
    expect(strip.hours.slice(-2)).toEqual(['up', 'down'])
  })

  it('the health check writes each server’s hour', async () => {
    const { checkAllServers } = await import('@/lib/provisioning/health')
    const { siteTrends } = await import('@/lib/admin/trends')
    const now = new Date(Date.now() + 3 * 3_600_000)
    await checkAllServers(payload, now)
    const demo = (await payload.find({ collection: 'servers', where: { and: [{ adapter: { equals: 'demo' } }, { enabled: { equals: true } }] }, limit: 1, depth: 0 })).docs[0]
    expect(demo, 'the seed’s demo servers').toBeDefined()
    expect((await siteTrends(payload, now)).servers.find((entry) => entry.id === demo!.id)!.hours.at(-1)).toBe('up')
  })

  it('the first day’s checklist counts the legal pages once staff have saved each, not as the templates made them', async () => {
    const { firstDayChecklist } = await import('@/lib/admin/overview')
    const legal = (await payload.find({ collection: 'pages', where: { slug: { in: ['privacy', 'user-agreement', 'support'] } }, pagination: false, depth: 0 })).docs
    expect(legal).toHaveLength(3)
    const ids = legal.map((page) => page.id)
    // As the site made them from its templates: saved by nobody (a save by a script keeps the last staff name).
    const { rows: before } = await payload.db.pool.query<{ id: number; edited_by_id: number | null }>('SELECT id, edited_by_id FROM pages WHERE id = ANY($1)', [ids])
    await payload.db.pool.query('UPDATE pages SET edited_by_id = NULL WHERE id = ANY($1)', [ids])
    const { createUser } = await import('../helpers/payload')
    const editor = await createUser('editor')
    try {
      expect((await firstDayChecklist(payload)).pages).toBe(false)
      // A staff member saves two of them: not yet.
      for (const page of legal.slice(0, 2)) await payload.update({ collection: 'pages', id: page.id, data: {}, depth: 0, user: editor, context: { disableRevalidate: true } })
      expect((await firstDayChecklist(payload)).pages).toBe(false)
      await payload.update({ collection: 'pages', id: legal[2]!.id, data: {}, depth: 0, user: editor, context: { disableRevalidate: true } })
      expect((await firstDayChecklist(payload)).pages).toBe(true)
    } finally {
      for (const row of before) await payload.db.pool.query('UPDATE pages SET edited_by_id = $2 WHERE id = $1', [row.id, row.edited_by_id])
    }
  })

  it('the first day’s checklist counts a plan only while it is on sale', async () => {
    const { firstDayChecklist } = await import('@/lib/admin/overview')
    const onSale = (await payload.find({ collection: 'tariffs', where: { active: { equals: true } }, pagination: false, depth: 0 })).docs
    expect(onSale.length).toBeGreaterThan(0)
    expect((await firstDayChecklist(payload)).plans).toBe(true)
    try {
      for (const plan of onSale) await payload.update({ collection: 'tariffs', id: plan.id, data: { active: false }, depth: 0, context: { disableRevalidate: true } })
      expect((await firstDayChecklist(payload)).plans).toBe(false)
    } finally {
      for (const plan of onSale) await payload.update({ collection: 'tariffs', id: plan.id, data: { active: true }, depth: 0, context: { disableRevalidate: true } })
    }
  })
})
