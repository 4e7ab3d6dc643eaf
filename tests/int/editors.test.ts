// Editors run the site from the admin (issue 14): what they type is what the site uses, in their language.
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Page, Tariff, User } from '@/payload-types'

import { adminReq, createUser, testPayload } from '../helpers/payload'

let payload: Payload
let editor: User
let plan: Tariff

beforeAll(async () => {
  payload = await testPayload()
  editor = await createUser('editor')
  plan = (await payload.find({ collection: 'tariffs', where: { months: { equals: '3' } }, limit: 1, depth: 0 })).docs[0]!
})

async function errorOf(promise: Promise<unknown>): Promise<{ path?: string; message: string }[]> {
  try {
    await promise
  } catch (error) {
    return ((error as { data?: { errors?: { path?: string; message: string }[] } }).data?.errors ?? []).map(({ path, message }) => ({ path, message: message.replace(/\s/g, ' ') }))
  }
  throw new Error('expected a refusal')
}

describe('prices in rubles', () => {
  it('an editor types rubles with kopecks as decimals; the plan stores kopecks and reads back as typed', async () => {
    const req = await adminReq(editor, 'ru')
    try {
      for (const [typed, kopecks, shown] of [['849', 84_900, '849'], ['849,00', 84_900, '849'], ['1 290,5', 129_050, '1290,50'], ['2690.99', 269_099, '2690,99']] as const) {
        const saved = await payload.update({ collection: 'tariffs', id: plan.id, data: { price: typed }, overrideAccess: false, req })
        expect(saved.priceKopecks, typed).toBe(kopecks)
        expect((await payload.findByID({ collection: 'tariffs', id: plan.id, req })).price).toBe(shown)
      }
      expect((await payload.findByID({ collection: 'tariffs', id: plan.id, req: await adminReq(editor, 'en') })).price).toBe('2690.99')
    } finally {
      await payload.update({ collection: 'tariffs', id: plan.id, data: { priceKopecks: plan.priceKopecks } })
    }
  })

  it('a price that is not an amount, or too low, is refused in the editor’s language and changes nothing', async () => {
    expect(await errorOf(payload.update({ collection: 'tariffs', id: plan.id, data: { price: '849 руб 50' }, overrideAccess: false, req: await adminReq(editor, 'ru') }))).toEqual([
      { path: 'price', message: 'Укажите сумму в рублях, например 849 или 849,50' },
    ])
    expect(await errorOf(payload.update({ collection: 'tariffs', id: plan.id, data: { price: '0,5' }, overrideAccess: false, req: await adminReq(editor, 'en') }))).toEqual([
      { path: 'price', message: 'At least ₽1' },
    ])
    expect(await errorOf(payload.update({ collection: 'tariffs', id: plan.id, data: { price: '' }, overrideAccess: false, req: await adminReq(editor, 'ru') }))).toEqual([
      { path: 'price', message: 'Укажите цену в рублях' },
    ])
    expect((await payload.findByID({ collection: 'tariffs', id: plan.id })).priceKopecks).toBe(plan.priceKopecks)
  })

  it('the API keeps taking kopecks, and checks them', async () => {
    expect(await errorOf(payload.update({ collection: 'tariffs', id: plan.id, data: { priceKopecks: -5 }, overrideAccess: false, req: await adminReq(editor, 'ru') }))).toEqual([
      { path: 'priceKopecks', message: 'Не меньше 1 ₽' },
    ])
    const saved = await payload.update({ collection: 'tariffs', id: plan.id, data: { priceKopecks: plan.priceKopecks + 100 }, overrideAccess: false, req: await adminReq(editor, 'ru') })
    expect(saved.priceKopecks).toBe(plan.priceKopecks + 100)
    await payload.update({ collection: 'tariffs', id: plan.id, data: { priceKopecks: plan.priceKopecks } })
  })

  it('payment amounts in subscription history read as money in the editor’s language', async () => {
    const sample = await payload.create({
      collection: 'subscription-events',
      data: { subscription: (await anySubscription()).id, type: 'payment', amountKopecks: 269_000, occurredAt: new Date().toISOString() },
    })
    const read = async (language: 'ru' | 'en') => (await payload.findByID({ collection: 'subscription-events', id: sample.id, req: await adminReq(editor, language) })).amount?.replace(/\s/g, ' ')
    expect(await read('ru')).toBe('2 690 ₽')
    expect(await read('en')).toBe('₽2,690')
    await payload.delete({ collection: 'subscription-events', id: sample.id })
    // A step without money reads "—" in the lists, not a blank cell.
    const noMoney = await payload.create({ collection: 'subscription-events', data: { subscription: (await anySubscription()).id, type: 'renewal_cancelled', occurredAt: new Date().toISOString() } })
    expect((await payload.findByID({ collection: 'subscription-events', id: noMoney.id, req: await adminReq(editor, 'ru') })).amount).toBe('—')
    await payload.delete({ collection: 'subscription-events', id: noMoney.id })
  })
})

async function anySubscription() {
  const found = await payload.find({ collection: 'subscriptions', limit: 1, depth: 0 })
  if (found.docs[0]) return found.docs[0]
  const user = await createUser('customer')
  return payload.create({ collection: 'subscriptions', data: { user: user.id, tariff: plan.id, status: 'active' } })
}

describe('localized drafts', () => {
  async function supportPage() {
    return (await payload.find({ collection: 'pages', where: { slug: { equals: 'support' } }, limit: 1, depth: 0 })).docs[0]!
  }
  const titleOf = async (id: number, locale: 'ru' | 'en', draft: boolean) =>
    (await payload.findByID({ collection: 'pages', id, locale, draft, fallbackLocale: false, depth: 0 })).title

  it('publishing the English text leaves a pending Russian draft unpublished, and the other way round', async () => {
    const page = await supportPage()
    const published = { ru: await titleOf(page.id, 'ru', false), en: await titleOf(page.id, 'en', false) }
    const req = await adminReq(editor, 'ru')
    try {
      await payload.update({ collection: 'pages', id: page.id, locale: 'ru', draft: true, data: { title: 'Черновик поддержки', _status: 'draft' }, overrideAccess: false, req })
      // What the admin's "Publish" sends for the language being edited (localization.defaultLocalePublishOption).
      await payload.update({ collection: 'pages', id: page.id, locale: 'en', data: { title: 'Help (new)', _status: 'published' }, publishSpecificLocale: 'en', overrideAccess: false, req })
      expect(await titleOf(page.id, 'en', false)).toBe('Help (new)')
      expect(await titleOf(page.id, 'ru', false)).toBe(published.ru)
      const visitorView = await payload.find({ collection: 'pages', overrideAccess: false, locale: 'ru', limit: 1, where: { slug: { equals: 'support' } }, select: { title: true, content: true, updatedAt: true } })
      expect(visitorView.docs[0]?.title).toBe(published.ru)
      expect(await titleOf(page.id, 'ru', true)).toBe('Черновик поддержки')
      // Now the Russian draft is published on its own: the English text stays as it was published.
      await payload.update({ collection: 'pages', id: page.id, locale: 'ru', data: { _status: 'published' }, publishSpecificLocale: 'ru', overrideAccess: false, req })
      expect(await titleOf(page.id, 'ru', false)).toBe('Черновик поддержки')
      expect(await titleOf(page.id, 'en', false)).toBe('Help (new)')
    } finally {
      await payload.update({ collection: 'pages', id: page.id, locale: 'ru', data: { title: published.ru, _status: 'published' } })
      await payload.update({ collection: 'pages', id: page.id, locale: 'en', data: { title: published.en, _status: 'published' } })
    }
  })

  it('a publish an editor scheduled runs when due, for the language it names', async () => {
    const page = await supportPage()
    const published = await titleOf(page.id, 'en', false)
    try {
      await payload.update({ collection: 'pages', id: page.id, locale: 'en', draft: true, data: { title: 'Help (scheduled)', _status: 'draft' } })
      await payload.jobs.queue({
        task: 'schedulePublish',
        waitUntil: new Date(Date.now() - 1_000),
        input: { type: 'publish', locale: 'en', doc: { relationTo: 'pages', value: page.id }, user: { relationTo: 'users', value: editor.id } },
      })
      expect(await titleOf(page.id, 'en', false)).toBe(published)
      // This task only: jobs other files left queued could fill the run's batch before it.
      await payload.jobs.run({ queue: 'default', where: { taskSlug: { equals: 'schedulePublish' } } })
      expect(await titleOf(page.id, 'en', false)).toBe('Help (scheduled)')
    } finally {
      await payload.update({ collection: 'pages', id: page.id, locale: 'en', data: { title: published, _status: 'published' } })
    }
  })
})

describe('the admin in the editor’s language', () => {
  async function subscriber() {
    const customer = await createUser('customer')
    const until = new Date(Date.UTC(2036, 11, 3, 12, 34)).toISOString()
    const record = await payload.create({ collection: 'subscriptions', data: { user: customer.id, tariff: plan.id, status: 'active', currentPeriodEnd: until } })
    return { customer, record, until }
  }

  it('a refused subscription change says what is allowed and why, in Russian and in English', async () => {
    const { record } = await subscriber()
    const { changeEndpoint } = await import('../../collections/Subscriptions/endpoints/change')
    const change = async (language: 'ru' | 'en', body: unknown) => {
      const response = await changeEndpoint({ ...(await adminReq(editor, language)), payload, routeParams: { id: String(record.id) }, headers: new Headers(), json: async () => body } as never)
      return { status: response.status, body: (await response.json()) as { error?: string } }
    }
    expect(await change('en', { action: 'extend', date: '2036-12-01' })).toEqual({
      status: 400,
      body: { ok: false, error: 'The new date must be after 03.12.2036 15:34 Moscow time: an earlier one would take away paid time. To close access at once, press “Cancel subscription”.' },
    })
    expect((await change('ru', { action: 'extend', date: '2036-12-03' })).body.error).toMatch(/^Новая дата должна быть позже 03\.12\.2036 15:34 МСК: более ранняя отняла бы оплаченное время\./)
    expect((await change('ru', { action: 'extend', date: 'завтра' })).body.error).toBe('Выберите дату, до которой продлить подписку.')
    expect((await change('en', { action: 'renew' })).body.error).toBe('Choose the date to extend the subscription until.')
    // Free time reaches a year ahead at most; the refusal names the last day.
    const ending = await payload.create({ collection: 'subscriptions', data: { user: (await createUser('customer')).id, tariff: plan.id, status: 'active', currentPeriodEnd: new Date(Date.now() + 10 * 86_400_000).toISOString() } })
    const farAhead = new Date(Date.now() + 2 * 366 * 86_400_000).toISOString().slice(0, 10)
    const tooFar = async (language: 'ru' | 'en') =>
      (await (await changeEndpoint({ ...(await adminReq(editor, language)), payload, routeParams: { id: String(ending.id) }, headers: new Headers(), json: async () => ({ action: 'extend', date: farAhead }) } as never)).json()) as { error?: string }
    const lastDay = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(Date.now() + 366 * 86_400_000))
    expect((await tooFar('ru')).error).toBe(`Продлить можно не дальше чем на год вперёд — до ${lastDay}. Выберите дату не позже.`)
    expect((await tooFar('en')).error).toBe(`An extension can reach at most a year ahead: until ${lastDay}. Choose a date no later.`)
    expect(await payload.findByID({ collection: 'subscriptions', id: ending.id, depth: 0 })).toMatchObject({ currentPeriodEnd: ending.currentPeriodEnd })
    // Nothing changed, and the fields themselves are not edits.
    await payload.update({ collection: 'subscriptions', id: record.id, data: { status: 'trialing', currentPeriodEnd: '2036-12-01T00:00:00.000Z' }, overrideAccess: false, req: await adminReq(editor, 'ru') })
    expect(await payload.findByID({ collection: 'subscriptions', id: record.id, depth: 0 })).toMatchObject({ status: 'active', currentPeriodEnd: record.currentPeriodEnd })
  })

  it('Payload’s own words read right: yes/no, "search by" a field, "creating" a document', async () => {
    const { t } = (await adminReq(editor, 'ru')).i18n
    expect([t('general:true'), t('general:false')]).toEqual(['Да', 'Нет'])
    expect(t('general:searchBy', { label: 'E-mail покупателя' })).toBe('Искать по: E-mail покупателя')
    expect(t('general:creatingNewLabel', { label: 'Сервер' })).toBe('Создание: Сервер')
    expect((await adminReq(editor, 'en')).i18n.t('general:true')).toBe('Yes')
  })

  it('every date field in the admin shows 03.12.2026 15:34, never a 12-hour clock or month first', () => {
    const dates: string[] = []
    const walk = (fields: unknown[], where: string) => {
      for (const field of fields as Record<string, unknown>[]) {
        if (field.type === 'date') {
          const date = ((field.admin as { date?: Record<string, unknown> } | undefined)?.date ?? {}) as { displayFormat?: string; timeFormat?: string }
          dates.push(`${where}.${String(field.name)}`)
          expect(date.displayFormat, `${where}.${String(field.name)}`).toMatch(/^dd\.MM\.yyyy( HH:mm)?$/)
          expect(date.timeFormat).toBe('HH:mm')
        }
        if (Array.isArray(field.fields)) walk(field.fields, where)
        if (Array.isArray(field.tabs)) for (const tab of field.tabs as { fields: unknown[] }[]) walk(tab.fields, where)
      }
    }
    for (const collection of payload.config.collections) walk(collection.fields, collection.slug)
    for (const global of payload.config.globals) walk(global.fields, global.slug)
    expect(dates).toEqual(expect.arrayContaining(['subscriptions.currentPeriodEnd', 'keys.expiresAt', 'subscription-events.occurredAt']))
    expect(payload.config.admin.dateFormat).toBe('dd.MM.yyyy HH:mm')
  })

  it('a subscription is found by its customer’s current address; the customer’s page joins subscriptions, history and keys', async () => {
    const { customer, record } = await subscriber()
    await payload.create({ collection: 'subscription-events', data: { subscription: record.id, user: customer.id, type: 'payment', amountKopecks: 79_900, occurredAt: new Date().toISOString() } })
    const moved = `moved-${customer.email}`
    await payload.update({ collection: 'users', id: customer.id, data: { email: moved }, overrideAccess: false, req: await adminReq(await createUser('admin'), 'ru') })
    const req = await adminReq(editor, 'ru')
    const found = await payload.find({ collection: 'subscriptions', where: { title: { like: moved.slice(0, 20) } }, overrideAccess: false, req })
    expect(found.docs.map((doc) => doc.id)).toEqual([record.id])
    expect(found.docs[0]?.title).toBe(moved)

    const page = await payload.findByID({ collection: 'users', id: customer.id, overrideAccess: false, depth: 1, req })
    expect(page.vipStatus).toBe('active')
    expect(page.subscriptions?.docs?.map((doc) => (typeof doc === 'object' ? doc.id : doc))).toEqual([record.id])
    expect(page.history?.docs).toHaveLength(1)
    expect(page.deviceKeys?.docs).toEqual([])
    // The customer reading their own account gets none of it.
    const own = await payload.findByID({ collection: 'users', id: customer.id, overrideAccess: false, user: { ...customer, email: moved } })
    expect(own).not.toHaveProperty('vipStatus')
    expect(own).not.toHaveProperty('subscriptions')
    expect(own).not.toHaveProperty('history')
  })
})

describe('servers and keys', () => {
  it('deleting a server that has keys is refused with the count and the ways forward; once its keys are gone it is deleted', async () => {
    const country = (await payload.find({ collection: 'countries', limit: 1, depth: 0 })).docs[0]!
    const server = await payload.create({
      collection: 'servers',
      data: { name: `Delete-me-${Date.now()}`, country: country.id, hosting: 'Test', host: '203.0.113.77', tier: 'free', adapter: 'manual', protocols: [{ protocol: 'vless', port: 443, freeKeys: 0 }] },
    })
    const key = await payload.create({
      collection: 'keys',
      data: { server: server.id, protocol: 'vless', tier: 'free', keyString: 'vless://6f1c2b3a-1c3e-4f6e-9d5e-1a2b3c4d5e6f@203.0.113.77:443?security=tls#x' },
    })
    const refusal = async (language: 'ru' | 'en') => {
      try {
        await payload.delete({ collection: 'servers', id: server.id, overrideAccess: false, req: await adminReq(editor, language) })
      } catch (error) {
        return error as { status: number; message: string; isPublic: boolean }
      }
      throw new Error('expected a refusal')
    }
    const ru = await refusal('ru')
    expect(ru).toMatchObject({ status: 409, isPublic: true })
    expect(ru.message).toMatch(/^У сервера ещё 1 ключ, поэтому он не удалён\. Чтобы сразу убрать его с сайта, снимите «Включён»/)
    expect((await refusal('en')).message).toMatch(/^This server still has 1 key, so it was not deleted\./)
    expect((await payload.findByID({ collection: 'servers', id: server.id })).id).toBe(server.id)
    await payload.delete({ collection: 'keys', id: key.id })
    await payload.delete({ collection: 'servers', id: server.id, overrideAccess: false, req: await adminReq(editor, 'ru') })
    expect((await payload.find({ collection: 'servers', where: { id: { equals: server.id } } })).totalDocs).toBe(0)
  })
})

describe('an overview and versions with their author', () => {
  it('the dashboard counts subscriptions, this month’s revenue, listed free keys per protocol, servers down and keys expiring within a day', async () => {
    const { siteOverview, moscowMonthStart } = await import('@/lib/admin/overview')
    expect(moscowMonthStart(new Date('2026-12-01T20:59:00Z')).toISOString()).toBe('2026-11-30T21:00:00.000Z')
    expect(moscowMonthStart(new Date('2026-11-30T20:59:00Z')).toISOString()).toBe('2026-10-31T21:00:00.000Z')
    const now = new Date()
    const before = await siteOverview(payload, now)
    const customer = await createUser('customer')
    const subscription = await payload.create({ collection: 'subscriptions', data: { user: customer.id, tariff: plan.id, status: 'trialing' } })
    const events = await Promise.all(
      [
        { type: 'payment' as const, amountKopecks: 84_900, occurredAt: now.toISOString() },
        { type: 'refund' as const, amountKopecks: 10_000, occurredAt: now.toISOString() },
        // Last month's payment is not this month's revenue.
        { type: 'payment' as const, amountKopecks: 99_900, occurredAt: new Date(moscowMonthStart(now).getTime() - 60_000).toISOString() },
      ].map((data) => payload.create({ collection: 'subscription-events', data: { subscription: subscription.id, ...data } })),
    )
    const country = (await payload.find({ collection: 'countries', limit: 1, depth: 0 })).docs[0]!
    const server = await payload.create({
      collection: 'servers',
      data: { name: `Overview-${Date.now()}`, country: country.id, hosting: 'Test', host: '203.0.113.78', tier: 'free', adapter: 'manual', protocols: [{ protocol: 'trojan', port: 443 }], health: { status: 'down' } },
    })
    const key = await payload.create({
      collection: 'keys',
      data: { server: server.id, protocol: 'trojan', tier: 'free', keyString: `trojan://overview${Date.now()}@203.0.113.78:443?security=tls`, expiresAt: new Date(now.getTime() + 2 * 3_600_000).toISOString() },
    })
    try {
      const after = await siteOverview(payload, now)
      expect(after.trialing - before.trialing).toBe(1)
      expect(after.active).toBe(before.active)
      expect(after.revenueKopecks - before.revenueKopecks).toBe(74_900)
      // Listed (the health job hides keys only after several failed checks), expiring within a day, running out.
      expect(after.freeKeys.trojan - before.freeKeys.trojan).toBe(1)
      expect(after.freeKeys.vless).toBe(before.freeKeys.vless)
      expect(after.expiringSoon - before.expiringSoon).toBe(1)
      expect(after.serversDown).toContainEqual({ id: server.id, name: server.name })
      expect(after.runningOut).toContainEqual({ id: server.id, server: server.name, protocol: 'trojan', at: new Date(key.expiresAt!) })
      await payload.update({ collection: 'servers', id: server.id, data: { health: { status: 'up' } } })
      const up = await siteOverview(payload, now)
      expect(up.serversDown.map((entry) => entry.id)).not.toContain(server.id)
    } finally {
      await payload.delete({ collection: 'keys', id: key.id })
      await payload.delete({ collection: 'servers', id: server.id })
      for (const event of events) await payload.delete({ collection: 'subscription-events', id: event.id })
      await payload.delete({ collection: 'subscriptions', id: subscription.id })
    }
  })

  it('plans and site settings keep every save as a version naming its author, which a request cannot forge; visitors see no versions', async () => {
    const other = await createUser('editor')
    const req = await adminReq(editor, 'ru')
    await payload.update({ collection: 'tariffs', id: plan.id, data: { priceKopecks: plan.priceKopecks + 100, editedBy: other.id }, overrideAccess: false, req })
    await payload.update({ collection: 'tariffs', id: plan.id, data: { priceKopecks: plan.priceKopecks }, overrideAccess: false, req })
    const versions = await payload.findVersions({ collection: 'tariffs', where: { parent: { equals: plan.id } }, sort: '-updatedAt', limit: 2, depth: 0, overrideAccess: false, req })
    expect(versions.docs.map((version) => [version.version.priceKopecks, version.version.editedBy])).toEqual([
      [plan.priceKopecks, editor.id],
      [plan.priceKopecks + 100, editor.id],
    ])
    const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
    await payload.updateGlobal({ slug: 'site-settings', data: { cancelDiscountPercent: settings.cancelDiscountPercent }, overrideAccess: false, req })
    const settingsVersions = await payload.findGlobalVersions({ slug: 'site-settings', sort: '-updatedAt', limit: 1, depth: 0, overrideAccess: false, req })
    expect(settingsVersions.docs[0]?.version.editedBy).toBe(editor.id)
    // Versions are staff-only: a customer reads none of either.
    const customer = await createUser('customer')
    const asCustomer = { user: { ...customer, collection: 'users' as const } }
    await expect(payload.findVersions({ collection: 'tariffs', overrideAccess: false, req: asCustomer })).rejects.toThrow()
    await expect(payload.findGlobalVersions({ slug: 'site-settings', overrideAccess: false, req: asCustomer })).rejects.toThrow()
    expect((await payload.findGlobal({ slug: 'site-settings', overrideAccess: false, req: asCustomer })).editedBy).toBeUndefined()
  })
})

describe('the server form', () => {
  it('shows a public parameter only for the protocols that use it, and credentials only for the adapters that read them', async () => {
    const { Servers } = await import('../../collections/Servers')
    type Node = { name?: string; fields?: Node[]; admin?: { condition?: (data: unknown, sibling: unknown, context: unknown) => boolean } }
    const find = (nodes: Node[], name: string): Node | undefined => {
      for (const node of nodes) {
        if (node.name === name) return node
        const inner = node.fields ? find(node.fields, name) : undefined
        if (inner) return inner
      }
      return undefined
    }
    const fields = Servers.fields as Node[]
    const data = { adapter: 'demo', protocols: [{ protocol: 'vless' }, { protocol: 'wireguard' }] }
    const shown = (name: string, index: number | string, sibling: object = {}) =>
      find(fields, name)!.admin!.condition!(data, sibling, { path: ['protocols', index, 'publicParams', name] })
    // The admin's form state gives the row index as a string, the API as a number: both work.
    for (const index of [0, '0']) {
      expect(shown('sni', index)).toBe(true)
      expect(shown('wireguardPublicKey', index)).toBe(false)
      expect(shown('realityPublicKey', index, { security: 'reality' })).toBe(true)
      expect(shown('realityPublicKey', index, { security: 'tls' })).toBe(false)
    }
    expect(shown('wireguardPublicKey', 1)).toBe(true)
    expect(shown('sni', '1')).toBe(false)
    const credential = (name: string, adapter: string) => find(fields, name)!.admin!.condition!({ adapter }, {}, { path: [name] })
    expect(credential('credentials', 'manual')).toBe(false)
    expect(credential('credentials', 'outline')).toBe(true)
    expect(credential('certSha256', 'ss-manager')).toBe(false)
  })
})

describe('pages editors add', () => {
  it('a new page needs an address of Latin letters, digits and hyphens that no page has; the fixed documents keep theirs and cannot be deleted', async () => {
    const req = await adminReq(editor, 'ru')
    const slug = `how-to-connect-${Date.now()}`
    const content = (await payload.find({ collection: 'pages', where: { slug: { equals: 'support' } }, limit: 1, locale: 'ru' })).docs[0]!.content
    const page = await payload.create({
      collection: 'pages',
      data: { title: 'Как подключиться', slug, footer: 'documents', content, seo: { title: 'Как подключить VPN', description: 'Пошагово для телефона и компьютера' }, _status: 'published' },
      locale: 'ru',
      depth: 0,
      overrideAccess: false,
      req,
    })
    expect(page).toMatchObject({ slug, footer: 'documents', editedBy: editor.id })
    expect(await errorOf(payload.create({ collection: 'pages', data: { title: 'x', slug: 'Как подключиться', content }, overrideAccess: false, req }))).toEqual([
      { path: 'slug', message: 'Адрес — латинские строчные буквы, цифры и дефисы, например how-to-connect (не длиннее 60 символов)' },
    ])
    expect(await errorOf(payload.create({ collection: 'pages', data: { title: 'x', slug, content }, overrideAccess: false, req: await adminReq(editor, 'en') }))).toEqual([
      { path: 'slug', message: `A page with the address “${slug}” already exists: choose another one` },
    ])
    const privacy = (await payload.find({ collection: 'pages', where: { slug: { equals: 'privacy' } }, limit: 1, depth: 0 })).docs[0]!
    await expect(payload.update({ collection: 'pages', id: privacy.id, data: { slug: 'privacy-policy' }, overrideAccess: false, req })).rejects.toThrow(
      'Адрес этой страницы нельзя изменить: на /privacy ведут ссылки со всего сайта и из писем',
    )
    await expect(payload.delete({ collection: 'pages', id: privacy.id, overrideAccess: false, req })).rejects.toThrow(/^Эту страницу нельзя удалить: на \/privacy ведут ссылки/)
    expect((await payload.findByID({ collection: 'pages', id: privacy.id, depth: 0 })).slug).toBe('privacy')
    // An added page can go.
    await payload.delete({ collection: 'pages', id: page.id, overrideAccess: false, req })
  })
})

describe('links in page texts', () => {
  it('a link that would run script is refused with the reason under the field, in the editor’s language; http, mail and site links are kept', async () => {
    const page = (await payload.find({ collection: 'pages', where: { slug: { equals: 'support' } }, limit: 1, depth: 0 })).docs[0]!
    const content = (url: string): Page['content'] => ({
      root: {
        type: 'root', format: '', indent: 0, version: 1, direction: 'ltr',
        children: [{ type: 'paragraph', format: '', indent: 0, version: 1, direction: 'ltr', children: [{ type: 'link', version: 3, format: '', indent: 0, direction: 'ltr', fields: { linkType: 'custom', url, newTab: false }, children: [{ type: 'text', text: 'here', version: 1, format: 0, mode: 'normal', style: '', detail: 0 }] }] }],
      },
    })
    const save = async (url: string, language: 'ru' | 'en') =>
      payload.update({ collection: 'pages', id: page.id, locale: 'ru', data: { content: content(url) }, overrideAccess: false, req: await adminReq(editor, language) })
    expect(await errorOf(save('java\tscript:alert(1)', 'ru'))).toEqual([
      { path: 'content', message: 'Ссылка «java script:alert(1)» не разрешена: можно ссылаться только на адреса http и https, почту (mailto:) и страницы сайта (адрес с /).' },
    ])
    expect((await errorOf(save('data:text/html,x', 'en')))[0]?.message).toMatch(/^The link “data:text\/html,x” is not allowed/)
    const before = (await payload.findByID({ collection: 'pages', id: page.id, locale: 'ru', depth: 0 })).content
    for (const url of ['https://example.org', 'mailto:help@example.org', '/privacy']) await save(url, 'ru')
    await payload.update({ collection: 'pages', id: page.id, locale: 'ru', data: { content: before } })
  })
})
