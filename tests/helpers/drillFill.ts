// Fills a database for the backup and restore drill with what a running site holds beside the demo seed: a subscriber
// with a paid subscription, its history and a key for a device. Run as a child process with DATABASE_URL and
// PAYLOAD_SECRET set; prints what the drill checks after the restore, as JSON.
import { randomBytes } from 'node:crypto'

import config from '@payload-config'
import { getPayload } from 'payload'

import { createFirstDeviceKey } from '@/lib/vip/deviceKeys'
import { personalFeedPath } from '@/lib/feeds/personalUrl'

const email = process.argv[2] ?? 'drill-subscriber@mail.example'
const payload = await getPayload({ config })
const user = await payload.create({ collection: 'users', data: { email, password: randomBytes(24).toString('hex'), role: 'customer', emailVerified: true, locale: 'ru' }, depth: 0 })
const plan = (await payload.find({ collection: 'tariffs', limit: 1, depth: 0, sort: 'months' })).docs[0]!
const paidAt = new Date()
const subscription = await payload.create({
  collection: 'subscriptions',
  data: { user: user.id, tariff: plan.id, status: 'active', currentPeriodEnd: new Date(paidAt.getTime() + 30 * 86_400_000).toISOString() },
  depth: 0,
})
await payload.create({ collection: 'subscription-events', data: { subscription: subscription.id, user: user.id, type: 'activated', amountKopecks: 29_900, occurredAt: paidAt.toISOString() }, depth: 0 })
const keyId = await createFirstDeviceKey(payload, user, { locale: 'ru', device: 'Drill phone' })
if (keyId === null) throw new Error('No VIP server issued the drill’s device key')
process.stdout.write(`${JSON.stringify({ userId: user.id, subscriptionId: subscription.id, keyId, path: await personalFeedPath(payload, user.id) })}\n`)
await payload.destroy()
process.exit(0)
