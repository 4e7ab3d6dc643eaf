// Buying VIP through the real route handlers, PostgreSQL and SMTP, against the Stripe double (which follows
// Stripe's API contract); webhook events are signed with Stripe's own generateTestHeaderString.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import type { Payload } from 'payload'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { DoubleEvent, StripeDouble } from '../../scripts/lib/stripeDouble'
import { startStripeDouble } from '../../scripts/lib/stripeDouble'
import type { TestSmtp } from '../helpers/smtp'
import { startSmtp } from '../helpers/smtp'

const SECRET_KEY = 'sk_test_double_for_tests'
const WEBHOOK_SECRET = 'whsec_test_double_for_tests'
const stateFile = path.join(mkdtempSync(path.join(tmpdir(), 'stripe-double-')), 'state.json')

let smtp: TestSmtp
let double: StripeDouble
let payload: Payload
let checkout: (request: Request) => Promise<Response>
let webhook: (request: Request) => Promise<Response>
let counter = 0
const stripe = new Stripe(SECRET_KEY)

const doubleOptions = {
  secretKey: SECRET_KEY,
  webhookSecret: WEBHOOK_SECRET,
  checkoutPageUrl: (id: string, locale: string) => `http://localhost:3000${locale === 'en' ? '/en' : ''}/test-checkout/${id}`,
  stateFile,
}

function uniqueEmail(): string {
  counter += 1
  return `buyer${Date.now()}${counter}@mail.example.com`
}

async function planId(months: string): Promise<number> {
  const found = await payload.find({ collection: 'tariffs', where: { months: { equals: months } }, limit: 1 })
  return found.docs[0]!.id
}

function checkoutRequest(fields: Record<string, string>, ip = `10.1.0.${counter % 250}`): Request {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.set(key, value)
  return new Request('http://localhost/api/billing/checkout', { method: 'POST', body: form, headers: { 'x-forwarded-for': ip } })
}

function deliver(event: Pick<DoubleEvent, 'body' | 'signature'>): Promise<Response> {
  return webhook(
    new Request('http://localhost/api/billing/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      body: event.body,
    }),
  )
}

async function control(pathname: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${double.url}${pathname}`, { method: 'POST' })
  return (await response.json()) as Record<string, unknown>
}

/** Buys a plan through the checkout route and the test checkout; returns the events Stripe would send. */
async function purchase(email: string, months = '1', locale = 'ru'): Promise<{ subscriptionId: string; events: DoubleEvent[] }> {
  const response = await checkout(checkoutRequest({ email, plan: String(await planId(months)), locale, attempt: `attempt-${counter}-${Date.now()}` }))
  expect(response.status).toBe(303)
  const sessionId = /\/test-checkout\/(cs_test_[0-9a-f]+)$/.exec(response.headers.get('location') ?? '')?.[1]
  expect(sessionId).toBeTruthy()
  const before = double.events.length
  const completed = await control(`/_double/checkout/${sessionId}/complete`)
  return { subscriptionId: String(completed.subscription), events: double.events.slice(before) }
}

async function subscriptionRecord(providerId: string) {
  const found = await payload.find({ collection: 'subscriptions', where: { 'provider.subscriptionId': { equals: providerId } }, depth: 0 })
  return found.docs[0]
}

async function historyOf(subscriptionId: number): Promise<string[]> {
  const found = await payload.find({ collection: 'subscription-events', where: { subscription: { equals: subscriptionId } }, pagination: false, depth: 0 })
  return found.docs.map((event) => `${event.type}${event.amountKopecks ? `:${event.amountKopecks}` : ''}`).sort()
}

beforeAll(async () => {
  smtp = await startSmtp()
  double = await startStripeDouble(doubleOptions)
  // Set before the config is first imported in this file.
  Object.assign(process.env, { SMTP_URL: smtp.url, STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: double.url })
  const { testPayload } = await import('../helpers/payload')
  payload = await testPayload()
  ;({ POST: checkout } = await import('@/app/api/billing/checkout/route'))
  ;({ POST: webhook } = await import('@/app/api/billing/webhook/route'))
})

afterAll(async () => {
  await double.close()
  await smtp.close()
})

describe('purchase', () => {
  it('opens a checkout in rubles with the trial and its 1-ruble fee, and returns bad input to the form', async () => {
    const email = uniqueEmail()
    const invalid = await checkout(checkoutRequest({ email: 'not-an-email', plan: String(await planId('3')), locale: 'en' }))
    expect(invalid.status).toBe(303)
    const back = new URL(invalid.headers.get('location')!)
    expect(back.pathname).toBe('/en/tariffs')
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ error: 'invalidEmail', email: 'not-an-email' })
    const noPlan = new URL((await checkout(checkoutRequest({ email, plan: '999999' }))).headers.get('location')!)
    expect(noPlan.searchParams.get('error')).toBe('invalidPlan')

    const response = await checkout(checkoutRequest({ email, plan: String(await planId('3')), locale: 'ru', attempt: 'same-attempt-1' }))
    const location = response.headers.get('location')!
    // A repeated submission of the same form opens the same checkout (idempotency key).
    const again = await checkout(checkoutRequest({ email, plan: String(await planId('3')), locale: 'ru', attempt: 'same-attempt-1' }))
    expect(again.headers.get('location')).toBe(location)
    const session = await fetch(`${double.url}/_double/checkout/${location.split('/').pop()}`).then((r) => r.json() as Promise<Record<string, unknown>>)
    expect(session).toMatchObject({ status: 'open', customer_email: email, mode: 'subscription', currency: 'rub', amount_total: 79_900 + 100 })
  })

  it('creates the account and a trialing subscription only from the signed events, and mails the buyer', async () => {
    const email = uniqueEmail()
    const { subscriptionId, events } = await purchase(email, '1')
    expect(events.map((event) => event.type)).toEqual(['customer.subscription.created', 'invoice.paid', 'checkout.session.completed'])
    // Nothing yet: the success redirect grants nothing.
    expect(await subscriptionRecord(subscriptionId)).toBeUndefined()
    expect((await payload.find({ collection: 'users', where: { email: { equals: email } } })).totalDocs).toBe(0)

    for (const event of events) expect((await deliver(event)).status).toBe(200)
    const record = await subscriptionRecord(subscriptionId)
    expect(record).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: false, paymentMethod: { brand: 'visa', last4: '4242' } })
    expect(Date.parse(record!.trialEndsAt!) - Date.now()).toBeGreaterThan(9.9 * 86_400_000)
    const user = (await payload.find({ collection: 'users', where: { email: { equals: email } } })).docs[0]
    expect(user?.role).toBe('customer')
    expect(await historyOf(record!.id)).toEqual(['payment:100', 'trial_started'])
    expect((await smtp.latestTo(email)).subject).toBe('VIP-подписка на сайте VPN ключи активирована')
  })

  it('activates after the trial with the full price, then renews; replays change nothing', async () => {
    const { subscriptionId, events } = await purchase(uniqueEmail(), '3', 'en')
    for (const event of events) await deliver(event)
    const before = double.events.length
    await control(`/_double/subscriptions/${subscriptionId}/renew`)
    await control(`/_double/subscriptions/${subscriptionId}/renew`)
    const later = double.events.slice(before)
    for (const event of later) expect((await deliver(event)).status).toBe(200)
    const record = await subscriptionRecord(subscriptionId)
    expect(record?.status).toBe('active')
    const history = await historyOf(record!.id)
    // Both renewals happened before their events arrived: one step to the provider's current state, every invoice paid recorded.
    expect(history).toEqual(['activated', 'payment:100', 'payment:79900', 'payment:79900', 'trial_started'])

    for (const event of [...events, ...later]) {
      const replay = await deliver(event)
      expect(replay.status).toBe(200)
      expect(await replay.json()).toMatchObject({ result: 'duplicate' })
    }
    expect(await historyOf(record!.id)).toEqual(history)
    expect(await subscriptionRecord(subscriptionId)).toEqual(record)
  })

  it('ends in the same state whatever order the lifecycle events arrive in', async () => {
    const finals = new Set<string>()
    for (const order of [
      [0, 1, 2, 3, 4],
      [4, 3, 2, 1, 0],
      [2, 4, 0, 3, 1],
      [3, 0, 4, 1, 2],
    ]) {
      const { subscriptionId, events } = await purchase(uniqueEmail(), '6')
      const before = double.events.length
      await control(`/_double/subscriptions/${subscriptionId}/renew`)
      const all = [...events, ...double.events.slice(before)]
      for (const index of order) expect((await deliver(all[index]!)).status).toBe(200)
      const record = await subscriptionRecord(subscriptionId)
      finals.add(JSON.stringify({ status: record?.status, history: await historyOf(record!.id) }))
    }
    expect([...finals]).toEqual([JSON.stringify({ status: 'active', history: ['activated', 'payment:100', 'payment:149000'] })])
  })

  it('records a failed renewal as past due and an exhausted one as expired, which never comes back', async () => {
    const email = uniqueEmail()
    const { subscriptionId, events } = await purchase(email, '1', 'en')
    for (const event of events) await deliver(event)
    let before = double.events.length
    await control(`/_double/subscriptions/${subscriptionId}/fail-renewal`)
    for (const event of double.events.slice(before)) await deliver(event)
    expect((await subscriptionRecord(subscriptionId))?.status).toBe('past_due')
    expect((await smtp.latestTo(email)).subject).toBe('The payment for your VPN keys VIP subscription failed')
    before = double.events.length
    await control(`/_double/subscriptions/${subscriptionId}/expire`)
    const expired = double.events.slice(before)
    for (const event of expired) await deliver(event)
    const record = await subscriptionRecord(subscriptionId)
    expect(record?.status).toBe('expired')
    expect(record?.nextPaymentAt ?? null).toBeNull()
    // An old "active" event delivered late cannot revive it.
    await deliver(events[0]!)
    expect((await subscriptionRecord(subscriptionId))?.status).toBe('expired')
  })

  it('applies one event once when it is delivered twice at the same moment', async () => {
    const { subscriptionId, events } = await purchase(uniqueEmail())
    const results = await Promise.all([deliver(events[1]!), deliver(events[1]!), deliver(events[1]!)])
    const bodies = await Promise.all(results.map((response) => response.json() as Promise<{ result: string }>))
    expect(bodies.map((body) => body.result).sort()).toEqual(['applied', 'duplicate', 'duplicate'])
    const record = await subscriptionRecord(subscriptionId)
    expect(await historyOf(record!.id)).toEqual(['payment:100', 'trial_started'])
    expect((await payload.count({ collection: 'provider-events', where: { eventId: { equals: JSON.parse(events[1]!.body).id } } })).totalDocs).toBe(1)
  })
})

describe('webhook security and retries', () => {
  it('refuses a missing, tampered, wrongly keyed or stale signature with 400 and changes nothing', async () => {
    const { subscriptionId, events } = await purchase(uniqueEmail())
    const event = events[0]!
    const tampered = event.body.replace('"trialing"', '"active"')
    const stale = stripe.webhooks.generateTestHeaderString({ payload: event.body, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 600 })
    const wrongKey = stripe.webhooks.generateTestHeaderString({ payload: event.body, secret: 'whsec_someone_else' })
    for (const attempt of [
      { body: event.body, signature: '' },
      { body: tampered, signature: event.signature },
      { body: event.body, signature: stale },
      { body: event.body, signature: wrongKey },
    ]) {
      const response = await deliver(attempt)
      expect(response.status).toBe(400)
      expect(await response.text()).not.toMatch(/at .*\.ts|stack/i)
    }
    expect(await subscriptionRecord(subscriptionId)).toBeUndefined()
  })

  it('answers 500 when the event cannot be applied, so the provider retries, and applies it on the retry', async () => {
    const { subscriptionId, events } = await purchase(uniqueEmail())
    const port = Number(new URL(double.url).port)
    await double.close()
    const failed = await deliver(events[0]!)
    expect(failed.status).toBe(500)
    expect(await failed.text()).not.toMatch(/ECONNREFUSED|at .*\.ts/)
    expect(await subscriptionRecord(subscriptionId)).toBeUndefined()
    expect((await payload.count({ collection: 'provider-events', where: { eventId: { equals: JSON.parse(events[0]!.body).id } } })).totalDocs).toBe(0)

    double = await startStripeDouble({ ...doubleOptions, port })
    const retried = await deliver(events[0]!)
    expect(retried.status).toBe(200)
    expect((await subscriptionRecord(subscriptionId))?.status).toBe('trialing')
  })
})

describe('cancelling auto-renewal', () => {
  async function subscribed(months = '1') {
    const email = uniqueEmail()
    const { subscriptionId, events } = await purchase(email, months)
    for (const event of events) await deliver(event)
    const user = (await payload.find({ collection: 'users', where: { email: { equals: email } } })).docs[0]!
    const { billingProvider } = await import('@/lib/billing')
    const { changeRenewal } = await import('@/lib/billing/renewal')
    return { user, subscriptionId, provider: billingProvider()!, changeRenewal }
  }

  it('accepting the offer takes the one-time discount off the next payment, once per user ever', async () => {
    const { user, subscriptionId, provider, changeRenewal } = await subscribed('1')
    expect(await changeRenewal(payload, provider, user, 'discount', 30)).toEqual({ ok: true })
    expect(await changeRenewal(payload, provider, user, 'discount', 30)).toEqual({ ok: false, error: 'discountUsed' })
    const before = double.events.length
    await control(`/_double/subscriptions/${subscriptionId}/renew`)
    await control(`/_double/subscriptions/${subscriptionId}/renew`)
    for (const event of double.events.slice(before)) await deliver(event)
    const record = await subscriptionRecord(subscriptionId)
    expect(record).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, cancelDiscountUsed: true })
    // 30 % off the first month after the trial only, then the full price again.
    expect(await historyOf(record!.id)).toEqual(['activated', 'discount_applied', 'payment:100', 'payment:20930', 'payment:29900', 'trial_started'])

    // A later subscription of the same user gets no second discount.
    const { events } = await purchase(user.email, '1')
    for (const event of events) await deliver(event)
    expect(await changeRenewal(payload, provider, user, 'discount', 30)).toEqual({ ok: false, error: 'discountUsed' })
  })

  it('refusing cancels auto-renewal: active until the period ends, then cancelled', async () => {
    const { user, subscriptionId, provider, changeRenewal } = await subscribed('3')
    const before = double.events.length
    expect(await changeRenewal(payload, provider, user, 'cancel', 30)).toEqual({ ok: true })
    let record = await subscriptionRecord(subscriptionId)
    expect(record).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: true, nextPaymentAt: null })
    // The provider's own event for the change arrives later and adds nothing.
    for (const event of double.events.slice(before)) await deliver(event)
    expect(await historyOf(record!.id)).toEqual(['payment:100', 'renewal_cancelled', 'trial_started'])

    const atEnd = double.events.length
    await control(`/_double/subscriptions/${subscriptionId}/renew`)
    for (const event of double.events.slice(atEnd)) await deliver(event)
    record = await subscriptionRecord(subscriptionId)
    expect(record?.status).toBe('cancelled')
    expect(await historyOf(record!.id)).toEqual(['cancelled', 'payment:100', 'renewal_cancelled', 'trial_started'])
    expect(await changeRenewal(payload, provider, user, 'cancel', 30)).toEqual({ ok: false, error: 'noSubscription' })
  })
})
