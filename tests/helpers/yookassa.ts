// A buying world with YooKassa for integration tests: the YooKassa double, the test SMTP server, Payload and
// the real checkout, notification and return route handlers, wired as the app wires them with
// PAYMENT_PROVIDER=yookassa. Call startYooKassaWorld() in beforeAll and close() in afterAll.
import type { Payload } from 'payload'
import { expect } from 'vitest'

import type { DoubleMethod, YooKassaDouble } from '../../scripts/lib/yookassaDouble'
import { startYooKassaDouble } from '../../scripts/lib/yookassaDouble'
import { checkoutByLink, planId, uniqueEmail } from './billing'
import type { TestSmtp } from './smtp'
import { startSmtp } from './smtp'

export const SHOP_ID = '506751'
export const SECRET_KEY = 'test_double_secret_for_tests'

export type YooKassaWorld = {
  smtp: TestSmtp
  double: YooKassaDouble
  payload: Payload
  checkout: (request: Request) => Promise<Response>
  notify: (request: Request) => Promise<Response>
  returnTo: (request: Request) => Promise<Response>
  close: () => Promise<void>
}

const VARIABLES = ['PAYMENT_PROVIDER', 'YOOKASSA_SHOP_ID', 'YOOKASSA_SECRET_KEY', 'YOOKASSA_API_URL', 'SMTP_URL'] as const

export async function startYooKassaWorld(): Promise<YooKassaWorld> {
  const smtp = await startSmtp()
  const double = await startYooKassaDouble({ shopId: SHOP_ID, secretKey: SECRET_KEY, checkoutPageUrl: (id, locale) => `http://localhost:3000${locale === 'en' ? '/en' : ''}/test-checkout/${id}` })
  const saved = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]))
  // Set before the config is first imported in the test file.
  Object.assign(process.env, { PAYMENT_PROVIDER: 'yookassa', YOOKASSA_SHOP_ID: SHOP_ID, YOOKASSA_SECRET_KEY: SECRET_KEY, YOOKASSA_API_URL: `${double.url}/v3`, SMTP_URL: smtp.url })
  const { testPayload } = await import('./payload')
  return {
    smtp,
    double,
    payload: await testPayload(),
    checkout: (await import('@/app/api/billing/checkout/route')).POST,
    notify: (await import('@/app/api/billing/webhook/route')).POST,
    returnTo: (await import('@/app/api/billing/return/route')).GET,
    close: async () => {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name]
        else process.env[name] = value
      }
      await double.close()
      await smtp.close()
    },
  }
}

/** A notification as YooKassa POSTs it (unsigned JSON). */
export function notification(world: YooKassaWorld, body: string): Promise<Response> {
  return world.notify(new Request('http://localhost/api/billing/webhook', { method: 'POST', headers: { 'content-type': 'application/json' }, body }))
}

/** What the buyer or their bank does, through the double's control routes. */
export async function control(world: YooKassaWorld, pathname: string, body: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const response = await fetch(`${world.double.url}${pathname}`, { method: 'POST', body: JSON.stringify(body) })
  return (await response.json()) as Record<string, unknown>
}

export async function payment(world: YooKassaWorld, id: string): Promise<Record<string, unknown>> {
  return (await fetch(`${world.double.url}/_double/payments/${id}`).then((response) => response.json())) as Record<string, unknown>
}

/** Opens a checkout (the form with the consent ticked, its e-mailed link confirmed) and returns the payment it created at YooKassa. */
export async function openCheckout(world: YooKassaWorld, email: string, months = '1', locale = 'ru'): Promise<{ paymentId: string; location: string }> {
  const response = await checkoutByLink(world, { email, plan: String(await planId(world, months)), locale, consent: 'on' })
  expect(response.status).toBe(303)
  const location = response.headers.get('location') ?? ''
  const paymentId = /\/test-checkout\/([0-9a-f-]{36})$/.exec(location)?.[1]
  expect(paymentId, location).toBeTruthy()
  return { paymentId: paymentId!, location }
}

/** Buys and pays: the notifications YooKassa would send, not yet delivered. */
export async function buy(world: YooKassaWorld, { email = uniqueEmail('yk'), months = '1', locale = 'ru', method = 'card' as DoubleMethod } = {}) {
  const { paymentId } = await openCheckout(world, email, months, locale)
  const before = world.double.notifications.length
  const paid = await control(world, `/_double/payments/${paymentId}/pay`, { method })
  return { email, paymentId, redirect: String(paid.redirect), notifications: world.double.notifications.slice(before) }
}
