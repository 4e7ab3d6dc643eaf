// A subscriber is told when staff change their VIP keys (src/lib/vip/keyChangeNotices.ts): once per burst of changes,
// after the keys have settled; nothing for a save that changed nothing, a free key, or a key already revoked.
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { User } from '@/payload-types'

import { vipServerId } from '../helpers/billing'
import { workerDoubles } from '../helpers/intDoubles'
import { createUser, testPayload } from '../helpers/payload'

let payload: Payload
let server: number

beforeAll(async () => {
  payload = await testPayload()
  server = await vipServerId({ payload })
})

const SUBJECT = 'VIP-ключи на сайте VPN ключи обновлены'

async function vipKey(owner: User, keyString: string) {
  return payload.create({ collection: 'keys', data: { server, protocol: 'vless', tier: 'vip', owner: owner.id, deviceLabel: 'Phone', keyString }, depth: 0 })
}

async function noticesTo(email: string, since: number) {
  const { smtp } = await workerDoubles()
  return smtp.messages.slice(since).filter((mail) => mail.to.includes(email) && mail.subject === SUBJECT)
}

describe('the notice when staff change VIP keys', () => {
  it('goes once for a burst of changes, after they settle, with the way to copy a key again', async () => {
    const { noticeKeyChanges } = await import('@/lib/vip/keyChangeNotices')
    const { smtp } = await workerDoubles()
    const owner = await createUser('customer')
    const first = await vipKey(owner, 'vless://11111111-2222-4333-8444-555555555555@203.0.113.20:443?security=tls#a')
    const second = await vipKey(owner, 'vless://11111111-2222-4333-8444-666666666666@203.0.113.20:443?security=tls#b')
    const before = smtp.messages.length
    // Creating keys is the subscriber's own doing: nothing to tell.
    await noticeKeyChanges(payload, new Date(Date.now() + 10 * 60_000))
    expect(await noticesTo(owner.email, before)).toEqual([])
    // Moved to another address: two keys at once.
    await payload.update({ collection: 'keys', id: first.id, data: { keyString: 'vless://11111111-2222-4333-8444-555555555555@203.0.113.21:443?security=tls#a' }, depth: 0 })
    await payload.update({ collection: 'keys', id: second.id, data: { keyString: 'vless://11111111-2222-4333-8444-666666666666@203.0.113.21:443?security=tls#b' }, depth: 0 })
    // Not yet: the keys have just changed.
    await noticeKeyChanges(payload, new Date())
    expect(await noticesTo(owner.email, before)).toEqual([])
    await noticeKeyChanges(payload, new Date(Date.now() + 3 * 60_000))
    await smtp.latestTo(owner.email, before)
    const [notice, ...more] = await noticesTo(owner.email, before)
    expect(more).toEqual([])
    expect(notice!.text).toContain('/profile/servers')
    // A save that changes nothing, a label: no notice.
    await payload.update({ collection: 'keys', id: first.id, data: { deviceLabel: 'Laptop' }, depth: 0 })
    const later = smtp.messages.length
    await noticeKeyChanges(payload, new Date(Date.now() + 10 * 60_000))
    expect(await noticesTo(owner.email, later)).toEqual([])
  })

  it('goes when a live VIP key is removed, and not for a free key', async () => {
    const { noticeKeyChanges } = await import('@/lib/vip/keyChangeNotices')
    const { smtp } = await workerDoubles()
    const owner = await createUser('customer')
    const key = await vipKey(owner, 'vless://11111111-2222-4333-8444-777777777777@203.0.113.22:443?security=tls#c')
    const free = await payload.create({ collection: 'keys', data: { server, protocol: 'vless', tier: 'free', keyString: 'vless://11111111-2222-4333-8444-888888888888@203.0.113.22:443?security=tls#f' }, depth: 0 })
    await payload.update({ collection: 'keys', id: free.id, data: { keyString: 'vless://11111111-2222-4333-8444-888888888888@203.0.113.23:443?security=tls#f' }, depth: 0 })
    const before = smtp.messages.length
    await payload.delete({ collection: 'keys', id: key.id, depth: 0 })
    await noticeKeyChanges(payload, new Date(Date.now() + 3 * 60_000))
    await smtp.latestTo(owner.email, before)
    expect(await noticesTo(owner.email, before)).toHaveLength(1)
  })

  it('is noted with the change itself: a change rolled back tells no one', async () => {
    const { withTransaction } = await import('@/lib/db/transaction')
    const owner = await createUser('customer')
    const key = await vipKey(owner, 'vless://11111111-2222-4333-8444-999999999999@203.0.113.24:443?security=tls#d')
    const noted = async () => (await payload.db.pool.query('SELECT 1 FROM vip_keys_changed WHERE user_id = $1 AND noticed_at IS NULL', [owner.id])).rowCount
    await expect(
      withTransaction(payload, `test-rollback-${key.id}`, async (req) => {
        await payload.update({ collection: 'keys', id: key.id, data: { keyString: 'vless://11111111-2222-4333-8444-999999999999@203.0.113.25:443?security=tls#d' }, depth: 0, req })
        throw new Error('the editor’s save failed later')
      }),
    ).rejects.toThrow('the editor’s save failed later')
    expect(await noted()).toBe(0)
    await payload.update({ collection: 'keys', id: key.id, data: { keyString: 'vless://11111111-2222-4333-8444-999999999999@203.0.113.26:443?security=tls#d' }, depth: 0 })
    expect(await noted()).toBe(1)
  })
})
