// VIP bought with Telegram Stars in the site's bot (src/lib/billing/providers/stars.ts), against the Bot API double
// (tests/helpers/telegram.ts) and real PostgreSQL: the invoice the bot makes, Telegram's pre-checkout question, the
// payment's service message (first, renewal, one-time), staff's refund, the end of a subscription Telegram stopped
// renewing; and the attacker's versions of each (another user's or a made-up invoice, the same payment twice).
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { SiteBotConfig } from '@/lib/bot/config'

import { buttonsOf, callbackUpdate, deliverTo, messageUpdate, paymentUpdate, preCheckoutUpdate, refundUpdate, startSiteBotDouble, telegramUser } from '../helpers/telegram'
import { createPromo } from '../helpers/promo'
import type { TelegramDouble } from '../helpers/telegram'
import { workerDoubles } from '../helpers/intDoubles'
import { testPayload } from '../helpers/payload'

let payload: Payload
let telegram: TelegramDouble
let config: SiteBotConfig

beforeAll(async () => {
  payload = await testPayload()
  ;({ telegram, config } = await startSiteBotDouble())
})

afterAll(async () => {
  await telegram.close()
})

const deliver = (update: unknown) => deliverTo(payload, config, update)
const last = (method: string) => telegram.called(method).at(-1)

// Telegram users of this run only (the database is shared with other files and runs).
let nextUser = 6_000_000_000 + (Date.now() % 1_000_000) * 1000
const newUser = (language = 'ru') => telegramUser((nextUser += 1), language)

async function plan(months: string) {
  const { docs } = await payload.find({ collection: 'tariffs', where: { months: { equals: months } }, limit: 1, depth: 0 })
  return docs[0]!
}

/** Presses the plan's Stars button: the invoice's payload, as the link Telegram made carries it. */
async function invoiceFor(user: ReturnType<typeof telegramUser>, months: string): Promise<{ payload: string; amount: number; call: Record<string, unknown> }> {
  const tariff = await plan(months)
  await deliver(callbackUpdate(user, `b:${tariff.id}`))
  const call = last('createInvoiceLink')!.params
  return { payload: String(call.payload), amount: Number(tariff.starsPrice), call }
}

async function subscriptionsOf(telegramId: number) {
  const { docs: users } = await payload.find({ collection: 'users', where: { telegramId: { equals: String(telegramId) } }, limit: 1, depth: 0 })
  if (!users[0]) return { user: null, subscriptions: [] }
  const { docs } = await payload.find({ collection: 'subscriptions', where: { user: { equals: users[0].id } }, depth: 0, pagination: false, sort: 'createdAt' })
  return { user: users[0], subscriptions: docs }
}

async function historyOf(subscriptionId: number) {
  const { docs } = await payload.find({ collection: 'subscription-events', where: { subscription: { equals: subscriptionId } }, sort: 'createdAt', pagination: false, depth: 0 })
  return docs
}

/** The Telegram user buys the monthly plan for Stars: their (new, Telegram-only) account. */
async function buyWith(from: ReturnType<typeof telegramUser>) {
  const { payload: invoice, amount } = await invoiceFor(from, '1')
  await deliver(paymentUpdate(from, { payload: invoice, amount, chargeId: telegram.charge(from.id), recurring: 'first', expiresAt: new Date(Date.now() + 30 * 86_400_000) }))
  return (await subscriptionsOf(from.id)).user!
}

/**
 * A Telegram user whose account on the site has an e-mail (linked before they buy): the subscription is theirs, and
 * its notices, which this environment sends by e-mail (it has no bot token of its own), can be read.
 */
async function linkedBuyer(language = 'ru') {
  const from = newUser(language)
  const email = `stars-${from.id}@example.com`
  const user = await payload.create({ collection: 'users', data: { email, password: 'a-long-enough-password-1', role: 'customer', telegramId: String(from.id), telegramNotices: false }, depth: 0 })
  return { from, user, email }
}

/** The notices (e-mails) to `email` from the `since`th message on. */
async function noticesTo(email: string, since: number) {
  const { smtp } = await workerDoubles()
  await smtp.latestTo(email, since)
  return smtp.messages.slice(since).filter((mail) => mail.to.includes(email))
}

async function mailCount(): Promise<number> {
  return (await workerDoubles()).smtp.messages.length
}

describe('VIP for Telegram Stars', () => {
  it('makes an invoice for the user who pressed: a Stars subscription renewed every 30 days for the monthly plan, one payment for the others', async () => {
    const user = newUser()
    const monthly = await invoiceFor(user, '1')
    expect(monthly.call).toMatchObject({ currency: 'XTR', provider_token: '', prices: [{ amount: monthly.amount }], subscription_period: 2_592_000, title: 'VIP: 1 месяц' })
    expect(monthly.payload.length).toBeLessThanOrEqual(128)
    expect(String(monthly.call.description)).toContain('каждые 30 дней')
    const invoice = last('sendMessage')!
    expect(invoice.params.text).toBe(`Счёт: «1 месяц», ${monthly.amount} ⭐. Нажмите «Оплатить» — откроется оплата звёздами в Telegram.`)
    expect(buttonsOf(invoice)[0]).toEqual({ text: `Оплатить ${monthly.amount} ⭐`, url: expect.stringMatching(/^https:\/\/t\.me\/\$/) })
    const quarterly = await invoiceFor(newUser('en'), '3')
    expect(quarterly.call.subscription_period).toBeUndefined()
    expect(quarterly.call).toMatchObject({ title: 'VIP: 3 months', description: `For Stars: ${quarterly.amount} ⭐ for 3 months, no auto-renewal.` })
  })

  it('makes at most ten invoices in ten minutes for one user: the next press is told to wait, and no invoice is made', async () => {
    const buyer = newUser()
    const monthly = await plan('1')
    telegram.clear()
    for (let press = 0; press < 10; press += 1) await deliver(callbackUpdate(buyer, `b:${monthly.id}`))
    expect(telegram.called('createInvoiceLink')).toHaveLength(10)
    await deliver(callbackUpdate(buyer, `b:${monthly.id}`))
    expect(telegram.called('createInvoiceLink')).toHaveLength(10)
    expect(last('answerCallbackQuery')?.params.text).toBe('Слишком много запросов подряд. Подождите немного и попробуйте снова.')
  })

  it('makes the Mini App’s invoice for the signed-in account’s own Telegram user, and refuses where it cannot sell', async () => {
    const { miniAppInvoice } = await import('@/lib/bot/starsInvoice')
    const monthly = await plan('1')
    const from = newUser('en')
    const account = await payload.create({ collection: 'users', data: { email: `tg${from.id}@telegram.invalid`, password: 'a-long-enough-password-1', role: 'customer', telegramId: String(from.id) }, depth: 0 })
    telegram.clear()
    expect(await miniAppInvoice(payload, config, { user: account, planId: monthly.id, locale: 'en' })).toMatchObject({ ok: true, url: expect.stringMatching(/^https:\/\/t\.me\//) })
    const call = last('createInvoiceLink')!.params
    expect(String(call.payload)).toMatch(new RegExp(`^s1\\.${monthly.id}\\.${monthly.starsPrice}\\.1\\.${from.id}\\.`))
    expect(call).toMatchObject({ currency: 'XTR', subscription_period: 2_592_000 })
    // An account without Telegram, a site without its bot, a plan not sold for Stars, a subscriber: refused, no invoice.
    const plain = await payload.create({ collection: 'users', data: { email: `plain-${from.id}@example.com`, password: 'a-long-enough-password-1', role: 'customer' }, depth: 0 })
    expect(await miniAppInvoice(payload, config, { user: plain, planId: monthly.id, locale: 'ru' })).toEqual({ ok: false, error: 'unavailable' })
    expect(await miniAppInvoice(payload, null, { user: account, planId: monthly.id, locale: 'ru' })).toEqual({ ok: false, error: 'unavailable' })
    expect(await miniAppInvoice(payload, config, { user: account, planId: 999_999, locale: 'ru' })).toEqual({ ok: false, error: 'notOnSale' })
    expect(await miniAppInvoice(payload, config, { user: await buyWith(newUser()), planId: monthly.id, locale: 'ru' })).toEqual({ ok: false, error: 'alreadyVip' })
    expect(telegram.called('createInvoiceLink')).toHaveLength(2)

    // With the form's promo code: one payment at the price after it; a code with nothing for Stars says why, no invoice.
    const half = await createPromo(payload, { kind: 'percent', percentOff: 50 })
    const trial = await createPromo(payload, { kind: 'trial', trialDays: 30 })
    expect(await miniAppInvoice(payload, config, { user: account, planId: monthly.id, locale: 'en', promo: half.code.toLowerCase() })).toMatchObject({ ok: true })
    const discounted = last('createInvoiceLink')!.params
    const full = Number(monthly.starsPrice)
    expect(discounted).toMatchObject({ prices: [{ amount: full - Math.ceil(full / 2) }] })
    expect(discounted.subscription_period).toBeUndefined()
    expect(String(discounted.payload)).toMatch(new RegExp(`^s2\\.${monthly.id}\\.${full - Math.ceil(full / 2)}\\.1\\.${from.id}\\.[0-9a-z]+\\.${half.id}\\.0\\.`))
    expect(await miniAppInvoice(payload, config, { user: account, planId: monthly.id, locale: 'en', promo: trial.code })).toEqual({
      ok: false,
      error: 'promo',
      message: 'This promo code gives a trial, and there is no trial when paying with Telegram Stars: pay on the site.',
    })
    expect(await miniAppInvoice(payload, config, { user: account, planId: monthly.id, locale: 'ru', promo: 'NOSUCH1234' })).toEqual({ ok: false, error: 'promo', message: 'Такого промокода нет, или он больше не действует.' })
    expect(telegram.called('createInvoiceLink')).toHaveLength(3)
  })

  it('answers Telegram’s pre-checkout question: yes for its own invoice, no for another user’s, a changed one or a wrong amount', async () => {
    const buyer = newUser()
    const { payload: invoice, amount } = await invoiceFor(buyer, '1')
    await deliver(preCheckoutUpdate(buyer, { payload: invoice, amount }))
    expect(last('answerPreCheckoutQuery')?.params).toEqual({ pre_checkout_query_id: expect.any(String), ok: true })
    const refusals: [ReturnType<typeof telegramUser>, { payload: string; amount: number; currency?: string }][] = [
      [newUser(), { payload: invoice, amount }],
      [buyer, { payload: invoice, amount: 1 }],
      [buyer, { payload: invoice, amount, currency: 'USD' }],
      [buyer, { payload: invoice.replace(/\.(\d+)\./, (_, stars: string) => `.${Number(stars) - 1}.`), amount: amount - 1 }],
      [buyer, { payload: 'made-up', amount }],
    ]
    for (const [from, query] of refusals) {
      await deliver(preCheckoutUpdate(from, query))
      expect(last('answerPreCheckoutQuery')?.params).toMatchObject({ ok: false, error_message: 'Этот счёт выставлен не вам или не этим ботом. Откройте VIP в меню и выберите тариф.' })
    }
  })

  it('refuses an invoice older than a day, and one for a plan no longer sold for Stars', async () => {
    const { checkStarsCheckout, signInvoice } = await import('@/lib/billing/providers/stars')
    const buyer = newUser()
    const tariff = await plan('6')
    const stars = Number(tariff.starsPrice)
    const old = signInvoice(config.invoiceSecret, { tariffId: tariff.id, stars, months: 6, telegramId: buyer.id, issuedAt: Math.floor(Date.now() / 1000) - 90_000 })
    expect(await checkStarsCheckout(payload, config.invoiceSecret, { from: buyer, currency: 'XTR', total_amount: stars, invoice_payload: old })).toBe('outdated')
    const fresh = signInvoice(config.invoiceSecret, { tariffId: 999_999, stars, months: 6, telegramId: buyer.id, issuedAt: Math.floor(Date.now() / 1000) })
    expect(await checkStarsCheckout(payload, config.invoiceSecret, { from: buyer, currency: 'XTR', total_amount: stars, invoice_payload: fresh })).toBe('notOnSale')
  })

  it('takes a promo code by link or typed: the plans at the Stars price after it, one payment with the code and its days; used up, the next buyer is refused at checkout; a trial code has nothing for Stars', async () => {
    const monthly = await plan('1')
    const full = Number(monthly.starsPrice)
    const paid = full - Math.ceil(full * 0.2)
    const promo = await createPromo(payload, { kind: 'percent', percentOff: 20, maxUses: 1 })
    const days = await createPromo(payload, { kind: 'days', extraDays: 7 })
    const trial = await createPromo(payload, { kind: 'trial', trialDays: 30 })

    // By the link, in small letters: the VIP screen with the code's prices.
    const buyer = newUser()
    await deliver(messageUpdate(buyer, `/start promo-${promo.code.toLowerCase()}`))
    const screen = last('sendMessage')!
    expect(String(screen.params.text)).toContain(`Промокод ${promo.code}: цены ниже — с ним.`)
    expect(String(screen.params.text)).toContain(`За звёзды с промокодом: ${paid} ⭐ за 1 месяц одним платежом, без автопродления.`)
    expect(buttonsOf(screen)).toContainEqual({ text: `⭐ 1 месяц — ${paid} ⭐ (было ${full} ⭐)`, callback_data: `b:${monthly.id}` })
    expect(buttonsOf(screen)).toContainEqual({ text: '✖ Убрать промокод', callback_data: 'promo:off' })
    const invoice = await invoiceFor(buyer, '1')
    // One payment (no Stars subscription) at the price after the code, which the signed invoice carries.
    expect(invoice.call).toMatchObject({ prices: [{ amount: paid }] })
    expect(invoice.call.subscription_period).toBeUndefined()
    expect(invoice.payload).toMatch(new RegExp(`^s2\\.${monthly.id}\\.${paid}\\.1\\.${buyer.id}\\.[0-9a-z]+\\.${promo.id}\\.0\\.`))

    // Typed after "🎟 Промокод", by another user, who gets an invoice too before the first buyer pays.
    const second = newUser('en')
    await deliver(callbackUpdate(second, 'promo'))
    expect(last('editMessageText')?.params.text).toBe('Send the promo code in one message.')
    await deliver(messageUpdate(second, ` ${promo.code} `))
    expect(String(last('sendMessage')!.params.text)).toContain(`Promo code ${promo.code}: the prices below are with it.`)
    const secondInvoice = await invoiceFor(second, '1')

    await deliver(preCheckoutUpdate(buyer, { payload: invoice.payload, amount: paid }))
    expect(last('answerPreCheckoutQuery')?.params).toMatchObject({ ok: true })
    await deliver(paymentUpdate(buyer, { payload: invoice.payload, amount: paid, chargeId: telegram.charge(buyer.id) }))
    const [subscription] = (await subscriptionsOf(buyer.id)).subscriptions
    expect(subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, promo: { code: promo.id }, renewal: { stars: paid, months: 1 } })
    expect((await historyOf(subscription!.id)).find((event) => event.type === 'activated')?.promo).toBe(promo.id)
    const { keptPromo } = await import('@/lib/bot/promo')
    expect(await keptPromo(payload, buyer.id)).toBeNull()
    // The code's one use is gone: the second buyer's invoice is refused at Telegram's question, and no Stars are taken.
    await deliver(preCheckoutUpdate(second, { payload: secondInvoice.payload, amount: paid }))
    expect(last('answerPreCheckoutQuery')?.params).toMatchObject({ ok: false, error_message: 'This invoice’s promo code no longer applies. Open VIP in the bot and choose a plan again.' })

    // Extra days: the full price, for the month and seven days.
    const third = newUser()
    await deliver(messageUpdate(third, `/start promo-${days.code}`))
    const daysInvoice = await invoiceFor(third, '1')
    expect(daysInvoice.call).toMatchObject({ prices: [{ amount: full }] })
    await deliver(paymentUpdate(third, { payload: daysInvoice.payload, amount: full, chargeId: telegram.charge(third.id) }))
    const [withDays] = (await subscriptionsOf(third.id)).subscriptions
    expect(Date.parse(withDays!.currentPeriodEnd!) - Date.now()).toBeGreaterThan(34 * 86_400_000)
    expect(withDays).toMatchObject({ promo: { code: days.id, extraDays: 7 } })

    // A trial code: Stars have no trial. Said, dropped, and the plans at their own prices.
    const fourth = newUser()
    await deliver(messageUpdate(fourth, `/start promo-${trial.code}`))
    const refused = last('sendMessage')!
    expect(String(refused.params.text)).toContain('Этот промокод даёт пробный период, а за звёзды Telegram пробного периода нет: оплатите на сайте.')
    expect(buttonsOf(refused)).toContainEqual({ text: `⭐ 1 месяц — ${full} ⭐`, callback_data: `b:${monthly.id}` })
    expect(await keptPromo(payload, fourth.id)).toBeNull()

    // "Отмена" under the prompt: the next message is no code (here: the menu), and no try is spent on it.
    const fifth = newUser()
    await deliver(callbackUpdate(fifth, 'promo'))
    await deliver(callbackUpdate(fifth, 'promo:cancel'))
    telegram.clear()
    await deliver(messageUpdate(fifth, 'hello'))
    expect(telegram.called('sendMessage').map((call) => String(call.params.text))).not.toContain('Такого промокода нет, или он больше не действует.')
    // Writing to staff after the prompt ends the wait for a code: the message goes to staff, not into the code.
    await deliver(callbackUpdate(fifth, 'promo'))
    await deliver(callbackUpdate(fifth, 'support:write'))
    telegram.clear()
    await deliver(messageUpdate(fifth, 'VESNA2026 не работает'))
    expect(telegram.called('sendMessage').map((call) => String(call.params.text))).toEqual(['Сообщение отправлено в поддержку. Ответим в Telegram или по e-mail.'])
  })

  it('starts the subscription on the first payment, once however often it is delivered, gives the subscription URL, and an app’s poll counts a device', async () => {
    const buyer = newUser()
    const { payload: invoice, amount } = await invoiceFor(buyer, '1')
    const chargeId = telegram.charge(buyer.id)
    const expiresAt = new Date(Date.now() + 30 * 86_400_000)
    const update = paymentUpdate(buyer, { payload: invoice, amount, chargeId, recurring: 'first', expiresAt })
    telegram.clear()
    expect((await deliver(update)).status).toBe(200)
    await deliver(update)
    await deliver(paymentUpdate(buyer, { payload: invoice, amount, chargeId, recurring: 'first', expiresAt }))
    const { user, subscriptions } = await subscriptionsOf(buyer.id)
    expect(user).toMatchObject({ email: `tg${buyer.id}@telegram.invalid`, telegramId: String(buyer.id) })
    expect(subscriptions).toHaveLength(1)
    const [subscription] = subscriptions
    expect(subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
      provider: { name: 'telegram-stars', customerId: String(buyer.id), paymentMethodId: chargeId },
      renewal: { stars: amount, months: 1 },
    })
    expect(Date.parse(subscription!.currentPeriodEnd!)).toBe(Math.floor(expiresAt.getTime() / 1000) * 1000)
    expect(subscription!.nextPaymentAt).toBe(subscription!.currentPeriodEnd)
    const history = await historyOf(subscription!.id)
    expect(history.filter((event) => event.type === 'payment')).toEqual([expect.objectContaining({ amountStars: amount, invoiceId: `stars:${chargeId}` })])
    expect(history.map((event) => event.type)).toContain('activated')
    // The bot answers once: paid until, the subscription URL and its QR code.
    expect(telegram.called('sendMessage').filter((call) => String(call.params.text).startsWith('Оплата получена'))).toHaveLength(1)
    const { personalFeedPath } = await import('@/lib/feeds/personalUrl')
    const feedPath = await personalFeedPath(payload, user!.id)
    expect(telegram.called('sendMessage').some((call) => String(call.params.text).includes(feedPath))).toBe(true)
    expect(telegram.called('sendPhoto')).toHaveLength(1)
    // An app polls the subscription URL: it is served, and its device counted.
    const { GET } = await import('@/app/api/subscription/[user]/[token]/[[...format]]/route')
    const [, , , userPart, token] = feedPath.split('/')
    const hwid = { 'user-agent': 'Happ/3.4.1', 'x-hwid': `stars-${buyer.id}`, 'x-device-os': 'Android' }
    const answer = await GET(new Request(`http://localhost${feedPath}`, { headers: hwid }), { params: Promise.resolve({ user: userPart!, token: token!, format: [] }) })
    expect(answer.status).toBe(200)
    const devices = await payload.find({ collection: 'devices', where: { user: { equals: user!.id } }, depth: 0 })
    expect(devices.docs.map((device) => device.hwid)).toEqual([`stars-${buyer.id}`])
  })

  it('moves the next payment on a renewal Telegram charged, with the amounts in Stars in its notices', async () => {
    const { from: buyer, email } = await linkedBuyer()
    const { payload: invoice, amount } = await invoiceFor(buyer, '1')
    const first = new Date(Date.now() + 30 * 86_400_000)
    const beforeActivation = await mailCount()
    await deliver(paymentUpdate(buyer, { payload: invoice, amount, chargeId: telegram.charge(buyer.id), recurring: 'first', expiresAt: first }))
    // The activation notice names the price in Stars, today's and the renewals'.
    const [activated] = await noticesTo(email, beforeActivation)
    expect(activated!.text).toContain(`${amount} ⭐`)
    expect(activated!.text).not.toContain('₽')
    const beforeRenewal = await mailCount()
    const second = new Date(first.getTime() + 30 * 86_400_000)
    const renewalCharge = telegram.charge(buyer.id)
    telegram.clear()
    await deliver(paymentUpdate(buyer, { payload: invoice, amount, chargeId: renewalCharge, recurring: 'renewal', expiresAt: second }))
    const { subscriptions } = await subscriptionsOf(buyer.id)
    expect(subscriptions).toHaveLength(1)
    expect(Date.parse(subscriptions[0]!.nextPaymentAt!)).toBe(Math.floor(second.getTime() / 1000) * 1000)
    const history = await historyOf(subscriptions[0]!.id)
    expect(history.filter((event) => event.type === 'payment').map((event) => event.amountStars)).toEqual([amount, amount])
    expect(history.map((event) => event.type)).toContain('renewed')
    // The renewal is told by its notice, not by a second "payment received".
    expect(telegram.called('sendMessage').some((call) => String(call.params.text).startsWith('Оплата получена'))).toBe(false)
    const [renewed] = await noticesTo(email, beforeRenewal)
    expect(renewed!.text).toContain(`${amount} ⭐`)
  })

  it('keeps days the site gave a Stars subscription (a referral’s) past Telegram’s renewal: its charge date stays Telegram’s, the days carry on', async () => {
    const { from: buyer } = await linkedBuyer()
    const { payload: invoice, amount } = await invoiceFor(buyer, '1')
    const first = new Date(Math.floor((Date.now() + 30 * 86_400_000) / 1000) * 1000)
    await deliver(paymentUpdate(buyer, { payload: invoice, amount, chargeId: telegram.charge(buyer.id), recurring: 'first', expiresAt: first }))
    const subscription = (await subscriptionsOf(buyer.id)).subscriptions[0]!
    const { shiftByDays } = await import('@/lib/billing/record/freeDays')
    const outcome = await shiftByDays(payload, { subscriptionId: subscription.id, days: async () => 7, step: 'referral_reward', note: 'test', also: async () => undefined })
    expect(outcome).toBe('shifted')
    const week = 7 * 86_400_000
    const given = (await subscriptionsOf(buyer.id)).subscriptions[0]!
    // Paid until a week later; Telegram still charges on its own date.
    expect([Date.parse(given.currentPeriodEnd!), Date.parse(given.nextPaymentAt!)]).toEqual([first.getTime() + week, first.getTime()])
    const second = new Date(first.getTime() + 30 * 86_400_000)
    await deliver(paymentUpdate(buyer, { payload: invoice, amount, chargeId: telegram.charge(buyer.id), recurring: 'renewal', expiresAt: second }))
    const renewed = (await subscriptionsOf(buyer.id)).subscriptions[0]!
    expect([Date.parse(renewed.currentPeriodEnd!), Date.parse(renewed.nextPaymentAt!)]).toEqual([second.getTime() + week, second.getTime()])
    // And once more: the week is not added again.
    const third = new Date(second.getTime() + 30 * 86_400_000)
    await deliver(paymentUpdate(buyer, { payload: invoice, amount, chargeId: telegram.charge(buyer.id), recurring: 'renewal', expiresAt: third }))
    expect(Date.parse((await subscriptionsOf(buyer.id)).subscriptions[0]!.currentPeriodEnd!)).toBe(third.getTime() + week)
  })

  it('records nothing for a payment of an invoice the site did not issue, or issued for someone else, and gives its Stars back', async () => {
    const buyer = newUser()
    const other = newUser()
    const { payload: invoice, amount } = await invoiceFor(buyer, '1')
    const forged = invoice.replace(/.{4}$/, 'AAAA')
    const charges = [telegram.charge(buyer.id), telegram.charge(other.id), telegram.charge(buyer.id)]
    telegram.clear()
    await deliver(paymentUpdate(buyer, { payload: forged, amount, chargeId: charges[0]!, recurring: 'first', expiresAt: new Date(Date.now() + 86_400_000) }))
    await deliver(paymentUpdate(other, { payload: invoice, amount, chargeId: charges[1]!, recurring: 'first', expiresAt: new Date(Date.now() + 86_400_000) }))
    await deliver(paymentUpdate(buyer, { payload: invoice, amount: amount + 1, chargeId: charges[2]! }))
    expect((await subscriptionsOf(buyer.id)).subscriptions).toEqual([])
    expect((await subscriptionsOf(other.id)).subscriptions).toEqual([])
    expect(telegram.called('refundStarPayment').map((call) => [Number(call.params.user_id), call.params.telegram_payment_charge_id])).toEqual([
      [buyer.id, charges[0]],
      [other.id, charges[1]],
      [buyer.id, charges[2]],
    ])
    expect(telegram.called('sendMessage').map((call) => String(call.params.text))).toEqual(Array(3).fill('Этот платёж не относится ни к одному предложению сайта, поэтому звёзды вернули. Выберите тариф в «⭐ VIP».'))
  })

  it('gives back a renewal Telegram charged after the subscription ended, and stops its renewals; a renewal signed before a new secret still counts', async () => {
    const { endLapsedStarsSubscriptions, recordStarsPayment } = await import('@/lib/billing/providers/stars')
    const late = newUser()
    const monthly = await invoiceFor(late, '1')
    const first = telegram.charge(late.id)
    const expiresAt = new Date(Date.now() + 30 * 86_400_000)
    await deliver(paymentUpdate(late, { payload: monthly.payload, amount: monthly.amount, chargeId: first, recurring: 'first', expiresAt }))
    await endLapsedStarsSubscriptions(payload, new Date(expiresAt.getTime() + 25 * 3_600_000))
    const renewal = telegram.charge(late.id)
    telegram.clear()
    await deliver(paymentUpdate(late, { payload: monthly.payload, amount: monthly.amount, chargeId: renewal, recurring: 'renewal', expiresAt: new Date(expiresAt.getTime() + 30 * 86_400_000) }))
    const [ended] = (await subscriptionsOf(late.id)).subscriptions
    expect(ended!.status).toBe('expired')
    expect(telegram.called('refundStarPayment').map((call) => call.params.telegram_payment_charge_id)).toEqual([renewal])
    expect(telegram.called('editUserStarSubscription').map((call) => call.params)).toEqual([expect.objectContaining({ telegram_payment_charge_id: first, is_canceled: true })])
    expect((await historyOf(ended!.id)).filter((event) => event.type === 'refund')).toEqual([expect.objectContaining({ amountStars: monthly.amount, invoiceId: `refund:stars:${renewal}:stars` })])
    expect(String(last('sendMessage')?.params.text)).toMatch(/^Эта подписка уже закончилась, поэтому платёж вернули/)

    // The site's secret changed since the first payment: Telegram's renewal of the recorded subscription still counts;
    // a payload that names no record stays unknown.
    const renewing = newUser()
    const invoice = await invoiceFor(renewing, '1')
    const start = new Date(Date.now() + 30 * 86_400_000)
    await deliver(paymentUpdate(renewing, { payload: invoice.payload, amount: invoice.amount, chargeId: telegram.charge(renewing.id), recurring: 'first', expiresAt: start }))
    const next = new Date(start.getTime() + 30 * 86_400_000)
    const paid = (chargeId: string, invoicePayload: string) => ({
      currency: 'XTR', total_amount: invoice.amount, invoice_payload: invoicePayload, telegram_payment_charge_id: chargeId, provider_payment_charge_id: '',
      is_recurring: true as const, subscription_expiration_date: Math.floor(next.getTime() / 1000),
    })
    const renewalCharge = telegram.charge(renewing.id)
    const counted = await recordStarsPayment(payload, 'a-new-secret', { from: renewing, paid: paid(renewalCharge, invoice.payload), locale: 'ru' })
    expect(counted).toMatchObject({ result: 'applied', unused: null })
    expect(Date.parse((await subscriptionsOf(renewing.id)).subscriptions[0]!.nextPaymentAt!)).toBe(Math.floor(next.getTime() / 1000) * 1000)
    // And a refund Telegram makes of it ends the access, as any refund does.
    const { recordStarsRefund } = await import('@/lib/billing/providers/stars')
    expect(await recordStarsRefund(payload, 'a-new-secret', { from: renewing, refunded: { invoice_payload: invoice.payload, telegram_payment_charge_id: renewalCharge, total_amount: invoice.amount } })).toBe('applied')
    expect((await subscriptionsOf(renewing.id)).subscriptions[0]!.status).toBe('cancelled')
    const madeUp = invoice.payload.replace(/\.([\w-]{8})\./, '.AAAAAAAA.')
    expect(await recordStarsPayment(payload, 'a-new-secret', { from: renewing, paid: paid(telegram.charge(renewing.id), madeUp), locale: 'ru' })).toMatchObject({ result: 'ignored', unused: { telegramId: renewing.id } })
  })

  it('sells a longer plan as one period without renewal, and tells no one renewal is off', async () => {
    const { from: buyer, email } = await linkedBuyer()
    const { payload: invoice, amount } = await invoiceFor(buyer, '3')
    const before = await mailCount()
    await deliver(paymentUpdate(buyer, { payload: invoice, amount, chargeId: telegram.charge(buyer.id) }))
    const { subscriptions } = await subscriptionsOf(buyer.id)
    expect(subscriptions[0]).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, nextPaymentAt: null })
    const days = (Date.parse(subscriptions[0]!.currentPeriodEnd!) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(88)
    expect(days).toBeLessThan(93)
    // The activation notice alone, with no terms of renewal.
    await noticesTo(email, before)
    await new Promise((resolve) => setTimeout(resolve, 300))
    const notices = await noticesTo(email, before)
    expect(notices).toHaveLength(1)
    expect(notices[0]!.subject).not.toMatch(/автопродлени/i)
    // A subscriber is not sold a second subscription: the button and Telegram's question both say so.
    await deliver(callbackUpdate(buyer, `b:${(await plan('1')).id}`))
    expect(last('answerCallbackQuery')?.params.text).toBe('У вас уже есть VIP-подписка: она в «Моей подписке».')
    const { checkStarsCheckout, signInvoice } = await import('@/lib/billing/providers/stars')
    const tariff = await plan('1')
    const second = signInvoice(config.invoiceSecret, { tariffId: tariff.id, stars: Number(tariff.starsPrice), months: 1, telegramId: buyer.id, issuedAt: Math.floor(Date.now() / 1000) })
    expect(await checkStarsCheckout(payload, config.invoiceSecret, { from: buyer, currency: 'XTR', total_amount: Number(tariff.starsPrice), invoice_payload: second })).toBe('alreadyVip')
  })

  it('returns a payment’s Stars when staff refund it, ends the access it paid for, and refunds it once', async () => {
    const { refundStarsPayment, StarsRefundError } = await import('@/lib/billing/providers/stars')
    const { refundablePayments } = await import('@/lib/billing/record/refund')
    const { Api } = await import('grammy')
    const api = new Api(config.token, { apiRoot: config.apiRoot })
    const buyer = newUser()
    const { payload: invoice, amount } = await invoiceFor(buyer, '1')
    const chargeId = telegram.charge(buyer.id)
    await deliver(paymentUpdate(buyer, { payload: invoice, amount, chargeId, recurring: 'first', expiresAt: new Date(Date.now() + 30 * 86_400_000) }))
    const { user, subscriptions } = await subscriptionsOf(buyer.id)
    const subscriptionId = subscriptions[0]!.id
    expect(await refundablePayments(payload, subscriptionId)).toEqual([expect.objectContaining({ reference: `stars:${chargeId}`, stars: { amount, refunded: false } })])
    // A payment of another subscription is not this one's to refund.
    await expect(refundStarsPayment(payload, api, { subscriptionId, reference: 'stars:someone-else', by: 'admin@example.com' })).rejects.toBeInstanceOf(StarsRefundError)
    expect(await refundStarsPayment(payload, api, { subscriptionId, reference: `stars:${chargeId}`, by: 'admin@example.com' })).toEqual({ stars: amount })
    expect(last('refundStarPayment')?.params).toEqual({ user_id: buyer.id, telegram_payment_charge_id: chargeId })
    const ended = await payload.findByID({ collection: 'subscriptions', id: subscriptionId, depth: 0 })
    expect(ended.status).toBe('cancelled')
    const history = await historyOf(subscriptionId)
    expect(history.filter((event) => event.type === 'refund')).toEqual([expect.objectContaining({ amountStars: amount, note: 'admin@example.com' })])
    const { vipSubscriptionOf } = await import('@/lib/billing/record/account')
    expect(await vipSubscriptionOf(payload, user!.id)).toBeNull()
    await expect(refundStarsPayment(payload, api, { subscriptionId, reference: `stars:${chargeId}`, by: 'admin@example.com' })).rejects.toMatchObject({ reason: 'refunded' })
    expect(await refundablePayments(payload, subscriptionId)).toEqual([expect.objectContaining({ stars: { amount, refunded: true } })])
    // Telegram's own notice of the refund then finds it done: no second refund in the history, no message.
    telegram.clear()
    await deliver(refundUpdate(buyer, { payload: invoice, amount, chargeId }))
    expect((await historyOf(subscriptionId)).filter((event) => event.type === 'refund')).toHaveLength(1)
    expect(telegram.called('sendMessage')).toEqual([])
  })

  it('ends a refund Telegram made itself, told by its service message', async () => {
    const buyer = newUser()
    const { payload: invoice, amount } = await invoiceFor(buyer, '1')
    const chargeId = telegram.charge(buyer.id)
    await deliver(paymentUpdate(buyer, { payload: invoice, amount, chargeId, recurring: 'first', expiresAt: new Date(Date.now() + 30 * 86_400_000) }))
    telegram.clear()
    await deliver(refundUpdate(buyer, { payload: invoice, amount, chargeId }))
    const { subscriptions } = await subscriptionsOf(buyer.id)
    expect(subscriptions[0]!.status).toBe('cancelled')
    expect(last('sendMessage')?.params.text).toBe('Звёзды за VIP возвращены, подписка завершена.')
  })

  it('takes a friend’s referral link: both get days at the friend’s first payment, the referrer sees the link and what it brought, and a refund takes the days back', async () => {
    const { referralCodeOf } = await import('@/lib/referral')
    const referrerTg = newUser()
    const referrer = await buyWith(referrerTg)
    const code = await referralCodeOf(payload, referrer.id)
    const referrerEnd = (await subscriptionsOf(referrerTg.id)).subscriptions[0]!.currentPeriodEnd!

    // The friend opens the bot by the link: told what it gives, and the code kept for their first purchase.
    const friend = newUser()
    await deliver(messageUpdate(friend, `/start ref-${code}`))
    expect(telegram.called('sendMessage').map((call) => call.params.text)).toContain('Вас пригласил друг: после вашей первой оплаты подписки вы оба получите по 7 дней.')
    const { payload: invoice, amount } = await invoiceFor(friend, '1')
    const chargeId = telegram.charge(friend.id)
    await deliver(paymentUpdate(friend, { payload: invoice, amount, chargeId, recurring: 'first', expiresAt: new Date(Date.now() + 30 * 86_400_000) }))
    const friendSubscription = (await subscriptionsOf(friend.id)).subscriptions[0]!
    const { docs } = await payload.find({ collection: 'referrals', where: { friendSubscription: { equals: friendSubscription.id } }, depth: 0 })
    expect(docs[0]).toMatchObject({ referrer: referrer.id, status: 'rewarded', friendGrantedDays: 7, referrerGrantedDays: 7 })
    expect(Date.parse((await subscriptionsOf(referrerTg.id)).subscriptions[0]!.currentPeriodEnd!) - Date.parse(referrerEnd)).toBe(7 * 86_400_000)

    // The referrer's My subscription: both links and the count.
    telegram.clear()
    await deliver(messageUpdate(referrerTg, '/subscription'))
    const screen = String(telegram.called('sendMessage').at(-1)?.params.text ?? telegram.called('editMessageText').at(-1)?.params.text)
    expect(screen).toContain(`https://t.me/vpnkeys_test_bot?start=ref-${code}`)
    expect(screen).toContain(`/tariffs?ref=${code}`)
    expect(screen).toContain('Пришли по ссылке: 1 друг. Получено: 7 дней.')

    // Telegram refunds the friend's payment: the referrer's days are taken back.
    await deliver(refundUpdate(friend, { payload: invoice, amount, chargeId }))
    expect((await payload.findByID({ collection: 'referrals', id: docs[0]!.id })).status).toBe('revoked')
    expect((await subscriptionsOf(referrerTg.id)).subscriptions[0]!.currentPeriodEnd).toBe(referrerEnd)
  })

  it('sells a gift for Stars, to a subscriber too: one payment whatever the plan, its code in the chat once, redeemed by a friend; Telegram’s refund voids an unredeemed one', async () => {
    const buyer = newUser()
    await buyWith(buyer)
    const tariff = await plan('1')
    const texts = () => telegram.called('sendMessage').map((call) => String(call.params.text))
    /** "🎁 Подарить VIP", the plan, the invoice's payload; paid (delivered twice): the code from the chat. */
    const giftPaid = async () => {
      telegram.clear()
      await deliver(callbackUpdate(buyer, 'gift'))
      await deliver(callbackUpdate(buyer, `gb:${tariff.id}`))
      const call = last('createInvoiceLink')!.params
      expect(String(call.payload)).toMatch(/^s3\./)
      expect(call).not.toHaveProperty('subscription_period')
      await deliver(preCheckoutUpdate(buyer, { payload: String(call.payload), amount: Number(tariff.starsPrice) }))
      expect(last('answerPreCheckoutQuery')?.params).toMatchObject({ ok: true })
      const chargeId = telegram.charge(buyer.id)
      const paid = paymentUpdate(buyer, { payload: String(call.payload), amount: Number(tariff.starsPrice), chargeId })
      await deliver(paid)
      await deliver({ ...paid, update_id: paid.update_id + 100_000 })
      const sent = texts().filter((text) => text.startsWith('🎁 Подарок оплачен.'))
      expect(sent).toHaveLength(1)
      expect(sent[0]).toContain('https://t.me/vpnkeys_test_bot?start=gift-')
      const code = /<code>([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})<\/code>/.exec(sent[0]!)![1]!
      return { code, payload: String(call.payload), chargeId }
    }
    const first = await giftPaid()
    // The buyer's own subscription is as it was: a gift is someone else's.
    expect((await subscriptionsOf(buyer.id)).subscriptions).toHaveLength(1)
    const friend = newUser()
    await deliver(messageUpdate(friend, `/start gift-${first.code.replaceAll('-', '')}`))
    expect((await subscriptionsOf(friend.id)).subscriptions[0]).toMatchObject({ status: 'active', provider: { name: 'gift' } })
    const gifts = await payload.find({ collection: 'gifts', where: { 'provider.customerId': { equals: String(buyer.id) } }, depth: 0 })
    expect(gifts.docs.map((gift) => [gift.status, gift.amountStars])).toEqual([['redeemed', Number(tariff.starsPrice)]])

    const second = await giftPaid()
    await deliver(refundUpdate(buyer, { payload: second.payload, amount: Number(tariff.starsPrice), chargeId: second.chargeId }))
    expect((await payload.find({ collection: 'gifts', where: { 'provider.payment': { equals: `stars:${second.chargeId}` } }, depth: 0 })).docs[0]?.status).toBe('void')
    telegram.clear()
    await deliver(messageUpdate(newUser(), `/start gift-${second.code.replaceAll('-', '')}`))
    expect(texts()).toContain('Такого кода подарка нет, или он уже не действует.')
    // Buying it did not touch the buyer's own subscription either.
    expect((await subscriptionsOf(buyer.id)).subscriptions[0]!.status).toBe('active')

    // Staff refund an unredeemed one from its page: Telegram returns the Stars to the buyer, the code is void.
    const { refundGift } = await import('@/lib/gift')
    const { Api } = await import('grammy')
    const third = await giftPaid()
    const gift = (await payload.find({ collection: 'gifts', where: { 'provider.payment': { equals: `stars:${third.chargeId}` } }, depth: 0 })).docs[0]!
    await refundGift(payload, { giftId: gift.id, by: 'admin@example.com', api: new Api(config.token, { apiRoot: config.apiRoot }) })
    expect(last('refundStarPayment')?.params).toMatchObject({ user_id: buyer.id, telegram_payment_charge_id: third.chargeId })
    expect((await payload.findByID({ collection: 'gifts', id: gift.id })).status).toBe('void')
  })

  it('redeems a gift’s link into the Telegram user’s account once: a new subscription without renewal, then “yours already”; a made-up code is none', async () => {
    const { newGiftCode } = await import('@/lib/gift/rules')
    const { randomInt } = await import('node:crypto')
    const tariff = await plan('1')
    const code = newGiftCode(randomInt)
    await payload.create({ collection: 'gifts', data: { status: 'paid', code, tariff: tariff.id, months: 1, amountKopecks: 29_900, buyerEmail: 'giver@mail.example.com', paidAt: new Date().toISOString() }, depth: 0 })
    const recipient = newUser()
    await deliver(messageUpdate(recipient, `/start gift-${code}`))
    const texts = () => telegram.called('sendMessage').map((call) => String(call.params.text))
    expect(texts()).toContainEqual(expect.stringMatching(/^🎁 Подарок активирован: VIP действует до \d{1,2} [а-яё]+ \d{4} г\., без автопродления\./))
    const { subscriptions } = await subscriptionsOf(recipient.id)
    expect(subscriptions).toHaveLength(1)
    expect(subscriptions[0]).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, provider: { name: 'gift' } })
    telegram.clear()
    await deliver(messageUpdate(recipient, `/start gift-${code}`))
    expect(texts()).toContain('Вы уже активировали этот подарок.')
    telegram.clear()
    await deliver(messageUpdate(newUser(), `/start gift-${newGiftCode(randomInt)}`))
    expect(texts()).toContain('Такого кода подарка нет, или он уже не действует.')
  })

  it('turns a Stars subscription’s renewal off and on at Telegram, changes nothing when Telegram refuses, and never a one-time period’s', async () => {
    const { changeStarsRenewal } = await import('@/lib/billing/providers/stars')
    const { Api } = await import('grammy')
    const api = new Api(config.token, { apiRoot: config.apiRoot })
    const buyer = newUser()
    const monthly = await invoiceFor(buyer, '1')
    const chargeId = telegram.charge(buyer.id)
    await deliver(paymentUpdate(buyer, { payload: monthly.payload, amount: monthly.amount, chargeId, recurring: 'first', expiresAt: new Date(Date.now() + 30 * 86_400_000) }))
    const record = async () => (await subscriptionsOf(buyer.id)).subscriptions[0]!
    telegram.clear()
    expect(await changeStarsRenewal(payload, api, await record(), true)).toBe(true)
    expect(last('editUserStarSubscription')?.params).toEqual({ user_id: buyer.id, telegram_payment_charge_id: chargeId, is_canceled: true })
    expect(await record()).toMatchObject({ cancelAtPeriodEnd: true, nextPaymentAt: null })
    telegram.refuseOnce.set('editUserStarSubscription', { error_code: 400, description: 'Bad Request: SUBSCRIPTION_NOT_FOUND' })
    expect(await changeStarsRenewal(payload, api, await record(), false)).toBe(false)
    expect((await record()).cancelAtPeriodEnd).toBe(true)
    expect(await changeStarsRenewal(payload, api, await record(), false)).toBe(true)
    const resumed = await record()
    expect(resumed.cancelAtPeriodEnd).toBe(false)
    expect(resumed.nextPaymentAt).toBe(resumed.currentPeriodEnd)
    expect((await historyOf(resumed.id)).map((event) => event.type)).toEqual(expect.arrayContaining(['renewal_cancelled', 'renewal_resumed']))
    const once = newUser()
    const quarterly = await invoiceFor(once, '3')
    await deliver(paymentUpdate(once, { payload: quarterly.payload, amount: quarterly.amount, chargeId: telegram.charge(once.id) }))
    telegram.clear()
    expect(await changeStarsRenewal(payload, api, (await subscriptionsOf(once.id)).subscriptions[0]!, false)).toBe(false)
    expect(telegram.called('editUserStarSubscription')).toEqual([])
  })

  it('shows My subscription with its devices; removes only the user’s own device; replaces the link on a confirmation', async () => {
    const { GET } = await import('@/app/api/subscription/[user]/[token]/[[...format]]/route')
    const { personalFeedPath } = await import('@/lib/feeds/personalUrl')
    const poll = async (feedPath: string, hwid: string) => {
      const [, , , userPart, token] = feedPath.split('/')
      const headers = { 'user-agent': 'Happ/3.4.1', 'x-hwid': hwid, 'x-device-os': 'Android', 'x-device-model': hwid }
      expect((await GET(new Request(`http://localhost${feedPath}`, { headers }), { params: Promise.resolve({ user: userPart!, token: token!, format: [] }) })).status).toBe(200)
    }
    const buyer = newUser()
    const other = newUser()
    const user = await buyWith(buyer)
    const otherUser = await buyWith(other)
    const path = await personalFeedPath(payload, user.id)
    await poll(path, `phone-a-${buyer.id}`)
    await poll(path, `phone-b-${buyer.id}`)
    await poll(await personalFeedPath(payload, otherUser.id), `phone-${other.id}`)
    const devicesOf = async (userId: number) => (await payload.find({ collection: 'devices', where: { user: { equals: userId } }, sort: 'createdAt', depth: 0 })).docs
    const [phoneA, phoneB] = await devicesOf(user.id)
    const [othersPhone] = await devicesOf(otherUser.id)

    telegram.clear()
    await deliver(callbackUpdate(buyer, 'sub'))
    const screen = last('editMessageText')!
    expect(String(screen.params.text)).toContain(path)
    expect(buttonsOf(screen).map((button) => button.callback_data)).toEqual(expect.arrayContaining(['dv', 'rn:off', 'lk:ask']))
    expect(buttonsOf(screen).find((button) => button.callback_data === 'dv')?.text).toBe('📱 Устройства: 2 из 10')
    // One tap to the apps: the subscription URL, which a browser shows as the page with each app's import button.
    expect(buttonsOf(screen).find((button) => button.url?.endsWith(path))?.text).toBe('📲 Добавить в приложение')
    await deliver(callbackUpdate(buyer, 'dv'))
    expect(buttonsOf(last('editMessageText')).map((button) => button.callback_data)).toEqual([`dx:${phoneA!.id}`, `dx:${phoneB!.id}`, 'sub'])
    // Another subscriber's device, named in made-up data: not found, still theirs.
    await deliver(callbackUpdate(buyer, `dx:${othersPhone!.id}`))
    expect(last('answerCallbackQuery')?.params.text).toBe('Этого устройства уже нет.')
    expect(await devicesOf(otherUser.id)).toHaveLength(1)
    await deliver(callbackUpdate(buyer, `dx:${phoneA!.id}`))
    expect(last('answerCallbackQuery')?.params.text).toBe('Устройство удалено: место освободилось.')
    expect((await devicesOf(user.id)).map((device) => device.id)).toEqual([phoneB!.id])

    await deliver(callbackUpdate(buyer, 'lk:ask'))
    expect(last('editMessageText')?.params.text).toMatch(/^Заменить ссылку подписки\?/)
    await deliver(callbackUpdate(buyer, 'lk:yes'))
    const replaced = await personalFeedPath(payload, user.id)
    expect(replaced).not.toBe(path)
    expect(String(last('editMessageText')?.params.text)).toContain(replaced)
    // Someone without a subscription pressing the same buttons: told so, nothing changes.
    // (replacing the link freed the devices as well, as on the site.)
    expect(await devicesOf(user.id)).toHaveLength(0)
    await deliver(callbackUpdate(newUser(), `dx:${othersPhone!.id}`))
    expect(last('answerCallbackQuery')?.params.text).toBe('У аккаунта нет действующей VIP-подписки.')
    expect(await devicesOf(otherUser.id)).toHaveLength(1)
  })

  it('makes device keys in the chat (named for the device), sends each as the site shows it, and revokes one on a confirmation with undo; never another user’s', async () => {
    const buyer = newUser()
    const other = newUser()
    const user = await buyWith(buyer)
    // The other is staff (who may read every key on the site): their Telegram still reaches only their own keys.
    await payload.update({ collection: 'users', id: (await buyWith(other)).id, data: { role: 'editor' }, depth: 0 })
    const keysOf = async (userId: number) =>
      (await payload.find({ collection: 'keys', where: { owner: { equals: userId } }, sort: 'createdAt', depth: 0, pagination: false })).docs
    const { docs: vip } = await payload.find({ collection: 'servers', where: { tier: { equals: 'vip' }, enabled: { equals: true }, 'protocols.protocol': { equals: 'vless' } }, sort: 'createdAt', limit: 1, depth: 0 })
    const server = vip[0]!.id

    telegram.clear()
    await deliver(callbackUpdate(buyer, 'sub'))
    expect(buttonsOf(last('editMessageText')).find((button) => button.callback_data === 'ks')?.text).toBe('🔑 Ключи устройств: 0 из 10')
    await deliver(callbackUpdate(buyer, 'ks'))
    expect(last('editMessageText')?.params.text).toBe('<b>Мои ключи устройств</b>\n0 из 10 ключей устройств\n\nКлючей пока нет: создайте по одному для каждого устройства.')
    expect(buttonsOf(last('editMessageText')).map((button) => button.callback_data)).toEqual(['kn', 'sub'])
    await deliver(callbackUpdate(buyer, 'kn'))
    expect(buttonsOf(last('editMessageText')).map((button) => button.callback_data)).toContain(`kt:${server}:vless`)
    await deliver(callbackUpdate(buyer, `kt:${server}:vless`))
    expect(last('editMessageText')?.params.text).toMatch(/^Для какого устройства этот ключ\?/)
    expect(buttonsOf(last('editMessageText')).map((button) => button.text)).toEqual(['📱 Телефон', '💻 Компьютер', '📟 Планшет', '📺 Телевизор', '📡 Роутер', '← Назад'])

    // Two phones: the second is "Телефон 2"; each key is sent with its link to copy, its QR code and "revoke".
    telegram.clear()
    await deliver(callbackUpdate(buyer, `kc:${server}:vless:p`))
    expect(last('answerCallbackQuery')?.params.text).toBe('Ключ готов. Скопируйте его, отсканируйте QR-код или скачайте файл.')
    await deliver(callbackUpdate(buyer, `kc:${server}:vless:p`))
    const [phone, phone2] = await keysOf(user.id)
    expect([phone?.deviceLabel, phone2?.deviceLabel]).toEqual(['Телефон', 'Телефон 2'])
    expect(phone).toMatchObject({ tier: 'vip', server, protocol: 'vless' })
    const sent = last('sendMessage')!
    expect(String(sent.params.text)).toMatch(/^<b>Телефон 2 · /)
    expect(String(sent.params.text)).toContain(`<code>${phone2!.keyString!.replace(/&/g, '&amp;')}</code>`)
    expect(buttonsOf(sent).map((button) => button.callback_data)).toEqual([`kr:${phone2!.id}`, 'ks'])
    expect(telegram.called('sendPhoto')).toHaveLength(2)

    // The other subscriber, naming the buyer's key or a free key in made-up data: not found, nothing changes.
    const { readListedKey, readListedPairs } = await import('@/lib/data/keys')
    const [pair] = await readListedPairs('ru')
    const free = (await readListedKey('ru', { country: pair!.code, protocol: pair!.protocol }))!
    for (const data of [`kv:${phone!.id}`, `kr:${phone!.id}`, `ky:${phone!.id}`, `kv:${free.id}`, `ky:${free.id}`]) {
      await deliver(callbackUpdate(other, data))
      expect(last('answerCallbackQuery')?.params.text).toBe('Такой ключ не найден.')
    }
    // A key on a server that is not VIP, or a protocol the server does not offer: refused, none made.
    const { docs: freeServers } = await payload.find({ collection: 'servers', where: { tier: { equals: 'free' } }, limit: 1, depth: 0 })
    await deliver(callbackUpdate(other, `kc:${freeServers[0]!.id}:vless:p`))
    expect(last('answerCallbackQuery')?.params.text).toBe('Выберите страну и протокол из списка.')
    expect((await keysOf((await subscriptionsOf(other.id)).user!.id)).filter((key) => key.tier === 'vip')).toEqual([])
    // Without a subscription: told so.
    await deliver(callbackUpdate(newUser(), 'ks'))
    expect(last('answerCallbackQuery')?.params.text).toBe('У аккаунта нет действующей VIP-подписки.')
    expect((await keysOf(user.id)).every((key) => !key.revokedAt)).toBe(true)

    // Revoking asks first; then "undo" brings the very key back while its server has not stopped it.
    await deliver(callbackUpdate(buyer, `kr:${phone!.id}`))
    expect(last('editMessageText')?.params.text).toMatch(/^Отозвать ключ «Телефон»\?/)
    expect(buttonsOf(last('editMessageText')).map((button) => button.callback_data)).toEqual([`ky:${phone!.id}`, 'ks'])
    await deliver(callbackUpdate(buyer, `ky:${phone!.id}`))
    expect((await keysOf(user.id)).find((key) => key.id === phone!.id)?.revokedAt).toBeTruthy()
    expect(buttonsOf(last('editMessageText')).map((button) => button.callback_data)).toEqual([`ku:${phone!.id}`, 'ks'])
    await deliver(callbackUpdate(buyer, `ku:${phone!.id}`))
    expect(last('answerCallbackQuery')?.params.text).toBe('Ключ снова работает.')
    expect((await keysOf(user.id)).find((key) => key.id === phone!.id)?.revokedAt ?? null).toBeNull()
    expect(buttonsOf(last('editMessageText')).map((button) => button.callback_data)).toEqual([`kv:${phone!.id}`, `kv:${phone2!.id}`, 'kn', 'sub'])
  })

  it('ends a subscription Telegram did not renew once the grace day is over, and a one-time period at its end', async () => {
    const { endLapsedStarsSubscriptions } = await import('@/lib/billing/providers/stars')
    const renewing = newUser()
    const monthly = await invoiceFor(renewing, '1')
    const expiresAt = new Date(Date.now() + 30 * 86_400_000)
    await deliver(paymentUpdate(renewing, { payload: monthly.payload, amount: monthly.amount, chargeId: telegram.charge(renewing.id), recurring: 'first', expiresAt }))
    const once = newUser()
    const quarterly = await invoiceFor(once, '3')
    await deliver(paymentUpdate(once, { payload: quarterly.payload, amount: quarterly.amount, chargeId: telegram.charge(once.id) }))
    const statusOf = async (telegramId: number) => (await subscriptionsOf(telegramId)).subscriptions[0]!.status
    // Within the grace day after the period, Telegram's renewal may still come.
    await endLapsedStarsSubscriptions(payload, new Date(expiresAt.getTime() + 3_600_000))
    expect(await statusOf(renewing.id)).toBe('active')
    await endLapsedStarsSubscriptions(payload, new Date(expiresAt.getTime() + 25 * 3_600_000))
    expect(await statusOf(renewing.id)).toBe('expired')
    expect(await statusOf(once.id)).toBe('active')
    await endLapsedStarsSubscriptions(payload, new Date(Date.now() + 95 * 86_400_000))
    expect(await statusOf(once.id)).toBe('expired')
  })
})
