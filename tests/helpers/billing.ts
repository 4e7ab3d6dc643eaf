// A buying world for integration tests: the Stripe double, the test SMTP server, Payload and the real
// checkout and webhook route handlers, wired as the app wires them. Call startBillingWorld() in beforeAll.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import type { Payload } from 'payload'
import { expect } from 'vitest'

import type { DoubleEvent, StripeDouble, StripeDoubleOptions } from '../../scripts/lib/stripeDouble'
import { startStripeDouble } from '../../scripts/lib/stripeDouble'
import type { TestSmtp } from './smtp'
import { startSmtp, tokenFromMail } from './smtp'

export const SECRET_KEY = 'sk_test_double_for_tests'
export const WEBHOOK_SECRET = 'whsec_test_double_for_tests'

export type BillingWorld = {
  smtp: TestSmtp
  double: StripeDouble
  payload: Payload
  doubleOptions: StripeDoubleOptions
  checkout: (request: Request) => Promise<Response>
  webhook: (request: Request) => Promise<Response>
  /** Restarts the double on its port, from its saved state. */
  restartDouble: () => Promise<void>
  close: () => Promise<void>
}

let counter = 0

export function uniqueEmail(prefix = 'buyer'): string {
  counter += 1
  return `${prefix}${Date.now()}${counter}@mail.example.com`
}

export async function startBillingWorld(): Promise<BillingWorld> {
  const smtp = await startSmtp()
  const doubleOptions: StripeDoubleOptions = {
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    checkoutPageUrl: (id, locale) => `http://localhost:3000${locale === 'en' ? '/en' : ''}/test-checkout/${id}`,
    stateFile: path.join(mkdtempSync(path.join(tmpdir(), 'stripe-double-')), 'state.json'),
  }
  const double = await startStripeDouble(doubleOptions)
  // Set before the config is first imported in the test file.
  Object.assign(process.env, { SMTP_URL: smtp.url, STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: double.url })
  const { testPayload } = await import('./payload')
  const world: BillingWorld = {
    smtp,
    double,
    doubleOptions,
    payload: await testPayload(),
    checkout: (await import('@/app/api/billing/checkout/route')).POST,
    webhook: (await import('@/app/api/billing/webhook/route')).POST,
    restartDouble: async () => {
      const port = Number(new URL(world.double.url).port)
      world.double = await startStripeDouble({ ...doubleOptions, port })
    },
    close: async () => {
      await world.double.close()
      await smtp.close()
    },
  }
  return world
}

export async function planId(world: Pick<BillingWorld, 'payload'>, months: string): Promise<number> {
  const found = await world.payload.find({ collection: 'tariffs', where: { months: { equals: months } }, limit: 1 })
  return found.docs[0]!.id
}

/** The purchase form as a browser posts it; `cookie`: a session (`signedIn`), for a buyer signed in as the address. */
export function checkoutRequest(fields: Record<string, string>, ip = `10.1.0.${counter % 250}`, cookie?: string): Request {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.set(key, value)
  return new Request('http://localhost/api/billing/checkout', { method: 'POST', body: form, headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie, 'sec-fetch-site': 'same-origin' } : {}) } })
}

/** A session cookie for the address's account, made as a confirmed e-mail link makes it when there is none. */
export async function signedIn(world: Pick<BillingWorld, 'payload'>, email: string): Promise<string> {
  const { startSession, unusablePassword } = await import('@/lib/auth/session')
  const found = (await world.payload.find({ collection: 'users', where: { email: { equals: email } }, limit: 1, depth: 0 })).docs[0]
  const user = found ?? (await world.payload.create({ collection: 'users', data: { email, password: unusablePassword(), role: 'customer', emailVerified: true } }))
  return (await startSession(world.payload, user.id)).split(';')[0]!
}

/**
 * The purchase form from a buyer not signed in as the address: the form's one answer ("we sent you a link"), then the
 * e-mailed link confirmed through the real confirm route. Returns the confirmation's answer: 303 to the checkout, or
 * to the form with what applies to the address.
 */
export async function checkoutByLink(
  world: Pick<BillingWorld, 'checkout' | 'smtp'>,
  fields: Record<string, string>,
  ip?: string,
): Promise<Response> {
  const since = world.smtp.messages.length
  const answer = await world.checkout(checkoutRequest(fields, ip))
  expect(answer.status).toBe(303)
  const form = new URL(answer.headers.get('location')!)
  expect(form.searchParams.get('error'), form.href).toBe('linkSent')
  const mail = await world.smtp.latestTo(fields.email!, since)
  const body = new FormData()
  body.set('code', tokenFromMail(mail))
  body.set('locale', fields.locale ?? 'ru')
  const { POST: confirm } = await import('@/app/api/auth/confirm/route')
  return confirm(new Request('http://localhost/api/auth/confirm', { method: 'POST', body }))
}

export function deliver(world: BillingWorld, event: Pick<DoubleEvent, 'body' | 'signature'>): Promise<Response> {
  return world.webhook(
    new Request('http://localhost/api/billing/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      body: event.body,
    }),
  )
}

/** What the customer or time does, through the double's control routes. */
export async function control(world: BillingWorld, pathname: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${world.double.url}${pathname}`, { method: 'POST' })
  return (await response.json()) as Record<string, unknown>
}

/** Buys a plan through the purchase form, its e-mailed link and the test checkout; returns the events Stripe would send. */
export async function purchase(world: BillingWorld, email: string, months = '1', locale = 'ru'): Promise<{ subscriptionId: string; events: DoubleEvent[] }> {
  const response = await checkoutByLink(world, { email, plan: String(await planId(world, months)), locale })
  expect(response.status).toBe(303)
  const sessionId = /\/test-checkout\/(cs_test_[0-9a-f]+)$/.exec(response.headers.get('location') ?? '')?.[1]
  expect(sessionId).toBeTruthy()
  const before = world.double.events.length
  const completed = await control(world, `/_double/checkout/${sessionId}/complete`)
  return { subscriptionId: String(completed.subscription), events: world.double.events.slice(before) }
}

/** Buys and delivers every event: a subscriber with a trialing subscription. */
export async function subscriber(world: BillingWorld, months = '1') {
  const email = uniqueEmail('subscriber')
  const bought = await purchase(world, email, months)
  for (const event of bought.events) await deliver(world, event)
  const user = (await world.payload.find({ collection: 'users', where: { email: { equals: email } } })).docs[0]!
  return { ...bought, user, email }
}

/** A seeded VIP server offering the protocol (other tests add VIP servers of their own; those are newer). */
export async function vipServerId(world: Pick<BillingWorld, 'payload'>, protocol = 'vless'): Promise<number> {
  const { docs } = await world.payload.find({
    collection: 'servers',
    where: { tier: { equals: 'vip' }, enabled: { equals: true }, 'protocols.protocol': { equals: protocol } },
    sort: 'createdAt',
    limit: 1,
    depth: 0,
  })
  return docs[0]!.id
}

/**
 * A first subscription's checkout of the yearly plan whose trial starts at the first connection (heldTrial.ts), opened
 * at the configured provider for a new signed-up address. The flag is set on this checkout's copy of the plan: the
 * plan itself is shared with the other files' tests. Returns the provider's payment page and the buyer.
 */
export async function openHeldTrialCheckout(world: Pick<BillingWorld, 'payload'>, email: string) {
  const { checkoutPlan } = await import('@/lib/billing/checkout')
  const { billingProvider } = await import('@/lib/billing')
  const tariff = (await world.payload.find({ collection: 'tariffs', where: { months: { equals: '12' } }, limit: 1, depth: 0 })).docs[0]!
  await signedIn(world, email)
  const user = (await world.payload.find({ collection: 'users', where: { email: { equals: email } }, depth: 0 })).docs[0]!
  const { url } = await billingProvider()!.createCheckout({
    email,
    userId: user.id,
    plan: checkoutPlan({ ...tariff, trialStartsOnConnect: true }, { firstSubscription: true, promo: null }),
    locale: 'ru',
    successUrl: 'https://free.keys.example/success-payment',
    cancelUrl: 'https://free.keys.example/fail-payment',
    returnUrl: 'https://free.keys.example/api/billing/return',
    siteName: 'VPN ключи',
    receipts: null,
    terms: { full: 'terms', short: 'terms' },
    idempotencyKey: `held-${email}`,
  })
  return { url, user, tariff }
}

/** An app's poll of the user's subscription URL (Happ, with a device id), through the real route. */
export async function pollSubscriptionUrl(world: Pick<BillingWorld, 'payload'>, userId: number): Promise<Response> {
  const { personalFeedPath } = await import('@/lib/feeds/personalUrl')
  const feedPath = await personalFeedPath(world.payload, userId)
  const { GET } = await import('@/app/api/subscription/[user]/[token]/[[...format]]/route')
  const [, , , userPart, token] = feedPath.split('/')
  const headers = { 'user-agent': 'Happ/3.4.1', 'x-hwid': `poll-${userId}`, 'x-device-os': 'Android' }
  return GET(new Request(`http://localhost${feedPath}`, { headers }), { params: Promise.resolve({ user: userPart!, token: token!, format: [] }) })
}
