// Buying VIP with YooKassa through the real route handlers, PostgreSQL and SMTP, against the YooKassa double
// (which follows YooKassa's API v3 contract): the 1-ruble trial saves the payment method, the site's renewal
// job charges renewals and retries, notifications are re-read from the API, and every period is charged once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { chargeDueRenewals } from '@/lib/billing/record/siteRenewals'
import type { EditorEdit } from '@/lib/billing/record/editorChange'
import type { SiteRunBilling } from '@/lib/billing/providers/provider'
import type { Subscription } from '@/payload-types'

import { checkoutByLink, checkoutRequest, openHeldTrialCheckout, planId, pollSubscriptionUrl, signedIn, uniqueEmail, vipServerId } from '../helpers/billing'
import { checkPromoAt, createPromo, uniqueCode } from '../helpers/promo'
import * as yk from '../helpers/yookassa'
import type { YooKassaWorld } from '../helpers/yookassa'

let world: YooKassaWorld
let provider: SiteRunBilling

const DAY = 86_400_000

async function recordOf(order: string): Promise<Subscription | undefined> {
  const found = await world.payload.find({ collection: 'subscriptions', where: { 'provider.subscriptionId': { equals: order } }, depth: 0 })
  return found.docs[0]
}

async function historyOf(subscriptionId: number): Promise<string[]> {
  const found = await world.payload.find({ collection: 'subscription-events', where: { subscription: { equals: subscriptionId } }, sort: 'createdAt', pagination: false, depth: 0 })
  return found.docs.map((event) => `${event.type}${event.amountKopecks ? `:${event.amountKopecks}` : ''}`)
}

/** Pays and delivers every notification: a subscriber with a trialing subscription. */
async function subscriber(options: Parameters<typeof yk.buy>[1] = {}) {
  const bought = await yk.buy(world, options)
  for (const sent of bought.notifications) expect((await yk.notification(world, sent.body)).status).toBe(200)
  const payment = await yk.payment(world, bought.paymentId)
  const order = String((payment.metadata as Record<string, string>).order)
  const record = (await recordOf(order))!
  const user = (await world.payload.find({ collection: 'users', where: { email: { equals: bought.email } } })).docs[0]!
  return { ...bought, order, record, user }
}

/** Runs the renewal job as if it were `at`, for one subscription (other tests' subscriptions stay as they are). */
function runJob(record: Subscription, at: string | Date) {
  return chargeDueRenewals(world.payload, provider, new Date(at), record.id)
}

function paymentsFor(order: string) {
  return world.double.payments().filter((payment) => (payment.metadata as Record<string, string>).order === order)
}

beforeAll(async () => {
  world = await yk.startYooKassaWorld()
  const { billingProvider } = await import('@/lib/billing')
  provider = billingProvider() as SiteRunBilling
  expect(provider.name).toBe('yookassa')
})

afterAll(async () => {
  await world?.close()
})

describe('purchase', () => {
  it('asks for consent to automatic charges, then opens a 1-ruble payment that saves the method, once per form', async () => {
    const email = uniqueEmail('yk')
    const plan = String(await planId(world, '3'))
    const refused = await world.checkout(checkoutRequest({ email, plan, locale: 'en' }))
    const back = new URL(refused.headers.get('location')!)
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ error: 'consentRequired', email })
    expect(world.double.payments().some((payment) => (payment.metadata as Record<string, string>).email === email)).toBe(false)

    const cookie = await signedIn(world, email)
    const first = await world.checkout(checkoutRequest({ email, plan, locale: 'en', consent: 'on', attempt: 'yk-same-attempt-1' }, undefined, cookie))
    const again = await world.checkout(checkoutRequest({ email, plan, locale: 'en', consent: 'on', attempt: 'yk-same-attempt-1' }, undefined, cookie))
    expect(again.headers.get('location')).toBe(first.headers.get('location'))
    const paymentId = first.headers.get('location')!.split('/').pop()!
    expect(first.headers.get('location')).toBe(`http://localhost:3000/en/test-checkout/${paymentId}`)
    const payment = await yk.payment(world, paymentId)
    expect(payment).toMatchObject({ status: 'pending', amount: { value: '1.00', currency: 'RUB' } })
    // What YooKassa shows the payer: today's amount and what renewal charges, in the buyer's language.
    expect(payment.description).toMatch(/^₽1 today; from [A-Z][a-z]+ \d{1,2}, \d{4}, ₽799 every 3 months until you cancel$/)
    expect(payment.metadata).toMatchObject({ kind: 'first', email, months: '3', priceKopecks: '79900', trialDays: '10' })
    // Back with what the buyer chose, so "Try again" after a declined payment keeps it.
    expect((payment.confirmation as Record<string, string>).return_url).toMatch(/^https:\/\/free\.keys\.example\/api\/billing\/return\?locale=en&plan=\d+&email=[^&]+&order=ord_/)
    expect(world.double.payments().filter((item) => (item.metadata as Record<string, string>).email === email)).toHaveLength(1)
  })

  it('tells a returning buyer the trial is not theirs again before any payment page, then charges the full price', async () => {
    const { email, record } = await subscriber({ months: '1' })
    const { changeSiteRun } = await import('@/lib/billing/record/siteRenewals')
    await changeSiteRun(world.payload, record.id, { kind: 'cancelNow' })
    const plan = String(await planId(world, '1'))
    const count = () => world.double.payments().filter((payment) => (payment.metadata as Record<string, string>).email === email).length
    const before = count()
    const cookie = await signedIn(world, email)
    const told = await world.checkout(checkoutRequest({ email, plan, locale: 'ru', consent: 'on', attempt: `again-${Date.now()}` }, undefined, cookie))
    expect(Object.fromEntries(new URL(told.headers.get('location')!).searchParams)).toMatchObject({ error: 'trialUsed', email, plan })
    expect(count()).toBe(before)
    const paying = await world.checkout(checkoutRequest({ email, plan, locale: 'ru', consent: 'on', fullPrice: 'on', attempt: `again-${Date.now()}` }, undefined, cookie))
    const paymentId = paying.headers.get('location')!.split('/').pop()!
    const full = await yk.payment(world, paymentId)
    expect(full).toMatchObject({ amount: { value: '299.00' }, metadata: { trialDays: '0' } })
    expect(full.description).toMatch(/^299\s₽ сегодня, с \d{1,2} [а-я]+ \d{4} г\. — 299\s₽ каждый месяц до отмены$/)
    // A first-time buyer who ticked "full price" by hand still gets the trial.
    const freshEmail = uniqueEmail('fresh')
    const fresh = await world.checkout(checkoutRequest({ email: freshEmail, plan, locale: 'ru', consent: 'on', fullPrice: 'on', attempt: `fresh-${Date.now()}` }, undefined, await signedIn(world, freshEmail)))
    expect((await yk.payment(world, fresh.headers.get('location')!.split('/').pop()!)).amount).toEqual({ value: '1.00', currency: 'RUB' })
  })

  it('sends a 54-FZ receipt with the payment when the shop turns receipts on', async () => {
    await world.payload.updateGlobal({ slug: 'site-settings', data: { receipts: { enabled: true, vatCode: '1', taxSystemCode: '2' } } })
    try {
      const { paymentId } = await yk.openCheckout(world, uniqueEmail('receipt'))
      expect(await yk.payment(world, paymentId)).toMatchObject({ receipt_registration: 'succeeded' })
    } finally {
      await world.payload.updateGlobal({ slug: 'site-settings', data: { receipts: { enabled: false } } })
    }
    const { paymentId } = await yk.openCheckout(world, uniqueEmail('noreceipt'))
    expect(await yk.payment(world, paymentId)).not.toHaveProperty('receipt_registration')
  })

  it('sends a Telegram-only subscriber’s receipts, the renewals’ too, to the address typed for the first payment, never to the account’s placeholder', async () => {
    const { startSession, unusablePassword } = await import('@/lib/auth/session')
    const telegramId = 8_200_000_000 + (Date.now() % 1_000_000)
    const account = await world.payload.create({ collection: 'users', data: { email: `tg${telegramId}@telegram.invalid`, password: unusablePassword(), role: 'customer', telegramId: String(telegramId) }, depth: 0 })
    const cookie = (await startSession(world.payload, account.id)).split(';')[0]!
    // An address on an international domain, which the form takes in its ASCII form.
    const { checkEmail } = await import('@/lib/validation/checkEmail')
    const typed = uniqueEmail('tg-receipt').replace(/@.*$/, '@пример.рф')
    const email = (checkEmail(typed) as { ok: true; email: string }).email
    expect(email).toMatch(/@xn--e1afmkfd\.xn--p1ai$/)
    await world.payload.updateGlobal({ slug: 'site-settings', data: { receipts: { enabled: true, vatCode: '1', taxSystemCode: '2' } } })
    try {
      // The receipt needs an address: a Telegram-only buyer who typed none is asked for one.
      const bare = await world.checkout(checkoutRequest({ email: '', plan: String(await planId(world, '1')), locale: 'ru', consent: 'on' }, undefined, cookie))
      expect(bare.headers.get('location')).toMatch(/\/tariffs\?error=invalidEmail&/)
      const response = await world.checkout(checkoutRequest({ email: typed, plan: String(await planId(world, '1')), locale: 'ru', consent: 'on' }, undefined, cookie))
      const paymentId = /\/test-checkout\/([0-9a-f-]{36})$/.exec(response.headers.get('location') ?? '')?.[1]
      expect(paymentId, response.headers.get('location') ?? '').toBeTruthy()
      expect(world.double.receiptOf(paymentId!)).toMatchObject({ customer: { email } })
      const before = world.double.notifications.length
      await yk.control(world, `/_double/payments/${paymentId}/pay`, { method: 'card' })
      for (const sent of world.double.notifications.slice(before)) expect((await yk.notification(world, sent.body)).status).toBe(200)
      const order = String(((await yk.payment(world, paymentId!)).metadata as Record<string, string>).order)
      const record = (await recordOf(order))!
      expect(record).toMatchObject({ user: account.id, status: 'trialing', provider: { receiptEmail: email } })
      expect(await runJob(record, record.nextPaymentAt!)).toEqual({ charged: 1, failures: 0 })
      const renewal = paymentsFor(order).at(-1)!
      expect(renewal).toMatchObject({ status: 'succeeded', amount: { value: '299.00' } })
      expect(world.double.receiptOf(String(renewal.id))).toMatchObject({ customer: { email } })
    } finally {
      await world.payload.updateGlobal({ slug: 'site-settings', data: { receipts: { enabled: false } } })
    }
  })

  it('starts the trial from the paid 1 ruble, keeps the saved method’s id (no card number) and mails the buyer', async () => {
    const { record, user, email, order } = await subscriber({ months: '3' })
    expect(user.role).toBe('customer')
    expect(record).toMatchObject({
      status: 'trialing',
      cancelAtPeriodEnd: false,
      paymentMethod: { kind: 'card', brand: 'Mir', last4: '4477' },
      renewal: { amountKopecks: 79_900, months: 3, failedCharges: 0 },
      provider: { name: 'yookassa', subscriptionId: order },
    })
    expect(record.provider?.paymentMethodId).toMatch(/^[0-9a-f-]{36}$/)
    expect(JSON.stringify(record)).not.toContain('555555')
    expect(Date.parse(record.nextPaymentAt!) - Date.now()).toBeGreaterThan(9.9 * DAY)
    expect(await historyOf(record.id)).toEqual(['trial_started', 'payment:100'])
    expect((await world.smtp.latestTo(email)).subject).toBe('VIP-подписка на сайте VPN ключи активирована')
  })

  it('sends the buyer back to the success page when paid and to the failure page when declined, by what the API says', async () => {
    const paid = await yk.buy(world, { locale: 'en' })
    const success = await world.returnTo(new Request(paid.redirect))
    // With the plan and whether its trial applied, from YooKassa's record: the page states the terms again.
    expect(success.headers.get('location')).toMatch(/^https:\/\/free\.keys\.example\/en\/success-payment\?plan=\d+&trial=1$/)
    // Applied on return already: the notification arriving later changes nothing.
    const order = new URL(paid.redirect).searchParams.get('order')!
    expect((await recordOf(order))?.status).toBe('trialing')
    expect(await (await yk.notification(world, paid.notifications[0]!.body)).json()).toMatchObject({ result: 'duplicate' })

    const declinedEmail = uniqueEmail('declined')
    const { paymentId } = await yk.openCheckout(world, declinedEmail)
    const declined = await yk.control(world, `/_double/payments/${paymentId}/decline`)
    const fail = await world.returnTo(new Request(String(declined.redirect)))
    // The failure page, with the plan and address for "Try again" (checked, never trusted for anything else).
    const failUrl = new URL(fail.headers.get('location')!)
    expect(`${failUrl.origin}${failUrl.pathname}`).toBe('https://free.keys.example/fail-payment')
    expect(failUrl.searchParams.get('email')).toBe(declinedEmail)
    expect(failUrl.searchParams.get('plan')).toMatch(/^\d+$/)
    const forged = new URL(String(declined.redirect))
    forged.searchParams.set('email', 'x@y\r\nBcc: z@evil.example')
    forged.searchParams.set('plan', '1; drop')
    expect((await world.returnTo(new Request(forged.href))).headers.get('location')).toBe('https://free.keys.example/fail-payment')
    const forgedOrder = await world.returnTo(new Request('https://free.keys.example/api/billing/return?locale=ru&order=ord_00000000-0000-0000-0000-000000000000'))
    expect(forgedOrder.headers.get('location')).toBe('https://free.keys.example/tariffs')
  })
})

/** Pays an opened payment and delivers what YooKassa then notifies: the record it makes. */
async function pay(paymentId: string, last4?: string) {
  const before = world.double.notifications.length
  await yk.control(world, `/_double/payments/${paymentId}/pay`, { method: 'card', ...(last4 ? { last4 } : {}) })
  for (const sent of world.double.notifications.slice(before)) expect((await yk.notification(world, sent.body)).status).toBe(200)
  const order = String(((await yk.payment(world, paymentId)).metadata as Record<string, string>).order)
  return { order, record: (await recordOf(order))! }
}

describe('promo codes', () => {  const paymentIdOf = (response: Response) => /\/test-checkout\/([0-9a-f-]{36})$/.exec(response.headers.get('location') ?? '')?.[1] ?? ''

  it('takes 25 % off the first payment as shown on the form, through the e-mailed link, at YooKassa and in the history; renewals are at the full price; uses are counted', async () => {
    const monthly = await planId(world, '1')
    const promo = await createPromo(world.payload, { kind: 'percent', percentOff: 25, plans: [monthly], maxUses: 2 })
    // Typed in any case, with a dash: the form is shown today's price after the code, and the renewals at the full one.
    const typed = `${promo.code.slice(0, 3).toLowerCase()}-${promo.code.slice(3)}`
    const shown = await checkPromoAt({ code: typed, plan: monthly })
    expect(shown).toMatchObject({ status: 200, body: { ok: true, code: promo.code, submit: expect.stringMatching(/^Оплатить 224,25\s₽$/) } })
    expect(shown.body.applied).toMatch(new RegExp(`^Промокод ${promo.code}: скидка 74,75\\s₽ на первую оплату\\. Продление — по полной цене тарифа\\.$`))
    expect(shown.body.terms).toMatch(/^224,25\s₽ сегодня; с \d{1,2} [а-я]+ \d{4} г\. — 299\s₽ каждый месяц/)

    const email = uniqueEmail('promo')
    const confirmed = await checkoutByLink(world, { email, plan: String(monthly), locale: 'ru', consent: 'on', promo: typed })
    const opened = await yk.payment(world, paymentIdOf(confirmed))
    // What YooKassa charges is what the form said, and its description says the same.
    expect(opened).toMatchObject({ amount: { value: '224.25', currency: 'RUB' }, metadata: { trialDays: '0', promo: String(promo.id), discountKopecks: '7475' } })
    expect(opened.description).toMatch(/^224,25\s₽ сегодня, с \d{1,2} [а-я]+ \d{4} г\. — 299\s₽ каждый месяц до отмены$/)
    const { order, record } = await pay(paymentIdOf(confirmed))
    expect(record).toMatchObject({ status: 'active', promo: { code: promo.id, discountKopecks: 7475, extraDays: 0 }, renewal: { amountKopecks: 29_900, months: 1 } })
    expect(await historyOf(record.id)).toEqual(['activated', 'payment:22425'])
    const events = await world.payload.find({ collection: 'subscription-events', where: { subscription: { equals: record.id } }, depth: 0 })
    expect(events.docs.filter((event) => event.type === 'activated').map((event) => event.promo)).toEqual([promo.id])
    // The activation mail states what was paid and what renewal charges.
    expect((await world.smtp.latestTo(email)).text).toMatch(/224,25\s₽ сегодня/)
    expect(await runJob(record, record.nextPaymentAt!)).toEqual({ charged: 1, failures: 0 })
    expect(paymentsFor(order).at(-1)).toMatchObject({ status: 'succeeded', amount: { value: '299.00' } })

    // The buyer's own second use is refused for what it is; a stranger is told only that it does not apply.
    expect((await checkPromoAt({ code: promo.code, plan: monthly }, { cookie: await signedIn(world, email) })).body).toEqual({ ok: false, error: 'promoUsedByYou' })
    const second = await checkoutByLink(world, { email: uniqueEmail('promo2'), plan: String(monthly), locale: 'ru', consent: 'on', promo: promo.code })
    await pay(paymentIdOf(second))
    const usedUp = await checkPromoAt({ code: promo.code, plan: monthly })
    const unknown = await checkPromoAt({ code: uniqueCode('NONE'), plan: monthly })
    expect(usedUp).toEqual(unknown)
    expect(usedUp).toEqual({ status: 400, body: { ok: false, error: 'promoInvalid' } })
  })

  it('refuses a code for another plan with its reason and a bad one as unknown, back on the form with what was typed, opening no payment; thirty tries an hour per address', async () => {
    const monthly = await planId(world, '1')
    const quarterly = await planId(world, '3')
    const promo = await createPromo(world.payload, { kind: 'amount', amountOffKopecks: 10_000, plans: [quarterly] })
    const email = uniqueEmail('promo-plan')
    const count = () => world.double.payments().filter((payment) => (payment.metadata as Record<string, string>).email === email).length
    const cookie = await signedIn(world, email)
    for (const [code, error] of [
      [promo.code, 'promoNotForPlan'],
      ["' OR 1=1 --", 'promoInvalid'],
      [uniqueCode('NONE'), 'promoInvalid'],
    ] as const) {
      const answer = await world.checkout(checkoutRequest({ email, plan: String(monthly), locale: 'en', consent: 'on', promo: code }, '10.9.1.1', cookie))
      const back = new URL(answer.headers.get('location')!)
      expect(Object.fromEntries(back.searchParams)).toMatchObject({ error, email, plan: String(monthly), promo: code })
    }
    expect(count()).toBe(0)
    // Rubles off the plan it is for: 799 − 100 = 699 today.
    const right = await world.checkout(checkoutRequest({ email, plan: String(quarterly), locale: 'en', consent: 'on', promo: promo.code }, '10.9.1.1', cookie))
    expect(await yk.payment(world, paymentIdOf(right))).toMatchObject({ amount: { value: '699.00' } })

    const ip = `10.9.2.${Date.now() % 200}`
    const tries = []
    for (let i = 0; i < 30; i++) tries.push((await checkPromoAt({ code: uniqueCode('GUESS'), plan: monthly }, { ip })).status)
    expect(new Set(tries)).toEqual(new Set([400]))
    // The thirty-first, even the right code: refused, and a checkout with a code from there too.
    expect(await checkPromoAt({ code: promo.code, plan: quarterly }, { ip })).toMatchObject({ status: 429, body: { error: 'promoTooMany' } })
    const late = await world.checkout(checkoutRequest({ email, plan: String(quarterly), locale: 'en', consent: 'on', promo: promo.code }, ip, cookie))
    expect(new URL(late.headers.get('location')!).searchParams.get('error')).toBe('promoTooMany')
  })

  it('adds days to a first period paid in full, and lengthens the trial of a first subscription only', async () => {
    const monthly = await planId(world, '1')
    const days = await createPromo(world.payload, { kind: 'days', extraDays: 7 })
    const trial = await createPromo(world.payload, { kind: 'trial', trialDays: 30, firstPurchaseOnly: true })
    const email = uniqueEmail('promo-days')
    const cookie = await signedIn(world, email)
    const opened = await world.checkout(checkoutRequest({ email, plan: String(monthly), locale: 'ru', consent: 'on', promo: days.code }, '10.9.3.1', cookie))
    expect(await yk.payment(world, paymentIdOf(opened))).toMatchObject({ amount: { value: '299.00' }, metadata: { trialDays: '0', extraDays: '7' } })
    const { record } = await pay(paymentIdOf(opened))
    const paidAt = Date.parse(record.createdAt)
    expect(record).toMatchObject({ status: 'active', promo: { code: days.id, extraDays: 7 } })
    expect(Date.parse(record.nextPaymentAt!) - paidAt).toBeGreaterThan(34 * DAY)
    expect(Date.parse(record.nextPaymentAt!) - paidAt).toBeLessThan(39 * DAY)

    // This buyer has had a subscription: the trial code is not theirs.
    expect((await checkPromoAt({ code: trial.code, plan: monthly }, { cookie })).body).toEqual({ ok: false, error: 'promoFirstPurchaseOnly' })
    const fresh = uniqueEmail('promo-trial')
    const longer = await world.checkout(checkoutRequest({ email: fresh, plan: String(monthly), locale: 'ru', consent: 'on', promo: trial.code }, '10.9.3.2', await signedIn(world, fresh)))
    expect(await yk.payment(world, paymentIdOf(longer))).toMatchObject({ amount: { value: '1.00' }, metadata: { trialDays: '30' } })
    const started = (await pay(paymentIdOf(longer))).record
    expect(started).toMatchObject({ status: 'trialing', promo: { code: trial.id, trialDays: 30 } })
    expect(Date.parse(started.trialEndsAt!) - Date.parse(started.createdAt)).toBeGreaterThan(29.9 * DAY)
  })
})

describe('a trial that starts at the first connection', () => {
  /** A first subscription to the yearly plan whose trial starts at the first connection, paid. */
  async function heldSubscriber() {
    const { url, user, tariff } = await openHeldTrialCheckout(world, uniqueEmail('held'))
    return { user, tariff, ...(await pay(url.split('/').pop()!)) }
  }

  const poll = (userId: number) => pollSubscriptionUrl(world, userId)

  it('waits for the subscription URL’s first poll: the trial’s days, the first charge and its reminder then run from it', async () => {
    const { startHeldTrials } = await import('@/lib/billing/record/heldTrial')
    const { user, order, tariff, record } = await heldSubscriber()
    const paidAt = Date.parse(record.createdAt)
    // Waiting: the first charge is held at the latest date (30 days of waiting and the trial's 10).
    expect(record).toMatchObject({ status: 'trialing', trialHold: { days: 10, connectedAt: null } })
    expect(Date.parse(record.trialHold!.until!) - paidAt).toBeGreaterThan(29.9 * DAY)
    expect(Date.parse(record.nextPaymentAt!) - paidAt).toBeGreaterThan(39.9 * DAY)
    // The activation mail says the keys work now and the trial's days start at the first connection, with no end date.
    const activation = (await world.smtp.latestTo(user.email)).text.split('\n')
    expect(activation[0]).toMatch(/^Спасибо за оплату! Ключи работают уже сейчас, а дни пробного периода начнут идти с первого подключения устройства \(не позже \d{1,2} [а-я]+ \d{4} г\.\)\.$/)
    expect(activation[1]).toMatch(/^1\s₽ сегодня; 10 дней пробного периода начнутся с первого подключения устройства/)
    await startHeldTrials(world.payload)
    expect((await recordOf(order))!.trialEndsAt).toBe(record.trialEndsAt)

    // The first poll is served at once, and noted; the job starts the trial from it.
    const polledAt = Date.now()
    expect((await poll(user.id)).status).toBe(200)
    expect((await recordOf(order))!.trialHold?.connectedAt).toBeTruthy()
    await startHeldTrials(world.payload)
    const started = (await recordOf(order))!
    expect(started).toMatchObject({ status: 'trialing', trialHold: { until: null, connectedAt: null } })
    expect(Math.abs(Date.parse(started.trialEndsAt!) - (polledAt + 10 * DAY))).toBeLessThan(60_000)
    expect(started.nextPaymentAt).toBe(started.trialEndsAt)
    expect(await historyOf(record.id)).toEqual(['trial_started', 'payment:100', 'trial_started_on_connect'])
    // A second poll and a second run change nothing.
    await poll(user.id)
    await startHeldTrials(world.payload)
    expect((await recordOf(order))!.trialEndsAt).toBe(started.trialEndsAt)
    // The first charge comes at the trial's new end, not before.
    expect(await runJob(started, new Date(Date.parse(started.nextPaymentAt!) - 60_000))).toEqual({ charged: 0, failures: 0 })
    expect(await runJob(started, started.nextPaymentAt!)).toEqual({ charged: 1, failures: 0 })
    expect(paymentsFor(order).at(-1)).toMatchObject({ status: 'succeeded', amount: { value: (tariff.priceKopecks / 100).toFixed(2) } })
  })

  it('a gift redeemed while it waits adds its days to the trial’s own: they run from the first connection too', async () => {
    const { startHeldTrials } = await import('@/lib/billing/record/heldTrial')
    const { redeemGift } = await import('@/lib/gift')
    const { newGiftCode, giftDays } = await import('@/lib/gift/rules')
    const { randomInt } = await import('node:crypto')
    const { user, order, record } = await heldSubscriber()
    const code = newGiftCode(randomInt)
    await world.payload.create({ collection: 'gifts', data: { status: 'paid', code, tariff: record.tariff as number, months: 1, amountKopecks: 29_900, buyerEmail: 'giver@mail.example.com', paidAt: new Date().toISOString() }, depth: 0 })
    const added = giftDays(record.currentPeriodEnd!, 1, new Date())
    expect(await redeemGift(world.payload, { code, user })).toMatchObject({ ok: true, kind: 'extend' })
    expect((await recordOf(order))!.trialHold).toMatchObject({ days: 10 + added })
    const polledAt = Date.now()
    await poll(user.id)
    await startHeldTrials(world.payload)
    const started = (await recordOf(order))!
    expect(Math.abs(Date.parse(started.trialEndsAt!) - (polledAt + (10 + added) * DAY))).toBeLessThan(60_000)
  })

  it('unused for 30 days, runs its days from then, as first set', async () => {
    const { startHeldTrials } = await import('@/lib/billing/record/heldTrial')
    const { order, record } = await heldSubscriber()
    await startHeldTrials(world.payload, new Date(Date.parse(record.trialHold!.until!) + 60_000))
    const after = (await recordOf(order))!
    expect(after).toMatchObject({ status: 'trialing', trialEndsAt: record.trialEndsAt, nextPaymentAt: record.nextPaymentAt, trialHold: { until: null } })
    expect(await historyOf(record.id)).toEqual(['trial_started', 'payment:100'])
  })
})

describe('renewals run by the site', () => {
  it('charges the plan’s price from the saved method on the stated date, not before, then every period', async () => {
    const { record, order, email } = await subscriber({ months: '1', locale: 'en' })
    const trialEnd = record.nextPaymentAt!
    expect(await runJob(record, new Date(Date.parse(trialEnd) - 60_000))).toEqual({ charged: 0, failures: 0 })
    expect(await runJob(record, trialEnd)).toEqual({ charged: 1, failures: 0 })
    const renewed = (await recordOf(order))!
    expect(renewed).toMatchObject({ status: 'active', renewal: { failedCharges: 0 } })
    expect(Date.parse(renewed.currentPeriodEnd!) - Date.parse(trialEnd)).toBeGreaterThanOrEqual(28 * DAY)
    expect(renewed.nextPaymentAt).toBe(renewed.currentPeriodEnd)
    const charge = paymentsFor(order).at(-1)!
    expect(charge).toMatchObject({ status: 'succeeded', amount: { value: '299.00' }, description: 'VIP-подписка на VPN-ключи VPN ключи: 1 месяц' })
    const renewedMail = await world.smtp.latestTo(email)
    expect(renewedMail.subject).toBe('Your VPN keys VIP subscription was renewed')
    expect(renewedMail.text).toContain('Next payment: ₽299 on ')

    // The same run again, or later the same day: the period is paid, nothing more is charged.
    expect(await runJob(renewed, trialEnd)).toEqual({ charged: 0, failures: 0 })
    expect(await runJob(renewed, renewed.currentPeriodEnd!)).toEqual({ charged: 1, failures: 0 })
    expect(paymentsFor(order)).toHaveLength(3)
    // The charges staff look payments up in: each settled, the first payment's with its amount.
    const charges = await world.payload.find({ collection: 'charges', where: { order: { equals: order } }, sort: 'createdAt', depth: 0 })
    expect(charges.docs.map((charge) => `${charge.status}:${charge.amountKopecks}`)).toEqual(['succeeded:100', 'succeeded:29900', 'succeeded:29900'])
    expect(await historyOf(record.id)).toEqual(['trial_started', 'payment:100', 'activated', 'payment:29900', 'renewed', 'payment:29900'])
  })

  it('reminds the subscriber once, three days before the trial’s first full charge, in their language', async () => {
    const { record, email } = await subscriber({ months: '3', locale: 'en' })
    const trialEnd = Date.parse(record.trialEndsAt!)
    const reminders = () => world.smtp.messages.filter((mail) => mail.to.includes(email) && mail.subject === 'Your VPN keys trial ends soon')
    await runJob(record, new Date(trialEnd - 3 * DAY - 60_000))
    expect(reminders()).toHaveLength(0)
    await runJob(record, new Date(trialEnd - 3 * DAY + 60_000))
    await runJob(record, new Date(trialEnd - 2 * DAY))
    expect(reminders()).toHaveLength(1)
    // The 3-month plan's price, agreed at purchase.
    expect(reminders()[0]!.text).toContain('Then ₽799, the price of your plan, is charged to your saved payment method')
    // Turned off before the reminder: nobody is reminded of a charge that will not come.
    const { user: other, record: quiet } = await subscriber({ months: '1' })
    const { changeRenewal } = await import('@/lib/billing/record/renewalChoice')
    await changeRenewal(world.payload, provider, other, 'cancel', 30)
    await runJob(quiet, new Date(Date.parse(quiet.trialEndsAt!) - DAY))
    expect(world.smtp.messages.filter((mail) => mail.to.includes(other.email) && /Пробный период/.test(mail.subject))).toHaveLength(0)
  })

  it('retries a declined charge after 1 and 3 days, mailing each step, then expires and revokes the VIP keys', async () => {
    const { record, order, email, user } = await subscriber({ months: '1' })
    const { createDeviceKey } = await import('@/lib/vip/deviceKeys')
    expect(await createDeviceKey(world.payload, user, { serverId: await vipServerId(world), protocol: 'vless', device: 'Phone' })).toMatchObject({ ok: true })
    await yk.control(world, `/_double/methods/${record.provider!.paymentMethodId}/decline-next`, { count: 3 })
    const due = record.nextPaymentAt!

    await runJob(record, due)
    const first = (await recordOf(order))!
    expect(first).toMatchObject({ status: 'past_due', renewal: { failedCharges: 1 }, currentPeriodEnd: due })
    expect(first.nextPaymentAt).toBe(new Date(Date.parse(due) + DAY).toISOString())
    const retryMail = await world.smtp.latestTo(email)
    expect(retryMail.subject).toBe('Не удалось оплатить VIP-подписку на сайте VPN ключи')
    expect(retryMail.text).toMatch(/Мы повторим попытку \d+ [а-я]+ \d{4} г\. — проверьте/)
    expect(retryMail.text).not.toContain('г..')

    // Before the retry's date nothing is charged; at it, attempt 2 with a new key.
    expect(await runJob(first, new Date(Date.parse(due) + DAY - 60_000))).toEqual({ charged: 0, failures: 0 })
    await runJob(first, first.nextPaymentAt!)
    const second = (await recordOf(order))!
    expect(second).toMatchObject({ status: 'past_due', renewal: { failedCharges: 2 } })
    expect(second.nextPaymentAt).toBe(new Date(Date.parse(due) + 3 * DAY).toISOString())
    expect((await world.smtp.messages.filter((mail) => mail.to.includes(email) && mail.subject.startsWith('Не удалось'))).length).toBe(2)

    await runJob(second, second.nextPaymentAt!)
    const ended = (await recordOf(order))!
    expect(ended).toMatchObject({ status: 'expired', nextPaymentAt: null })
    expect((await world.smtp.latestTo(email)).subject).toBe('VIP-подписка на сайте VPN ключи закончилась')
    expect((await world.payload.count({ collection: 'keys', where: { owner: { equals: user.id }, revokedAt: { exists: false } } })).totalDocs).toBe(0)
    expect(paymentsFor(order).map((payment) => payment.status)).toEqual(['succeeded', 'canceled', 'canceled', 'canceled'])
    // Every declined attempt has its line: the first moved it to past due, the two retries name the amount asked.
    expect(await historyOf(record.id)).toEqual(['trial_started', 'payment:100', 'payment_failed', 'payment_failed:29900', 'expired', 'payment_failed:29900'])
    // An expired subscription is never charged again.
    expect(await runJob(ended, new Date(Date.parse(due) + 40 * DAY))).toEqual({ charged: 0, failures: 0 })
  })

  it('a paid retry renews from the due date and clears the failures', async () => {
    const { record, order } = await subscriber({ months: '1' })
    await yk.control(world, `/_double/methods/${record.provider!.paymentMethodId}/decline-next`, { count: 1 })
    await runJob(record, record.nextPaymentAt!)
    const pastDue = (await recordOf(order))!
    await runJob(pastDue, pastDue.nextPaymentAt!)
    const paid = (await recordOf(order))!
    expect(paid).toMatchObject({ status: 'active', renewal: { failedCharges: 0 } })
    expect(paid.currentPeriodEnd).toBe(new Date(new Date(record.nextPaymentAt!).setUTCMonth(new Date(record.nextPaymentAt!).getUTCMonth() + 1)).toISOString())
  })

  it('charges once when two instances run the job at the same moment', async () => {
    const { record, order } = await subscriber({ months: '6' })
    const runs = await Promise.all([runJob(record, record.nextPaymentAt!), runJob(record, record.nextPaymentAt!), runJob(record, record.nextPaymentAt!)])
    expect(runs.reduce((sum, run) => sum + run.failures, 0)).toBe(0)
    expect(paymentsFor(order).filter((payment) => (payment.metadata as Record<string, string>).kind === 'renewal')).toHaveLength(1)
    expect((await recordOf(order))?.status).toBe('active')
    expect((await historyOf(record.id)).filter((entry) => entry === 'payment:149000')).toHaveLength(1)
  })

  it('repeats an attempt whose answer was lost with the same Idempotence-Key: one payment at YooKassa', async () => {
    const { record, order } = await subscriber({ months: '1' })
    // The request reached YooKassa but the site never stored its answer (a crash between the two).
    const { planCharge } = await import('@/lib/billing/rules/renewalPlan')
    const due = planCharge({ ...record, status: record.status, trialEndsAt: record.trialEndsAt ?? null, currentPeriodEnd: record.currentPeriodEnd ?? null, nextPaymentAt: record.nextPaymentAt ?? null, cancelAtPeriodEnd: false, renewal: { amountKopecks: 29_900, months: 1, discountPercent: null, failedCharges: 0 } }, new Date(record.nextPaymentAt!))!
    await world.payload.create({ collection: 'charges', data: { key: due.idempotencyKey, order, subscription: record.id, status: 'pending', amountKopecks: 29_900 } })
    const lost = await provider.charge({
      amountKopecks: 29_900,
      savedMethodId: record.provider!.paymentMethodId!,
      description: 'VIP-подписка на VPN-ключи VPN ключи: 1 месяц',
      metadata: { order, kind: 'renewal', chargeKey: due.chargeKey, attempt: '1', periodStart: due.periodStart, periodEnd: due.periodEnd },
      receipt: null,
      idempotencyKey: due.idempotencyKey,
    })
    await runJob(record, record.nextPaymentAt!)
    const renewals = paymentsFor(order).filter((payment) => (payment.metadata as Record<string, string>).kind === 'renewal')
    expect(renewals.map((payment) => payment.id)).toEqual([lost.id])
    expect((await recordOf(order))?.status).toBe('active')
  })
})

describe('notifications', () => {
  it('are applied once: a replay changes nothing', async () => {
    const bought = await yk.buy(world)
    const [sent] = bought.notifications
    expect(await (await yk.notification(world, sent!.body)).json()).toMatchObject({ result: 'applied' })
    const order = String(((await yk.payment(world, bought.paymentId)).metadata as Record<string, string>).order)
    const before = await recordOf(order)
    for (let replay = 0; replay < 3; replay++) expect(await (await yk.notification(world, sent!.body)).json()).toMatchObject({ result: 'duplicate' })
    expect(await recordOf(order)).toEqual(before)
    expect(await historyOf(before!.id)).toEqual(['trial_started', 'payment:100'])
  })

  it('end in the same state in any order: a late decline of an earlier attempt after a paid retry changes nothing', async () => {
    const { record, order } = await subscriber({ months: '1' })
    await yk.control(world, `/_double/methods/${record.provider!.paymentMethodId}/decline-next`, { count: 1 })
    const before = world.double.notifications.length
    // Charged and answered without applying (as if the site crashed after each call): only notifications tell.
    const declined = await provider.charge({ amountKopecks: 29_900, savedMethodId: record.provider!.paymentMethodId!, description: 'x', metadata: { order, kind: 'renewal', chargeKey: `renewal:${record.id}:${record.currentPeriodEnd}`, attempt: '1', periodStart: record.currentPeriodEnd!, periodEnd: new Date(Date.parse(record.currentPeriodEnd!) + 30 * DAY).toISOString() }, receipt: null, idempotencyKey: `late-test-${order}-1` })
    const paid = await provider.charge({ amountKopecks: 29_900, savedMethodId: record.provider!.paymentMethodId!, description: 'x', metadata: { order, kind: 'renewal', chargeKey: `renewal:${record.id}:${record.currentPeriodEnd}`, attempt: '2', periodStart: record.currentPeriodEnd!, periodEnd: new Date(Date.parse(record.currentPeriodEnd!) + 30 * DAY).toISOString() }, receipt: null, idempotencyKey: `late-test-${order}-2` })
    expect([declined.status, paid.status]).toEqual(['canceled', 'succeeded'])
    const sent = world.double.notifications.slice(before)
    // The paid retry's notification first, the earlier decline's after it.
    for (const item of [...sent].reverse()) expect((await yk.notification(world, item.body)).status).toBe(200)
    expect(await recordOf(order)).toMatchObject({ status: 'active', renewal: { failedCharges: 0 } })
  })

  it('are never trusted: a forged body is re-read from the API, and what the API says decides', async () => {
    const { paymentId } = await yk.openCheckout(world, uniqueEmail('forger'))
    const pending = await yk.payment(world, paymentId)
    // "It succeeded", says the forger, with a plan and an e-mail of their choosing; the API says it is pending.
    const forged = JSON.stringify({ type: 'notification', event: 'payment.succeeded', object: { ...pending, status: 'succeeded', paid: true, metadata: { ...(pending.metadata as object), email: 'forger@evil.example' } } })
    expect(await (await yk.notification(world, forged)).json()).toMatchObject({ result: 'ignored' })
    const order = String((pending.metadata as Record<string, string>).order)
    expect(await recordOf(order)).toBeUndefined()
    const unknown = JSON.stringify({ type: 'notification', event: 'payment.succeeded', object: { id: '2f0e6a1b-000f-5000-9000-1edaf29243f2', status: 'succeeded' } })
    expect(await (await yk.notification(world, unknown)).json()).toMatchObject({ result: 'ignored' })
    expect((await yk.notification(world, 'not json')).status).toBe(400)
    expect((await yk.notification(world, JSON.stringify({ type: 'notification', event: 'payment.succeeded' }))).status).toBe(400)
    expect((await world.payload.count({ collection: 'users', where: { email: { equals: 'forger@evil.example' } } })).totalDocs).toBe(0)
  })

  it('record a refund once, whichever notification brings it first', async () => {
    const { record, paymentId } = await subscriber({ months: '1' })
    const response = await fetch(`${world.double.url}/v3/refunds`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${yk.SHOP_ID}:${yk.SECRET_KEY}`).toString('base64')}`, 'idempotence-key': `refund-${paymentId}`, 'content-type': 'application/json' },
      body: JSON.stringify({ payment_id: paymentId, amount: { value: '1.00', currency: 'RUB' } }),
    })
    expect(response.status).toBe(200)
    const refundNotice = world.double.notifications.at(-1)!
    expect(refundNotice.event).toBe('refund.succeeded')
    expect((await yk.notification(world, refundNotice.body)).status).toBe(200)
    expect(await (await yk.notification(world, refundNotice.body)).json()).toMatchObject({ result: 'duplicate' })
    expect(await historyOf(record.id)).toEqual(['trial_started', 'payment:100', 'refund:100'])
  })
})

describe('subscriptions Stripe runs', () => {
  it('are never charged by the site’s renewal job, even with renewal terms and a method on record', async () => {
    const { user } = await subscriber({ months: '1' })
    const past = new Date(Date.now() - DAY).toISOString()
    const stripeRun = await world.payload.create({
      collection: 'subscriptions',
      data: {
        user: user.id,
        tariff: await planId(world, '1'),
        status: 'active',
        currentPeriodEnd: past,
        nextPaymentAt: past,
        provider: { name: 'stripe', subscriptionId: `sub_test_${Date.now()}`, customerId: 'cus_test', paymentMethodId: 'pm_test_card' },
        renewal: { amountKopecks: 29_900, months: 1, discountPercent: null, failedCharges: 0 },
      },
    })
    const before = world.double.payments().length
    await runJob(stripeRun, new Date())
    expect(world.double.payments().length).toBe(before)
    expect(await world.payload.findByID({ collection: 'subscriptions', id: stripeRun.id, depth: 0 })).toMatchObject({ status: 'active', nextPaymentAt: past })
  })
})

describe('referrals', () => {
  const referralOf = async (friend: number) => (await world.payload.find({ collection: 'referrals', where: { friend: { equals: friend } }, depth: 0 })).docs[0]
  const stepsOf = async (subscriptionId: number) => (await historyOf(subscriptionId)).filter((step) => step.startsWith('referral_'))

  it('rewards both sides once at the friend’s first full payment (not the trial’s fee), and takes both back when that payment is refunded', async () => {
    const { referralCodeOf, referralSummaryOf } = await import('@/lib/referral')
    const { refundPayment } = await import('@/lib/billing/record/refund')
    const referrer = await subscriber({ months: '1' })
    const code = await referralCodeOf(world.payload, referrer.user.id)
    expect(await referralCodeOf(world.payload, referrer.user.id)).toBe(code)

    // The friend comes by the link (its cookie) and buys: the trial's 1 ₽ fee is no full payment.
    const email = uniqueEmail('friend')
    const opened = await world.checkout(checkoutRequest({ email, plan: String(await planId(world, '1')), locale: 'en', consent: 'on' }, '10.9.5.1', `${await signedIn(world, email)}; vk_ref=${code.toUpperCase()}`))
    const paymentId = /\/test-checkout\/([0-9a-f-]{36})$/.exec(opened.headers.get('location') ?? '')![1]!
    expect(await yk.payment(world, paymentId)).toMatchObject({ metadata: { referrer: String(referrer.user.id) } })
    // Their own card (the referrer paid with the double's usual one: the same card would be the same person).
    const { record } = await pay(paymentId, '1234')
    expect(await referralOf(record.user as number)).toMatchObject({ referrer: referrer.user.id, status: 'pending', friendSubscription: record.id })
    const referrerEnd = Date.parse((await world.payload.findByID({ collection: 'subscriptions', id: referrer.record.id })).currentPeriodEnd!)

    // The first renewal is the first full payment: 7 days each (the settings' default), the friend's after its new period.
    expect(await runJob(record, record.nextPaymentAt!)).toEqual({ charged: 1, failures: 0 })
    const rewarded = (await referralOf(record.user as number))!
    expect(rewarded).toMatchObject({ status: 'rewarded', friendDays: 7, referrerDays: 7, friendGrantedDays: 7, referrerGrantedDays: 7, referrerSubscription: referrer.record.id, capped: false })
    const friendNow = (await world.payload.findByID({ collection: 'subscriptions', id: record.id }))!
    const referrerNow = (await world.payload.findByID({ collection: 'subscriptions', id: referrer.record.id }))!
    expect(Date.parse(referrerNow.currentPeriodEnd!) - referrerEnd).toBe(7 * DAY)
    expect(referrerNow.trialEndsAt).toBe(referrerNow.currentPeriodEnd)
    expect(referrerNow.nextPaymentAt).toBe(referrerNow.currentPeriodEnd)
    expect(friendNow.nextPaymentAt).toBe(friendNow.currentPeriodEnd)
    expect(await stepsOf(record.id)).toEqual(['referral_reward'])
    expect(await stepsOf(referrer.record.id)).toEqual(['referral_reward'])
    expect(await referralSummaryOf(world.payload, referrer.user.id)).toEqual({ code, friends: 1, rewarded: 1, earnedDays: 7, waitingDays: 0 })

    // The settling job again (the queue's runner after the immediate run): nothing more is given.
    const { settleReferral } = await import('@/lib/referral/settle')
    await settleReferral(world.payload, rewarded.id)
    expect(await stepsOf(referrer.record.id)).toEqual(['referral_reward'])

    // A later renewal is no first payment: nothing more.
    const paid = await refundableRenewal(record.id)
    await runJob(friendNow, friendNow.nextPaymentAt!)
    expect(await stepsOf(record.id)).toEqual(['referral_reward'])

    // Staff refund the rewarded payment: both sides' days are taken back, once, whatever YooKassa notifies later.
    const before = world.double.notifications.length
    await refundPayment(world.payload, { subscriptionId: record.id, reference: paid, amountKopecks: 29_900, by: 'editor@example.com' })
    for (const notice of world.double.notifications.slice(before)) expect((await yk.notification(world, notice.body)).status).toBe(200)
    expect(await referralOf(record.user as number)).toMatchObject({ status: 'revoked', friendGrantedDays: 0, referrerGrantedDays: 0 })
    expect(Date.parse((await world.payload.findByID({ collection: 'subscriptions', id: referrer.record.id })).currentPeriodEnd!)).toBe(referrerEnd)
    expect(await stepsOf(referrer.record.id)).toEqual(['referral_reward', 'referral_taken_back'])
    expect(await stepsOf(record.id)).toEqual(['referral_reward', 'referral_taken_back'])
    expect(await referralSummaryOf(world.payload, referrer.user.id)).toMatchObject({ friends: 1, rewarded: 0, earnedDays: 0 })
  })

  it('rewards nobody for one’s own second account, or one’s own link', async () => {
    const { referralCodeOf } = await import('@/lib/referral')
    const stem = `ref${Date.now().toString(36)}`
    const referrer = await subscriber({ months: '1', email: `${stem}.one1@mail.example` })
    const code = await referralCodeOf(world.payload, referrer.user.id)
    // A second address of the same name on the same domain: a friend, refused at its first full payment.
    const email = `${stem}one2@mail.example`
    const opened = await world.checkout(checkoutRequest({ email, plan: String(await planId(world, '1')), locale: 'ru', consent: 'on' }, '10.9.5.2', `${await signedIn(world, email)}; vk_ref=${code}`))
    const { record } = await pay(/\/test-checkout\/([0-9a-f-]{36})$/.exec(opened.headers.get('location') ?? '')![1]!, '5678')
    await runJob(record, record.nextPaymentAt!)
    expect(await referralOf(record.user as number)).toMatchObject({ status: 'refused', refusal: 'sameEmail', friendGrantedDays: 0, referrerGrantedDays: 0 })
    expect(await stepsOf(referrer.record.id)).toEqual([])

    // One's own link, bought with (a first subscription of an account that is the link's): no friend at all.
    const own = uniqueEmail('own')
    const ownUser = await world.payload.create({ collection: 'users', data: { email: own, password: 'x'.repeat(20), role: 'customer', emailVerified: true } })
    const ownCode = await referralCodeOf(world.payload, ownUser.id)
    const ownCheckout = await world.checkout(checkoutRequest({ email: own, plan: String(await planId(world, '1')), locale: 'ru', consent: 'on' }, '10.9.5.3', `${await signedIn(world, own)}; vk_ref=${ownCode}`))
    expect((await yk.payment(world, /\/test-checkout\/([0-9a-f-]{36})$/.exec(ownCheckout.headers.get('location') ?? '')![1]!)).metadata).not.toHaveProperty('referrer')
    // A code nobody has, or one a customer tries to write to their account: nothing.
    expect(await referralOf(ownUser.id)).toBeUndefined()
    await expect(world.payload.update({ collection: 'users', id: ownUser.id, data: { referralCode: 'aaaaaaaa' }, overrideAccess: false, user: ownUser })).resolves.toMatchObject({ referralCode: ownCode })
  })

  it('keeps the days a friend earns a referrer whose subscription has ended, and gives them to the referrer’s next subscription once', async () => {
    const { referralCodeOf, referralSummaryOf } = await import('@/lib/referral')
    const { changeSiteRun } = await import('@/lib/billing/record/siteRenewals')
    const { addMonths } = await import('@/lib/billing/rules/renewalPlan')
    const plan = String(await planId(world, '1'))
    const paymentOf = (response: Response) => /\/test-checkout\/([0-9a-f-]{36})$/.exec(response.headers.get('location') ?? '')![1]!
    const referrer = await subscriber({ months: '1' })
    const code = await referralCodeOf(world.payload, referrer.user.id)
    await changeSiteRun(world.payload, referrer.record.id, { kind: 'cancelNow' })

    // The friend's first full payment while the referrer has no subscription: the friend's days now, the referrer's wait.
    const email = uniqueEmail('friend')
    const opened = await world.checkout(checkoutRequest({ email, plan, locale: 'ru', consent: 'on' }, '10.9.5.4', `${await signedIn(world, email)}; vk_ref=${code}`))
    const { record } = await pay(paymentOf(opened), '4321')
    await runJob(record, record.nextPaymentAt!)
    const friend = record.user as number
    expect(await referralOf(friend)).toMatchObject({ status: 'rewarded', referrerDays: 7, friendGrantedDays: 7, referrerGrantedDays: 0 })
    expect((await referralOf(friend))!.referrerSubscription ?? null).toBeNull()
    expect(await stepsOf(referrer.record.id)).toEqual([])
    expect(await referralSummaryOf(world.payload, referrer.user.id)).toMatchObject({ rewarded: 1, earnedDays: 7, waitingDays: 7 })

    // The referrer subscribes again (at full price: the trial was theirs): the new subscription starts 7 days longer.
    const again = await world.checkout(checkoutRequest({ email: referrer.email, plan, locale: 'ru', consent: 'on', fullPrice: 'on', attempt: `again-${Date.now()}` }, '10.9.5.5', await signedIn(world, referrer.email)))
    const { record: next } = await pay(paymentOf(again))
    expect(await referralOf(friend)).toMatchObject({ referrerGrantedDays: 7, referrerSubscription: next.id })
    expect(await stepsOf(next.id)).toEqual(['referral_reward'])
    const activated = (await world.payload.find({ collection: 'subscription-events', where: { subscription: { equals: next.id }, type: { equals: 'activated' } }, depth: 0 })).docs[0]!
    const end = Date.parse((await world.payload.findByID({ collection: 'subscriptions', id: next.id, depth: 0 })).currentPeriodEnd!)
    expect(Math.abs(end - Date.parse(addMonths(activated.occurredAt, 1)) - 7 * DAY)).toBeLessThan(60_000)
    expect(await referralSummaryOf(world.payload, referrer.user.id)).toMatchObject({ rewarded: 1, earnedDays: 7, waitingDays: 0 })
    // The settling job again, or a later subscription: nothing more.
    const { settleReferral } = await import('@/lib/referral/settle')
    await settleReferral(world.payload, (await referralOf(friend))!.id)
    expect(await stepsOf(next.id)).toEqual(['referral_reward'])
  })
})

describe('gifts', () => {
  const giftForm = (fields: Record<string, string>, cookie?: string, ip = '10.9.7.1') => {
    const form = new FormData()
    for (const [key, value] of Object.entries(fields)) form.set(key, value)
    return new Request('http://localhost/api/gift/checkout', { method: 'POST', body: form, headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie, 'sec-fetch-site': 'same-origin' } : {}) } })
  }
  const redeemForm = (code: string, cookie?: string, ip = '10.9.7.2') => {
    const form = new FormData()
    form.set('code', code)
    form.set('locale', 'ru')
    return new Request('http://localhost/api/gift/redeem', { method: 'POST', body: form, headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie, 'sec-fetch-site': 'same-origin' } : {}) } })
  }
  const giftOf = async (paymentId: string) => (await world.payload.find({ collection: 'gifts', where: { 'provider.payment': { equals: paymentId } }, depth: 0 })).docs[0]!

  /** Buys the monthly plan as a gift and pays it: the gift, paid, and its code. */
  async function boughtGift(buyer = uniqueEmail('giver'), cookie?: string) {
    const { POST } = await import('@/app/api/gift/checkout/route')
    const opened = await POST(giftForm({ email: buyer, plan: String(await planId(world, '1')), locale: 'ru' }, cookie))
    expect(opened.status).toBe(303)
    const paymentId = /\/test-checkout\/([0-9a-f-]{36})$/.exec(opened.headers.get('location') ?? '')?.[1]
    expect(paymentId, opened.headers.get('location') ?? '').toBeTruthy()
    const before = world.double.notifications.length
    await yk.control(world, `/_double/payments/${paymentId}/pay`, { method: 'card' })
    for (const sent of world.double.notifications.slice(before)) expect((await yk.notification(world, sent.body)).status).toBe(200)
    return { buyer, paymentId: paymentId!, gift: await giftOf(paymentId!) }
  }

  it('is one payment of the plan’s price with nothing saved; its code is mailed to the buyer and redeemed once into a new subscription that does not renew', async () => {
    const { displayGiftCode } = await import('@/lib/gift/rules')
    const { POST: redeem } = await import('@/app/api/gift/redeem/route')
    const { buyer, paymentId, gift } = await boughtGift()
    expect(await yk.payment(world, paymentId)).toMatchObject({ amount: { value: '299.00' }, metadata: { kind: 'gift', gift: String(gift.id) } })
    expect((await yk.payment(world, paymentId)).description).toMatch(/^Подарок: VIP на 1 мес\., 299\s₽ один раз, без автопродления$/)
    expect(gift).toMatchObject({ status: 'paid', amountKopecks: 29_900, months: 1, buyerEmail: buyer })
    const mail = await world.smtp.latestTo(buyer)
    expect(mail.subject).toBe('Подарок: VIP-подписка на сайте VPN ключи')
    expect(mail.text).toContain(displayGiftCode(gift.code!))
    expect(mail.text).toContain(`/gift?code=${gift.code}`)
    // No subscription for the buyer: a gift is someone else's.
    expect((await world.payload.find({ collection: 'subscriptions', where: { 'provider.subscriptionId': { equals: `gift:${gift.id}` } } })).totalDocs).toBe(0)

    // Signed out: off to sign in, back to the form with the code.
    const signedOut = await redeem(redeemForm(displayGiftCode(gift.code!)))
    expect(new URL(signedOut.headers.get('location')!).pathname).toBe('/login')
    expect(new URL(signedOut.headers.get('location')!).searchParams.get('next')).toBe(`/gift?code=${gift.code}#redeem`)

    // The recipient, typed in small letters with spaces: a month from now, no renewal, the activation mail.
    const recipient = uniqueEmail('recipient')
    const cookie = await signedIn(world, recipient)
    const done = await redeem(redeemForm(displayGiftCode(gift.code!).toLowerCase().replaceAll('-', ' '), cookie))
    expect(new URL(done.headers.get('location')!).pathname + new URL(done.headers.get('location')!).search).toBe('/profile/subscription?gift=new')
    const record = (await world.payload.find({ collection: 'subscriptions', where: { 'provider.subscriptionId': { equals: `gift:${gift.id}` } }, depth: 0 })).docs[0]!
    expect(record).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, nextPaymentAt: null, provider: { name: 'gift' } })
    expect(Date.parse(record.currentPeriodEnd!) - Date.now()).toBeGreaterThan(27 * DAY)
    expect((await world.smtp.latestTo(recipient)).subject).toBe('VIP-подписка на сайте VPN ключи активирована')
    expect(await world.payload.findByID({ collection: 'gifts', id: gift.id, depth: 0 })).toMatchObject({ status: 'redeemed', subscription: record.id })

    // Replayed: told it is theirs already; anyone else hears it is no code.
    const again = await redeem(redeemForm(gift.code!, cookie))
    expect(new URL(again.headers.get('location')!).searchParams.get('error')).toBe('giftUsedByYou')
    const stranger = await redeem(redeemForm(gift.code!, await signedIn(world, uniqueEmail('stranger'))))
    expect(new URL(stranger.headers.get('location')!).searchParams.get('error')).toBe('giftInvalid')
    expect((await world.payload.find({ collection: 'subscriptions', where: { 'provider.subscriptionId': { equals: `gift:${gift.id}` } } })).totalDocs).toBe(1)

    // Never charged, never renewed: it ends with its period.
    const { endLapsedStarsSubscriptions } = await import('@/lib/billing/providers/stars')
    await endLapsedStarsSubscriptions(world.payload, new Date(Date.parse(record.currentPeriodEnd!) + 60_000))
    expect((await world.payload.findByID({ collection: 'subscriptions', id: record.id })).status).toBe('expired')
  })

  it('adds its period to a live subscription (the next charge moves with it); two redeeming one code at once get it once', async () => {
    const { POST: redeem } = await import('@/app/api/gift/redeem/route')
    const { redeemGift } = await import('@/lib/gift')
    const subscribed = await subscriber({ months: '1' })
    const { gift } = await boughtGift()
    const done = await redeem(redeemForm(gift.code!, await signedIn(world, subscribed.email)))
    expect(new URL(done.headers.get('location')!).search).toBe('?gift=extend')
    const moved = (await recordOf(subscribed.order))!
    expect(Date.parse(moved.nextPaymentAt!) - Date.parse(subscribed.record.nextPaymentAt!)).toBeGreaterThanOrEqual(28 * DAY)
    expect(moved.currentPeriodEnd).toBe(moved.nextPaymentAt)
    expect(await historyOf(moved.id)).toContain('gift_redeemed')

    const second = (await boughtGift()).gift
    const [one, two] = await Promise.all([
      world.payload.create({ collection: 'users', data: { email: uniqueEmail('race1'), password: 'x'.repeat(20), role: 'customer' } }),
      world.payload.create({ collection: 'users', data: { email: uniqueEmail('race2'), password: 'x'.repeat(20), role: 'customer' } }),
    ])
    const outcomes = await Promise.all([redeemGift(world.payload, { code: second.code!, user: one }), redeemGift(world.payload, { code: second.code!, user: two })])
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1)
    expect((await world.payload.find({ collection: 'subscriptions', where: { user: { in: [one.id, two.id] } } })).totalDocs).toBe(1)
  })

  it('refunded before it is redeemed, its code is void; YooKassa’s later notice changes nothing; a redeemed one cannot be refunded here', async () => {
    const { POST: redeem } = await import('@/app/api/gift/redeem/route')
    const { refundGift } = await import('@/lib/gift')
    const { gift, paymentId } = await boughtGift()
    const before = world.double.notifications.length
    await refundGift(world.payload, { giftId: gift.id, by: 'admin@example.com' })
    expect((await yk.payment(world, paymentId)).refunded_amount).toEqual({ value: '299.00', currency: 'RUB' })
    for (const sent of world.double.notifications.slice(before)) expect((await yk.notification(world, sent.body)).status).toBe(200)
    expect(await world.payload.findByID({ collection: 'gifts', id: gift.id })).toMatchObject({ status: 'void' })
    const tried = await redeem(redeemForm(gift.code!, await signedIn(world, uniqueEmail('late'))))
    expect(new URL(tried.headers.get('location')!).searchParams.get('error')).toBe('giftInvalid')
    await expect(refundGift(world.payload, { giftId: gift.id, by: 'admin@example.com' })).rejects.toMatchObject({ reason: 'notPaid' })

    // Bought signed in: the gift is the account's, and its code comes as the account's notice (here by e-mail).
    const giver = uniqueEmail('signed-giver')
    const kept = (await boughtGift(giver, await signedIn(world, giver))).gift
    expect(kept.buyer).toEqual(expect.any(Number))
    expect((await world.smtp.latestTo(giver)).text).toContain(kept.code!.slice(0, 4))
    await redeem(redeemForm(kept.code!, await signedIn(world, uniqueEmail('keeper'))))
    await expect(refundGift(world.payload, { giftId: kept.id, by: 'admin@example.com' })).rejects.toMatchObject({ reason: 'redeemed' })
  })
})

/** The latest renewal payment of a subscription (its reference at YooKassa), to refund. */
async function refundableRenewal(subscriptionId: number): Promise<string> {
  const { refundablePayments } = await import('@/lib/billing/record/refund')
  const payments = await refundablePayments(world.payload, subscriptionId)
  return payments.find((payment) => payment.amountKopecks === 29_900)!.reference
}

describe('refunds by staff', () => {
  it('return part of a payment, then the rest, through YooKassa; each is in the history once, with who did it; more is refused', async () => {
    const { refundPayment, refundablePayments, RefundError } = await import('@/lib/billing/record/refund')
    const { record, paymentId } = await subscriber({ months: '1' })
    expect(await refundablePayments(world.payload, record.id)).toEqual([expect.objectContaining({ reference: paymentId, amountKopecks: 100, refundedKopecks: 0 })])
    const before = world.double.notifications.length
    await refundPayment(world.payload, { subscriptionId: record.id, reference: paymentId, amountKopecks: 40, by: 'editor@example.com' })
    await refundPayment(world.payload, { subscriptionId: record.id, reference: paymentId, amountKopecks: 60, by: 'admin@example.com' })
    await expect(refundPayment(world.payload, { subscriptionId: record.id, reference: paymentId, amountKopecks: 1, by: 'admin@example.com' })).rejects.toMatchObject({ reason: 'amount', remainingKopecks: 0 })
    await expect(refundPayment(world.payload, { subscriptionId: record.id, reference: 'not-a-payment', amountKopecks: 1, by: 'admin@example.com' })).rejects.toBeInstanceOf(RefundError)
    expect((await yk.payment(world, paymentId)).refunded_amount).toEqual({ value: '1.00', currency: 'RUB' })
    // YooKassa's notifications of both refunds, delivered late, add nothing.
    const notices = world.double.notifications.slice(before)
    expect(notices.map((notice) => notice.event)).toEqual(['refund.succeeded', 'refund.succeeded'])
    for (const notice of notices) expect((await yk.notification(world, notice.body)).status).toBe(200)
    expect(await historyOf(record.id)).toEqual(['trial_started', 'payment:100', 'refund:40', 'refund:60'])
    const refunds = await world.payload.find({ collection: 'subscription-events', where: { and: [{ subscription: { equals: record.id } }, { type: { equals: 'refund' } }] }, sort: 'createdAt', depth: 0 })
    expect(refunds.docs.map((event) => event.note)).toEqual(['editor@example.com', 'admin@example.com'])
    expect(await refundablePayments(world.payload, record.id)).toEqual([expect.objectContaining({ reference: paymentId, refundedKopecks: 100 })])
  })

  it('record two partial refunds reported only by notifications as what each returned, not the running total twice', async () => {
    const { record, paymentId } = await subscriber({ months: '1' })
    const refund = (value: string, key: string) =>
      fetch(`${world.double.url}/v3/refunds`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${yk.SHOP_ID}:${yk.SECRET_KEY}`).toString('base64')}`, 'idempotence-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ payment_id: paymentId, amount: { value, currency: 'RUB' } }),
      })
    expect((await refund('0.30', `a-${paymentId}`)).status).toBe(200)
    expect((await yk.notification(world, world.double.notifications.at(-1)!.body)).status).toBe(200)
    expect((await refund('0.20', `b-${paymentId}`)).status).toBe(200)
    expect((await yk.notification(world, world.double.notifications.at(-1)!.body)).status).toBe(200)
    expect(await historyOf(record.id)).toEqual(['trial_started', 'payment:100', 'refund:30', 'refund:20'])
  })
})

describe('cancelling auto-renewal', () => {
  it('accepting the offer takes the discount off the next charge once, then the full price again', async () => {
    const { record, order, user } = await subscriber({ months: '1' })
    const { changeRenewal } = await import('@/lib/billing/record/renewalChoice')
    expect(await changeRenewal(world.payload, provider, user, 'discount', 30)).toEqual({ ok: true })
    expect(await changeRenewal(world.payload, provider, user, 'discount', 30)).toEqual({ ok: false, error: 'discountUsed' })
    expect((await recordOf(order))?.renewal?.discountPercent).toBe(30)
    await runJob(record, record.nextPaymentAt!)
    const renewed = (await recordOf(order))!
    await runJob(renewed, renewed.nextPaymentAt!)
    expect(paymentsFor(order).map((payment) => (payment.amount as Record<string, string>).value)).toEqual(['1.00', '209.30', '299.00'])
  })

  it('refusing turns renewal off: nothing is charged, and the subscription ends with its paid period', async () => {
    const { record, order, user, email } = await subscriber({ months: '1' })
    const { createDeviceKey } = await import('@/lib/vip/deviceKeys')
    expect(await createDeviceKey(world.payload, user, { serverId: await vipServerId(world), protocol: 'vless', device: 'Laptop' })).toMatchObject({ ok: true })
    const { changeRenewal } = await import('@/lib/billing/record/renewalChoice')
    expect(await changeRenewal(world.payload, provider, user, 'cancel', 30)).toEqual({ ok: true })
    const off = (await recordOf(order))!
    expect(off).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: true, nextPaymentAt: null })
    expect(await runJob(off, new Date(Date.parse(record.currentPeriodEnd!) - 60_000))).toEqual({ charged: 0, failures: 0 })
    expect((await recordOf(order))?.status).toBe('trialing')
    await runJob(off, record.currentPeriodEnd!)
    expect((await recordOf(order))?.status).toBe('cancelled')
    expect(paymentsFor(order)).toHaveLength(1)
    expect((await world.payload.count({ collection: 'keys', where: { owner: { equals: user.id }, revokedAt: { exists: false } } })).totalDocs).toBe(0)
    expect(await historyOf(record.id)).toEqual(['trial_started', 'payment:100', 'renewal_cancelled', 'cancelled'])
    expect(email).toBeTruthy()
  })

  it('"Extend" turns renewal back on with the next charge at the period’s end', async () => {
    const { record, order, user } = await subscriber({ months: '1' })
    const { changeRenewal } = await import('@/lib/billing/record/renewalChoice')
    await changeRenewal(world.payload, provider, user, 'cancel', 30)
    expect(await changeRenewal(world.payload, provider, user, 'resume', 30)).toEqual({ ok: true })
    expect(await recordOf(order)).toMatchObject({ cancelAtPeriodEnd: false, nextPaymentAt: record.currentPeriodEnd })
    expect(await runJob(record, record.currentPeriodEnd!)).toEqual({ charged: 1, failures: 0 })
  })
})

describe('the saved payment method', () => {
  it('is the subscriber’s to unlink: its id forgotten, renewal off and not to be resumed, nothing charged, one e-mail', async () => {
    const { record, order, user, email } = await subscriber({ months: '1' })
    const { unlinkPaymentMethod } = await import('@/lib/billing/record/paymentMethod')
    const since = world.smtp.messages.length
    expect(await unlinkPaymentMethod(world.payload, provider, user)).toEqual({ ok: true })
    const unlinked = (await recordOf(order))!
    expect(unlinked).toMatchObject({
      status: 'trialing',
      cancelAtPeriodEnd: true,
      nextPaymentAt: null,
      provider: { paymentMethodId: null },
      paymentMethod: { kind: null, brand: null, last4: null, validUntil: null },
    })
    expect(await historyOf(record.id)).toEqual(['trial_started', 'payment:100', 'renewal_cancelled'])
    const mail = await world.smtp.latestTo(email, since)
    expect(mail.subject).toBe('Способ оплаты отвязан от аккаунта на сайте VPN ключи')
    expect(world.smtp.messages.slice(since).filter((sent) => sent.to.includes(email))).toHaveLength(1)
    // Renewal needs a method now: "Extend" is refused, and the due date charges nothing and ends the subscription.
    const { changeRenewal } = await import('@/lib/billing/record/renewalChoice')
    expect(await changeRenewal(world.payload, provider, user, 'resume', 30)).toEqual({ ok: false, error: 'noSubscription' })
    await runJob(unlinked, record.currentPeriodEnd!)
    expect((await recordOf(order))?.status).toBe('cancelled')
    expect(paymentsFor(order)).toHaveLength(1)
    expect(await unlinkPaymentMethod(world.payload, provider, user)).toEqual({ ok: false, error: 'noMethod' })
  })
})

describe('a subscription bought through the other provider', () => {
  it('is not changed from here: renewal choices and editor changes are refused, nothing is charged', async () => {
    const { record, order, user } = await subscriber({ months: '1' })
    // As if PAYMENT_PROVIDER had been switched: this subscription is Stripe's, which this process cannot reach.
    await world.payload.update({ collection: 'subscriptions', id: record.id, data: { provider: { name: 'stripe' } } })
    const { changeRenewal } = await import('@/lib/billing/record/renewalChoice')
    expect(await changeRenewal(world.payload, provider, user, 'cancel', 30)).toEqual({ ok: false, error: 'providerFailed' })
    const { changeByEditor } = await import('@/lib/billing/record/editorChange')
    await expect(changeByEditor(world.payload, { subscriptionId: record.id, edit: { kind: 'cancel' }, by: 'editor@example.com' })).rejects.toMatchObject({ reason: 'otherProvider' })
    expect(await recordOf(order)).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: false })
    expect(await runJob(record, record.nextPaymentAt!)).toEqual({ charged: 0, failures: 0 })
  })
})

describe('editors and deleted accounts', () => {
  const byEditor = async (subscriptionId: number, edit: EditorEdit) => {
    const { changeByEditor } = await import('@/lib/billing/record/editorChange')
    return changeByEditor(world.payload, { subscriptionId, edit, by: 'editor@example.com' })
  }

  it('an editor’s free extension moves the next charge to the new date, and the trial’s end and its reminder with it', async () => {
    const { record, order } = await subscriber({ months: '1' })
    const until = new Date(Date.parse(record.currentPeriodEnd!) + 14 * DAY).toISOString()
    // Reminded of the trial's end already: the longer trial is reminded of again.
    await world.payload.update({ collection: 'subscriptions', id: record.id, data: { renewal: { trialReminderSentAt: new Date().toISOString() } } })
    await byEditor(record.id, { kind: 'extend', date: new Date(Date.parse(until) + 3 * 3_600_000).toISOString().slice(0, 10) })
    expect(await recordOf(order)).toMatchObject({ status: 'trialing', currentPeriodEnd: until, nextPaymentAt: until, trialEndsAt: until, renewal: { trialReminderSentAt: null, failedCharges: 0 } })
    expect(await runJob(record, record.currentPeriodEnd!)).toEqual({ charged: 0, failures: 0 })
    expect(await runJob(record, until)).toEqual({ charged: 1, failures: 0 })
  })

  it('an editor’s cancellation ends it at once; nothing is charged after', async () => {
    const { record, order } = await subscriber({ months: '1' })
    await byEditor(record.id, { kind: 'cancel' })
    expect((await recordOf(order))?.status).toBe('cancelled')
    expect(await runJob(record, record.nextPaymentAt!)).toEqual({ charged: 0, failures: 0 })
  })

  it('a purged account’s subscription stops renewing and forgets the saved method', async () => {
    const { record, order, user } = await subscriber({ months: '1' })
    await world.payload.update({ collection: 'users', id: user.id, data: { deletionRequestedAt: new Date(Date.now() - 31 * DAY).toISOString() } })
    const { purgeDeletedAccounts } = await import('@/lib/auth/accountDeletion')
    await purgeDeletedAccounts(world.payload)
    const purged = (await recordOf(order))!
    expect(purged).toMatchObject({ status: 'cancelled', user: null, paymentMethod: { kind: null, last4: null }, provider: { paymentMethodId: null } })
    expect(await runJob(record, record.nextPaymentAt!)).toEqual({ charged: 0, failures: 0 })
  })
})
