// Editors run the site from the admin (issue 14): what they type is what the site uses, in their language.
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Tariff, User } from '@/payload-types'

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
      await payload.jobs.run({ queue: 'default' })
      expect(await titleOf(page.id, 'en', false)).toBe('Help (scheduled)')
    } finally {
      await payload.update({ collection: 'pages', id: page.id, locale: 'en', data: { title: published, _status: 'published' } })
    }
  })
})
