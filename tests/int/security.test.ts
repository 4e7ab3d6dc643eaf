// The holes a signed-in customer (or an editor) could use, closed at the access layer that REST, GraphQL and
// the Local API share; the same attacks over HTTP are in tests/e2e/security.spec.ts.
import { createServer } from 'node:net'
import type { Server as NetServer } from 'node:net'

import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Server, User } from '@/payload-types'

import { createUser, testPayload } from '../helpers/payload'

const FORBIDDEN = { status: 403 }

let payload: Payload
let customer: User
let editor: User
let admin: User
let countryId: number

beforeAll(async () => {
  payload = await testPayload()
  ;[customer, editor, admin] = await Promise.all([createUser('customer'), createUser('editor'), createUser('admin')])
  countryId = (await payload.find({ collection: 'countries', where: { code: { equals: 'pl' } }, limit: 1, depth: 0 })).docs[0]!.id
})

describe('accounts', () => {
  it('a customer cannot change their own e-mail address through the API (only the confirmed flow can)', async () => {
    await payload.update({ collection: 'users', id: customer.id, overrideAccess: false, user: customer, data: { email: 'victim@mail.example' } })
    expect((await payload.findByID({ collection: 'users', id: customer.id })).email).toBe(customer.email)
    const changed = await payload.update({ collection: 'users', id: customer.id, overrideAccess: false, user: admin, data: { email: `moved-${customer.email}` } })
    expect(changed.email).toBe(`moved-${customer.email}`)
    customer = await payload.update({ collection: 'users', id: customer.id, data: { email: customer.email } })
  })

  it('only admins may unlock an account locked by wrong passwords', async () => {
    for (const user of [customer, editor]) {
      await expect(payload.unlock({ collection: 'users', data: { email: admin.email, password: '' }, overrideAccess: false, req: { user: { ...user, collection: 'users' } } })).rejects.toMatchObject(FORBIDDEN)
    }
    await expect(payload.unlock({ collection: 'users', data: { email: customer.email, password: '' }, overrideAccess: false, req: { user: { ...admin, collection: 'users' } } })).resolves.toBe(true)
  })

  it('the first admin comes from `npm run create-admin`: created, refused with a weak password, or promoted', async () => {
    const { createAdmin } = await import('@/lib/auth/createAdmin')
    const email = `owner-${Date.now()}@site.example`
    expect(await createAdmin(payload, { email, password: 'short' })).toEqual({ ok: false, error: 'passwordTooShort' })
    expect(await createAdmin(payload, { email: 'not an address', password: 'a-long-enough-password' })).toEqual({ ok: false, error: 'invalidEmail' })
    expect(await createAdmin(payload, { email: email.toUpperCase(), password: 'a-long-enough-password' })).toEqual({ ok: true, email, created: true })
    const login = await payload.login({ collection: 'users', data: { email, password: 'a-long-enough-password' } })
    expect(login.user?.role).toBe('admin')
    expect(await createAdmin(payload, { email: customer.email, password: 'another-long-password' })).toMatchObject({ ok: true, created: false })
    expect((await payload.findByID({ collection: 'users', id: customer.id })).role).toBe('admin')
    await payload.update({ collection: 'users', id: customer.id, data: { role: 'customer' } })
  })
})

describe("Payload's own collections and globals", () => {
  it('the job scheduler’s state is neither readable nor writable by visitors, customers or editors', async () => {
    for (const user of [undefined, customer, editor]) {
      await expect(payload.findGlobal({ slug: 'payload-jobs-stats', overrideAccess: false, user })).rejects.toMatchObject(FORBIDDEN)
      await expect(payload.updateGlobal({ slug: 'payload-jobs-stats', data: { stats: { broken: true } }, overrideAccess: false, user })).rejects.toMatchObject(FORBIDDEN)
    }
    await expect(payload.findGlobal({ slug: 'payload-jobs-stats', overrideAccess: false, user: admin })).resolves.toBeTruthy()
  })

  it('document locks are for the people who work in the admin panel', async () => {
    for (const user of [undefined, customer]) {
      await expect(payload.find({ collection: 'payload-locked-documents', overrideAccess: false, user })).rejects.toMatchObject(FORBIDDEN)
      await expect(
        payload.create({ collection: 'payload-locked-documents', overrideAccess: false, user, data: { globalSlug: 'site-settings', user: { relationTo: 'users', value: customer.id } } }),
      ).rejects.toMatchObject(FORBIDDEN)
    }
    await expect(payload.find({ collection: 'payload-locked-documents', overrideAccess: false, user: editor })).resolves.toBeTruthy()
  })

  it('page versions (which hold drafts) are for staff only', async () => {
    for (const user of [undefined, customer]) {
      await expect(payload.findVersions({ collection: 'pages', overrideAccess: false, user })).rejects.toMatchObject(FORBIDDEN)
    }
    expect((await payload.findVersions({ collection: 'pages', overrideAccess: false, user: editor })).totalDocs).toBeGreaterThan(0)
  })
})

describe('payments', () => {
  it('charges are for staff only; the tax setup for receipts is the admin’s; a customer changes nothing of their subscription', async () => {
    const subscription = await payload.create({
      collection: 'subscriptions',
      data: { user: customer.id, tariff: (await payload.find({ collection: 'tariffs', limit: 1 })).docs[0]!.id, status: 'trialing', provider: { name: 'yookassa', subscriptionId: `ord_sec_${Date.now()}`, paymentMethodId: 'pm-secret' }, renewal: { amountKopecks: 29_900, months: 1 } },
    })
    const charge = await payload.create({ collection: 'charges', data: { key: `renewal:${subscription.id}:sec`, subscription: subscription.id, paymentId: 'pay-1', status: 'pending', amountKopecks: 29_900 } })
    await expect(payload.find({ collection: 'charges', overrideAccess: false })).rejects.toMatchObject(FORBIDDEN)
    await expect(payload.find({ collection: 'charges', overrideAccess: false, user: customer })).rejects.toMatchObject(FORBIDDEN)
    expect((await payload.findByID({ collection: 'charges', id: charge.id, overrideAccess: false, user: editor })).paymentId).toBe('pay-1')
    await expect(payload.update({ collection: 'charges', id: charge.id, data: { status: 'succeeded' }, overrideAccess: false, user: editor })).rejects.toMatchObject(FORBIDDEN)

    // Their own subscription: readable without the saved method's id, and not writable (renewal price, discount, method).
    const own = await payload.findByID({ collection: 'subscriptions', id: subscription.id, overrideAccess: false, user: customer })
    expect(own.provider?.paymentMethodId).toBeUndefined()
    await expect(
      payload.update({ collection: 'subscriptions', id: subscription.id, data: { renewal: { amountKopecks: 100, discountPercent: 100 } }, overrideAccess: false, user: customer }),
    ).rejects.toMatchObject(FORBIDDEN)
    // Editors may not rewrite the terms the buyer agreed to either (only extend or cancel).
    await payload.update({ collection: 'subscriptions', id: subscription.id, data: { renewal: { amountKopecks: 100, discountPercent: 100 }, provider: { paymentMethodId: 'pm-attacker' } }, overrideAccess: false, user: editor })
    const after = await payload.findByID({ collection: 'subscriptions', id: subscription.id })
    expect(after.renewal).toMatchObject({ amountKopecks: 29_900 })
    expect(after.renewal?.discountPercent ?? null).toBeNull()
    expect(after.provider?.paymentMethodId).toBe('pm-secret')

    await payload.updateGlobal({ slug: 'site-settings', data: { receipts: { enabled: true, vatCode: '4' } }, overrideAccess: false, user: editor })
    expect((await payload.findGlobal({ slug: 'site-settings' })).receipts).toMatchObject({ enabled: false })
    expect((await payload.findGlobal({ slug: 'site-settings', overrideAccess: false })).receipts).toBeUndefined()
  })
})

describe('servers', () => {
  const base = { name: 'security-test', country: 0, hosting: 'Test', tier: 'free' as const, adapter: 'manual' as const }

  it('VIP servers are listed to subscribers only, not to any registered account', async () => {
    const vipServers = async (user: User) =>
      (await payload.find({ collection: 'servers', overrideAccess: false, user, where: { tier: { equals: 'vip' } }, pagination: false })).totalDocs
    const registered = await createUser('customer')
    expect(await vipServers(registered)).toBe(0)
    const tariff = (await payload.find({ collection: 'tariffs', limit: 1, depth: 0 })).docs[0]!
    const subscription = await payload.create({ collection: 'subscriptions', data: { user: registered.id, tariff: tariff.id, status: 'active' } })
    expect(await vipServers(registered)).toBeGreaterThan(0)
    await payload.update({ collection: 'subscriptions', id: subscription.id, data: { status: 'expired' } })
    expect(await vipServers(registered)).toBe(0)
  })

  it('refuses an internal host from an editor, and accepts it when an admin marks the server as on a private network', async () => {
    for (const host of ['127.0.0.1', 'localhost', '10.1.2.3', '192.168.0.10', '169.254.169.254', '::1', '[::1]', '::ffff:127.0.0.1', 'fd00::1', '100.64.0.1']) {
      await expect(
        payload.create({ collection: 'servers', overrideAccess: false, user: editor, data: { ...base, country: countryId, host, privateNetwork: true } }),
        host,
      ).rejects.toMatchObject({ data: { errors: [expect.objectContaining({ path: 'host', message: expect.stringMatching(/internal address/) })] } })
    }
    const allowed = await payload.create({
      collection: 'servers',
      overrideAccess: false,
      user: admin,
      data: { ...base, country: countryId, host: '10.1.2.3', privateNetwork: true, enabled: false },
    })
    expect(allowed.privateNetwork).toBe(true)
    const publicHost = await payload.create({ collection: 'servers', overrideAccess: false, user: editor, data: { ...base, country: countryId, host: '203.0.113.20', enabled: false } })
    expect(publicHost.host).toBe('203.0.113.20')
  })

  it('the health check never connects to an internal address a server was not marked for', async () => {
    let connections = 0
    const listener: NetServer = createServer((socket) => {
      connections += 1
      socket.destroy()
    })
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
    const port = (listener.address() as { port: number }).port
    const { checkServer } = await import('@/lib/provisioning/health')
    const server = { id: 1, name: 'x', host: '127.0.0.1', adapter: 'manual', privateNetwork: false, protocols: [{ protocol: 'vless', port }] } as Server
    for (const host of ['127.0.0.1', 'localhost', '127.0.0.1.nip.invalid']) {
      const health = await checkServer({ ...server, host })
      expect(health.status).not.toBe('up')
    }
    expect(connections).toBe(0)
    expect(await checkServer({ ...server, privateNetwork: true })).toMatchObject({ status: 'up' })
    expect(connections).toBe(1)
    listener.close()
  })

  it('visitors and customers read only whether a server works; errors never show a management address, even to editors', async () => {
    const secretUrl = 'https://127.0.0.77:6001/SECRETPATH'
    const server = await payload.create({
      collection: 'servers',
      data: { ...base, name: `security-outline-${Date.now()}`, country: countryId, host: '203.0.113.21', adapter: 'outline', credentials: { apiUrl: secretUrl }, protocols: [{ protocol: 'outline', port: 443, freeKeys: 1 }] },
    })
    const { rotateFreeKeys } = await import('@/lib/provisioning/rotation')
    const report = await rotateFreeKeys(payload)
    await payload.update({ collection: 'servers', id: server.id, data: { enabled: false }, depth: 0 })
    expect(JSON.stringify(report.failures)).not.toMatch(/127\.0\.0\.77|SECRETPATH/)
    const asEditor = await payload.findByID({ collection: 'servers', id: server.id, overrideAccess: false, user: editor })
    expect(asEditor.health?.lastRotationError).toMatch(/outline: /)
    expect(asEditor.health?.lastRotationError).not.toMatch(/127\.0\.0\.77|6001|SECRETPATH/)
    const shown = await payload.update({ collection: 'servers', id: server.id, data: { enabled: true, health: { detail: 'vless:443 no answer' } }, depth: 0 })
    for (const user of [undefined, customer]) {
      const read = await payload.findByID({ collection: 'servers', id: shown.id, overrideAccess: false, user })
      expect(Object.keys(read.health ?? {}).filter((key) => !['status', 'lastCheckedAt'].includes(key))).toEqual([])
      expect(read.health?.status).toBe('unknown')
      expect(JSON.stringify(read)).not.toMatch(/no answer|outline: |adapter/)
    }
    await payload.update({ collection: 'servers', id: server.id, data: { enabled: false }, depth: 0 })
  })
})
