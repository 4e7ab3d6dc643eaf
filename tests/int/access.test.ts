// Access rules: what visitors, customers, editors and admins may read through the Local API.
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { Users } from '@collections/Users'
import type { Key, PromoCode, Server, User } from '@/payload-types'

import { createUser, testPayload } from '../helpers/payload'

let payload: Payload
let server: Server
let customerA: User
let customerB: User
let editor: User
let admin: User

async function createKey(data: Partial<Key>): Promise<Key> {
  return payload.create({
    collection: 'keys',
    data: { server: server.id, protocol: 'vless', tier: 'free', keyString: 'vless://test', ...data },
  })
}

beforeAll(async () => {
  payload = await testPayload()
  const country = await payload.find({ collection: 'countries', where: { code: { equals: 'de' } }, limit: 1 })
  server = await payload.create({
    collection: 'servers',
    data: {
      name: 'access-test',
      country: country.docs[0]!.id,
      hosting: 'Test hosting',
      host: 'access.test.example',
      tier: 'free',
      adapter: 'outline',
      credentials: { apiUrl: 'https://secret-api.example/XYZ', password: 'server-secret-password' },
    },
  })
  ;[customerA, customerB, editor, admin] = await Promise.all([
    createUser('customer'),
    createUser('customer'),
    createUser('editor'),
    createUser('admin'),
  ])
})

describe('server credentials', () => {
  it('are hidden from anonymous visitors, customers and editors', async () => {
    for (const user of [undefined, customerA, editor]) {
      const found = await payload.findByID({ collection: 'servers', id: server.id, overrideAccess: false, user })
      expect(found.host).toBe('access.test.example')
      expect(JSON.stringify(found)).not.toContain('server-secret-password')
      expect(found.credentials).toBeUndefined()
    }
  })

  it('are readable by admins', async () => {
    const found = await payload.findByID({ collection: 'servers', id: server.id, overrideAccess: false, user: admin })
    expect(found.credentials?.password).toBe('server-secret-password')
  })

  it('cannot be changed by an editor', async () => {
    await payload.update({
      collection: 'servers',
      id: server.id,
      overrideAccess: false,
      user: editor,
      data: { credentials: { password: 'changed-by-editor' } },
    })
    const found = await payload.findByID({ collection: 'servers', id: server.id })
    expect(found.credentials?.password).toBe('server-secret-password')
  })
})

describe('keys', () => {
  it('anonymous visitors see only current free keys', async () => {
    const current = await createKey({ expiresAt: new Date(Date.now() + 3_600_000).toISOString() })
    const unlimited = await createKey({ expiresAt: null })
    const expired = await createKey({ expiresAt: new Date(Date.now() - 60_000).toISOString() })
    const revoked = await createKey({ revokedAt: new Date().toISOString() })
    const vip = await createKey({ tier: 'vip', owner: customerA.id })
    const visible = await payload.find({
      collection: 'keys',
      overrideAccess: false,
      where: { server: { equals: server.id } },
      pagination: false,
    })
    const ids = visible.docs.map((doc) => doc.id)
    expect(ids).toEqual(expect.arrayContaining([current.id, unlimited.id]))
    expect(ids).not.toContain(expired.id)
    expect(ids).not.toContain(revoked.id)
    expect(ids).not.toContain(vip.id)
  })

  it("a customer sees their own VIP keys and never another user's", async () => {
    const own = await createKey({ tier: 'vip', owner: customerA.id, deviceLabel: 'phone' })
    const other = await createKey({ tier: 'vip', owner: customerB.id, deviceLabel: 'laptop' })
    const visible = await payload.find({ collection: 'keys', overrideAccess: false, user: customerA, pagination: false, where: { tier: { equals: 'vip' } } })
    const ids = visible.docs.map((doc) => doc.id)
    expect(ids).toContain(own.id)
    expect(ids).not.toContain(other.id)
    await expect(payload.findByID({ collection: 'keys', id: other.id, overrideAccess: false, user: customerA })).rejects.toThrow()
  })

  it('visitors and customers cannot create keys', async () => {
    for (const user of [undefined, customerA]) {
      await expect(
        payload.create({ collection: 'keys', overrideAccess: false, user, data: { server: server.id, protocol: 'vless', tier: 'free' } }),
      ).rejects.toThrow()
    }
  })
})

describe('per-user records', () => {
  it("a customer reads only their own user document and subscriptions", async () => {
    const tariff = await payload.find({ collection: 'tariffs', limit: 1 })
    const subscriptionB = await payload.create({
      collection: 'subscriptions',
      data: { user: customerB.id, tariff: tariff.docs[0]!.id, status: 'active' },
    })
    const users = await payload.find({ collection: 'users', overrideAccess: false, user: customerA, pagination: false })
    expect(users.docs.map((doc) => doc.id)).toEqual([customerA.id])
    const subscriptions = await payload.find({ collection: 'subscriptions', overrideAccess: false, user: customerA })
    expect(subscriptions.docs.map((doc) => doc.id)).not.toContain(subscriptionB.id)
    const own = await payload.find({ collection: 'subscriptions', overrideAccess: false, user: customerB })
    expect(own.docs.map((doc) => doc.id)).toContain(subscriptionB.id)
  })

  it('anonymous visitors cannot read users, subscriptions, devices, tokens or provider events', async () => {
    for (const collection of ['users', 'subscriptions', 'subscription-events', 'devices', 'auth-tokens', 'provider-events', 'incidents', 'probes'] as const) {
      await expect(payload.find({ collection, overrideAccess: false })).rejects.toThrow()
    }
  })

  it('a customer cannot make themselves an admin', async () => {
    await payload.update({ collection: 'users', id: customerA.id, overrideAccess: false, user: customerA, data: { role: 'admin' } })
    const reread = await payload.findByID({ collection: 'users', id: customerA.id })
    expect(reread.role).toBe('customer')
  })

  it('only editors and admins may enter /admin', async () => {
    const canEnter = Users.access?.admin
    expect(canEnter).toBeTypeOf('function')
    const check = (user: User) => canEnter!({ req: { user } } as Parameters<NonNullable<typeof canEnter>>[0])
    expect(await check(customerA)).toBe(false)
    expect(await check(editor)).toBe(true)
    expect(await check(admin)).toBe(true)
  })
})

describe('public content', () => {
  it('inactive tariffs are hidden from visitors', async () => {
    const tariff = (await payload.find({ collection: 'tariffs', where: { months: { equals: '12' } }, limit: 1 })).docs[0]!
    await payload.update({ collection: 'tariffs', id: tariff.id, data: { active: false } })
    const visible = await payload.find({ collection: 'tariffs', overrideAccess: false, pagination: false })
    expect(visible.docs.map((doc) => doc.id)).not.toContain(tariff.id)
    expect(visible.docs).toHaveLength(3)
    await payload.update({ collection: 'tariffs', id: tariff.id, data: { active: true } })
  })

  it('unpublished pages are hidden from visitors but not from editors', async () => {
    const page = (await payload.find({ collection: 'pages', where: { slug: { equals: 'support' } }, limit: 1 })).docs[0]!
    await payload.update({ collection: 'pages', id: page.id, data: { _status: 'draft' } })
    const anonymous = await payload.find({ collection: 'pages', overrideAccess: false, where: { slug: { equals: 'support' } } })
    expect(anonymous.docs).toHaveLength(0)
    const asEditor = await payload.find({ collection: 'pages', overrideAccess: false, user: editor, draft: true, where: { slug: { equals: 'support' } } })
    expect(asEditor.docs).toHaveLength(1)
    await payload.update({ collection: 'pages', id: page.id, data: { _status: 'published' } })
  })
})

describe('promo codes', () => {
  it('are staff’s: visitors and customers neither list, read, make nor change one; a subscriber does not see or set the code on their subscription', async () => {
    const code = await payload.create({ collection: 'promo-codes', data: { code: `ACCESS${Date.now()}`, kind: 'percent', percentOff: 50 }, depth: 0 })
    for (const user of [undefined, customerA]) {
      await expect(payload.find({ collection: 'promo-codes', overrideAccess: false, user })).rejects.toThrow()
      await expect(payload.findByID({ collection: 'promo-codes', id: code.id, overrideAccess: false, user })).rejects.toThrow()
      await expect(payload.create({ collection: 'promo-codes', overrideAccess: false, user, data: { code: `MINE${Date.now()}`, kind: 'percent', percentOff: 100 } })).rejects.toThrow()
      await expect(payload.update({ collection: 'promo-codes', id: code.id, overrideAccess: false, user, data: { maxUses: 1000 } })).rejects.toThrow()
    }
    expect((await payload.find({ collection: 'promo-codes', overrideAccess: false, user: editor, where: { id: { equals: code.id } } })).docs).toHaveLength(1)
    const tariff = (await payload.find({ collection: 'tariffs', limit: 1 })).docs[0]!
    const subscription = await payload.create({ collection: 'subscriptions', data: { user: customerA.id, tariff: tariff.id, status: 'active', promo: { code: code.id, discountKopecks: 500 } }, depth: 0 })
    const own = await payload.findByID({ collection: 'subscriptions', id: subscription.id, overrideAccess: false, user: customerA })
    expect(own.promo).toBeUndefined()
    await expect(payload.update({ collection: 'subscriptions', id: subscription.id, overrideAccess: false, user: customerA, data: { promo: { code: null, discountKopecks: 0 } } })).rejects.toThrow()
    // Staff may not rewrite it either: the field is the billing code's (an editor's edit of it is dropped).
    await payload.update({ collection: 'subscriptions', id: subscription.id, overrideAccess: false, user: admin, data: { promo: { code: null, discountKopecks: 0 }, trialHold: { days: 99 } } })
    const reread = await payload.findByID({ collection: 'subscriptions', id: subscription.id, depth: 0 })
    expect(reread.promo).toMatchObject({ code: code.id, discountKopecks: 500 })
    expect(reread.trialHold?.days ?? null).toBeNull()
  })

  it('referrals are read by staff only and written by nobody through the API, the Local API’s site code aside', async () => {
    const row = await payload.create({ collection: 'referrals', data: { referrer: customerA.id, friend: (await createUser('customer')).id, status: 'pending' }, depth: 0 })
    for (const user of [undefined, customerA]) {
      await expect(payload.find({ collection: 'referrals', overrideAccess: false, user })).rejects.toThrow()
      await expect(payload.findByID({ collection: 'referrals', id: row.id, overrideAccess: false, user })).rejects.toThrow()
    }
    for (const user of [customerA, editor, admin]) {
      await expect(payload.create({ collection: 'referrals', overrideAccess: false, user, data: { referrer: customerA.id, friend: customerA.id, status: 'rewarded' } })).rejects.toThrow()
      await expect(payload.update({ collection: 'referrals', id: row.id, overrideAccess: false, user, data: { status: 'rewarded', referrerDays: 90 } })).rejects.toThrow()
      await expect(payload.delete({ collection: 'referrals', id: row.id, overrideAccess: false, user })).rejects.toThrow()
    }
    expect((await payload.findByID({ collection: 'referrals', id: row.id, overrideAccess: false, user: editor })).status).toBe('pending')
  })

  it('are named on the success page only with the checkout’s signature of the plan and code: a guess there tells nothing', async () => {
    const { promoOffer, promoProof } = await import('@/lib/promo')
    const code = await payload.create({ collection: 'promo-codes', data: { code: `PROOF${Date.now()}`, kind: 'percent', percentOff: 30, active: false }, depth: 0 })
    expect(await promoOffer(payload, code.code.toLowerCase(), { plan: '1', proof: promoProof(1, code.code) })).toMatchObject({ id: code.id, offer: { kind: 'percent', percentOff: 30 } })
    for (const proof of [undefined, '', promoProof(2, code.code), promoProof(1, `${code.code}X`), 'A'.repeat(22)]) {
      expect(await promoOffer(payload, code.code, { plan: '1', proof })).toBeNull()
    }
  })

  it('are stored as buyers may type them, and an editor is told what a code may be', async () => {
    const typed = `spring-${Date.now()}`
    const made = await payload.create({ collection: 'promo-codes', data: { code: ` ${typed} `, kind: 'days', extraDays: 7 }, depth: 0 })
    expect(made.code).toBe(typed.replace('-', '').toUpperCase())
    // What the admin shows under the field (Payload's ValidationError carries each field's message).
    const refusal = (data: Partial<PromoCode>) =>
      payload.create({ collection: 'promo-codes', data: data as PromoCode }).then(
        () => null,
        (error: { data?: { errors?: { path: string; message: string }[] } }) => error.data?.errors?.map(({ path, message }) => `${path}: ${message}`),
      )
    expect(await refusal({ code: 'no', kind: 'days', extraDays: 7 })).toEqual(['code: Код — буквы и цифры, от 3 до 32 знаков (пробелы и дефисы убираются).'])
    expect(await refusal({ code: `NOVALUE${Date.now()}`, kind: 'percent' })).toEqual(['percentOff: Укажите целое число от 1 до 100.'])
    expect(await refusal({ code: `NOAMOUNT${Date.now()}`, kind: 'amount' })).toEqual([expect.stringMatching(/^amountOff: /)])
  })
})

describe('client apps', () => {
  it('anyone reads them; visitors and customers cannot add, change or remove one; an editor can', async () => {
    const apps = await payload.find({ collection: 'client-apps', overrideAccess: false, pagination: false, depth: 0 })
    // The migration that made the collection gave the site its default apps.
    expect(apps.docs.map((app) => `${app.platform}:${app.name}`)).toEqual(expect.arrayContaining(['ios:Happ', 'android:v2rayNG', 'windows:Clash Verge Rev', 'androidtv:vpn4tv']))
    const target = apps.docs[0]!
    const data = { name: 'Evil', platform: 'ios' as const, protocols: ['vless' as const], storeUrl: 'https://evil.example/app' }
    for (const user of [undefined, customerA]) {
      await expect(payload.create({ collection: 'client-apps', overrideAccess: false, user, data })).rejects.toMatchObject({ status: 403 })
      await expect(payload.update({ collection: 'client-apps', id: target.id, overrideAccess: false, user, data: { storeUrl: 'https://evil.example/app' } })).rejects.toMatchObject({ status: 403 })
      await expect(payload.delete({ collection: 'client-apps', id: target.id, overrideAccess: false, user })).rejects.toMatchObject({ status: 403 })
    }
    const created = await payload.create({ collection: 'client-apps', overrideAccess: false, user: editor, data: { ...data, name: 'Editor app', format: 'base64', importTemplate: 'editorapp://import/{url}' } })
    await payload.delete({ collection: 'client-apps', id: created.id, overrideAccess: false, user: editor })
  })

  it('refuse, in the editor’s words, a store link that is not https and an "Add" link that would run script or has no place for the address', async () => {
    const base = { name: 'Bad', platform: 'android' as const, protocols: ['vless' as const], storeUrl: 'https://example.com/app', format: 'base64' as const }
    const refusal = async (data: Record<string, unknown>) => {
      try {
        await payload.create({ collection: 'client-apps', overrideAccess: false, user: editor, data: { ...base, ...data } })
      } catch (error) {
        return JSON.stringify((error as { data?: unknown }).data)
      }
      throw new Error('accepted')
    }
    expect(await refusal({ importTemplate: 'javascript:alert(1)//{url}' })).toContain('Ссылка должна начинаться со схемы приложения')
    expect(await refusal({ importTemplate: 'happ://add/' })).toContain('В ссылке нет адреса подписки')
    expect(await refusal({ importTemplate: null })).toContain('Укажите ссылку «Добавить в приложение»')
    expect(await refusal({ importTemplate: 'happ://add/{url}', storeUrl: 'http://example.com/app' })).toContain('Ссылка должна начинаться с https://')
    expect(await refusal({ importTemplate: '{ssconf}' })).toContain('ключ Outline: он подходит только приложению')
  })
})
