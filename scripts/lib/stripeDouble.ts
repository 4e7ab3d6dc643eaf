// A local stand-in for the part of Stripe's API this site uses, built to Stripe's published contract:
// form-encoded requests with Bearer authentication and Idempotency-Key, the object shapes of the API
// version the `stripe` package pins, errors as Stripe sends them, and webhook events signed the way
// Stripe signs them. Outside production it backs the labelled test checkout (started by scripts/run.ts);
// the tests use it as the Stripe test double. Control routes under /_double play the customer and time.
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import Stripe from 'stripe'

type Json = Record<string, unknown>

type LineItem = { amount: number; name: string; months: number | null }

type Session = {
  id: string
  created: number
  customerEmail: string
  clientReferenceId: string | null
  locale: string
  metadata: Record<string, string>
  subscriptionMetadata: Record<string, string>
  trialDays: number
  items: LineItem[]
  successUrl: string
  cancelUrl: string
  /** `custom_text[submit][message]`: the text Stripe shows beside the pay button. */
  submitMessage: string | null
  status: 'open' | 'complete' | 'expired'
  subscriptionId: string | null
  customerId: string | null
  /** `payment`: one payment of one-time items (a gift); `subscription` otherwise. */
  mode?: 'subscription' | 'payment'
  /** A `payment` session's payment intent, once paid. */
  paymentIntent?: string | null
}

type Subscription = {
  id: string
  itemId: string
  created: number
  customerId: string
  status: Stripe.Subscription.Status
  metadata: Record<string, string>
  trialEnd: number | null
  periodStart: number
  periodEnd: number
  months: number
  amount: number
  name: string
  cancelAtPeriodEnd: boolean
  cancellationReason: 'cancellation_requested' | 'payment_failed' | null
  /** Null once detached: renewals then fail, as Stripe's do without a payment method. */
  paymentMethodId: string | null
  couponId: string | null
  /** The card's last digits (a buyer's own card, in tests that tell buyers apart by it); 4242 unless the checkout named one. */
  cardLast4?: string
  /**
   * How far this subscription's clock runs ahead of the real one, once a test ended its period early: Stripe's test
   * clocks belong to a customer (here each subscription has its own), so one subscription's month passed moves no
   * other's time. A process-wide clock made a held trial's new end, ten days from now, "in the past" to the double
   * whenever another test had renewed a monthly subscription first.
   */
  clockOffsetSeconds?: number
}

type State = {
  /** Unused since clocks are per subscription; still read from state files written before. */
  clockOffsetSeconds?: number
  sessions: Record<string, Session>
  subscriptions: Record<string, Subscription>
  customers: Record<string, { id: string; email: string }>
  coupons: Record<string, { id: string; percentOff: number; duration: string }>
  /** Paid invoices by id: what each paid, through which payment intent, and how much went back. */
  invoices?: Record<string, { id: string; amountPaid: number; paymentIntent: string; refunded: number }>
  refunds?: Record<string, Json>
  idempotency: Record<string, { body: string; status: number; response: Json }>
}

export type DoubleEvent = { id: string; type: string; body: string; signature: string }

export type StripeDoubleOptions = {
  secretKey: string
  webhookSecret: string
  /** Where signed events are POSTed; without it they are only kept (tests deliver them themselves). */
  webhookUrl?: string
  /** The site's test checkout page for a session id, in the checkout's language (`ru`, `en` or `auto`). */
  checkoutPageUrl: (sessionId: string, locale: string) => string
  /** Keeps the double's objects across restarts of the dev server. */
  stateFile?: string
  port?: number
}

export type StripeDouble = {
  url: string
  events: DoubleEvent[]
  close: () => Promise<void>
}

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`

/** Stripe's bracket notation (`line_items[0][price_data][currency]=rub`) into nested objects. */
export function parseStripeForm(body: string): Json {
  const result: Json = {}
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[')
    let target: Json = result
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        target[part] = value
        return
      }
      target[part] ??= {}
      target = target[part] as Json
    })
  }
  return result
}

const list = (value: unknown): Json[] => (value && typeof value === 'object' ? (Object.values(value) as Json[]) : [])
const text = (value: unknown): string => (typeof value === 'string' ? value : '')

function addMonths(seconds: number, months: number): number {
  const date = new Date(seconds * 1000)
  date.setUTCMonth(date.getUTCMonth() + months)
  return Math.floor(date.getTime() / 1000)
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message))
  }
}

const missing = (id: string) =>
  new StripeError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such object: '${id}'` })
const invalid = (message: string, param?: string) => new StripeError(400, { type: 'invalid_request_error', message, param })

export async function startStripeDouble(options: StripeDoubleOptions): Promise<StripeDouble> {
  const stripe = new Stripe(options.secretKey)
  const state: State =
    options.stateFile && existsSync(options.stateFile)
      ? (JSON.parse(readFileSync(options.stateFile, 'utf8')) as State)
      : { sessions: {}, subscriptions: {}, customers: {}, coupons: {}, idempotency: {} }
  const events: DoubleEvent[] = []
  const save = () => {
    if (options.stateFile) writeFileSync(options.stateFile, JSON.stringify(state))
  }
  /** The time on `subscription`'s clock (its test clock), or the real time. */
  const now = (subscription?: Subscription) => Math.floor(Date.now() / 1000) + (subscription?.clockOffsetSeconds ?? 0)

  function subscriptionJson(subscription: Subscription, expandPaymentMethod: boolean): Json {
    const card = { brand: 'visa', last4: subscription.cardLast4 ?? '4242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 3 }
    return {
      id: subscription.id,
      object: 'subscription',
      created: subscription.created,
      currency: 'rub',
      customer: subscription.customerId,
      status: subscription.status,
      metadata: subscription.metadata,
      trial_start: subscription.trialEnd ? subscription.created : null,
      trial_end: subscription.trialEnd,
      cancel_at_period_end: subscription.cancelAtPeriodEnd,
      canceled_at: subscription.status === 'canceled' ? now(subscription) : null,
      cancellation_details: { reason: subscription.cancellationReason, comment: null, feedback: null },
      default_payment_method:
        expandPaymentMethod && subscription.paymentMethodId
          ? { id: subscription.paymentMethodId, object: 'payment_method', type: 'card', card }
          : subscription.paymentMethodId,
      discounts: subscription.couponId ? [`di_${subscription.couponId}`] : [],
      items: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: subscription.itemId,
            object: 'subscription_item',
            quantity: 1,
            current_period_start: subscription.periodStart,
            current_period_end: subscription.periodEnd,
            price: {
              id: `price_${subscription.itemId}`,
              object: 'price',
              currency: 'rub',
              unit_amount: subscription.amount,
              recurring: { interval: 'month', interval_count: subscription.months },
            },
          },
        ],
      },
    }
  }

  function sessionJson(session: Session): Json {
    return {
      id: session.id,
      object: 'checkout.session',
      mode: session.mode ?? 'subscription',
      payment_intent: session.paymentIntent ?? null,
      created: session.created,
      status: session.status,
      payment_status: session.status === 'complete' ? 'paid' : 'unpaid',
      url: session.status === 'open' ? options.checkoutPageUrl(session.id, session.locale) : null,
      customer: session.customerId,
      customer_email: session.customerEmail,
      customer_details: session.customerId ? { email: session.customerEmail } : null,
      client_reference_id: session.clientReferenceId,
      locale: session.locale,
      metadata: session.metadata,
      subscription: session.subscriptionId,
      success_url: session.successUrl,
      cancel_url: session.cancelUrl,
      custom_text: { after_submit: null, shipping_address: null, terms_of_service_acceptance: null, submit: session.submitMessage === null ? null : { message: session.submitMessage } },
      // Due today: during a trial the plan's recurring price is not charged, only one-time items.
      amount_total: session.items
        .filter((item) => session.trialDays === 0 || item.months === null)
        .reduce((sum, item) => sum + item.amount, 0),
      currency: 'rub',
    }
  }

  function invoiceJson(subscription: Subscription, amount: number, paid: boolean, reason: string): Json {
    const id = newId('in')
    if (paid && amount > 0) (state.invoices ??= {})[id] = { id, amountPaid: amount, paymentIntent: newId('pi'), refunded: 0 }
    return {
      id,
      object: 'invoice',
      created: now(subscription),
      currency: 'rub',
      customer: subscription.customerId,
      status: paid ? 'paid' : 'open',
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      billing_reason: reason,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
    }
  }

  /**
   * Records a signed event and POSTs it to the webhook URL. Events of the app's own API calls are sent after the
   * call is answered (`answerFirst`), as Stripe does: an app that holds a lock while it calls must not wait for its
   * own webhook. What the customer and time do (control routes) is delivered before their answer, for the tests.
   */
  async function emit(type: string, object: Json, answerFirst = false, at: number = now()): Promise<number | null> {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: at,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    }
    const body = JSON.stringify(event)
    const signature = stripe.webhooks.generateTestHeaderString({ payload: body, secret: options.webhookSecret })
    events.push({ id: event.id, type, body, signature })
    const { webhookUrl } = options
    if (!webhookUrl) return null
    const delivery = fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body }).then(
      (response) => response.status,
      () => 0,
    )
    return answerFirst ? null : delivery
  }

  const subscriptionOf = (id: string) => state.subscriptions[id] ?? (() => { throw missing(id) })()

  // ---- Stripe API ----

  function createSession(params: Json): Json {
    if (params.mode !== 'subscription' && params.mode !== 'payment') throw invalid('This double supports mode=subscription and mode=payment', 'mode')
    const mode = params.mode
    const items: LineItem[] = list(params.line_items).map((item, index) => {
      const price = (item.price_data ?? {}) as Json
      const recurring = price.recurring as Json | undefined
      const amount = Number(price.unit_amount)
      if (price.currency !== 'rub') throw invalid('currency must be rub here', `line_items[${index}][price_data][currency]`)
      if (!Number.isInteger(amount) || amount < 0) throw invalid('Invalid integer', `line_items[${index}][price_data][unit_amount]`)
      if (recurring && recurring.interval !== 'month') throw invalid('interval must be month here', `line_items[${index}][price_data][recurring][interval]`)
      const name = text((price.product_data as Json | undefined)?.name)
      if (!name) throw invalid('Missing required param: line_items[][price_data][product_data][name].')
      return { amount, name, months: recurring ? Number(recurring.interval_count ?? 1) : null }
    })
    if (mode === 'subscription' && items.filter((item) => item.months !== null).length !== 1) throw invalid('A subscription needs exactly one recurring price', 'line_items')
    if (mode === 'payment' && (items.length === 0 || items.some((item) => item.months !== null))) throw invalid('You must provide at least one one-time price in payment mode', 'line_items')
    if (!text(params.success_url) || !text(params.cancel_url)) throw invalid('Missing required param: success_url.', 'success_url')
    const subscriptionData = (params.subscription_data ?? {}) as Json
    const submitMessage = text(((params.custom_text as Json | undefined)?.submit as Json | undefined)?.message) || null
    if (submitMessage && submitMessage.length > 1200) throw invalid('custom_text[submit][message] must be at most 1200 characters', 'custom_text[submit][message]')
    const session: Session = {
      id: newId('cs'),
      created: now(),
      customerEmail: text(params.customer_email),
      clientReferenceId: text(params.client_reference_id) || null,
      locale: text(params.locale) || 'auto',
      metadata: (params.metadata ?? {}) as Record<string, string>,
      subscriptionMetadata: (subscriptionData.metadata ?? {}) as Record<string, string>,
      trialDays: Number(subscriptionData.trial_period_days ?? 0),
      items,
      successUrl: text(params.success_url),
      cancelUrl: text(params.cancel_url),
      submitMessage,
      status: 'open',
      subscriptionId: null,
      customerId: null,
      mode,
      paymentIntent: null,
    }
    state.sessions[session.id] = session
    return sessionJson(session)
  }

  async function updateSubscription(id: string, params: Json): Promise<Json> {
    const subscription = subscriptionOf(id)
    if (subscription.status === 'canceled') throw invalid('A canceled subscription can only update its cancellation_details and metadata.')
    if (params.cancel_at_period_end !== undefined) subscription.cancelAtPeriodEnd = params.cancel_at_period_end === 'true'
    // Metadata is merged key by key; an empty value removes its key.
    for (const [key, value] of Object.entries((params.metadata ?? {}) as Record<string, string>)) {
      if (value === '') delete subscription.metadata[key]
      else subscription.metadata[key] = value
    }
    if (params.trial_end !== undefined) {
      const trialEnd = Number(params.trial_end)
      if (!Number.isInteger(trialEnd) || trialEnd <= now(subscription)) throw invalid('Invalid timestamp: must be an integer Unix timestamp in the future.', 'trial_end')
      Object.assign(subscription, { status: 'trialing', trialEnd, periodStart: now(subscription), periodEnd: trialEnd })
    }
    const discounts = list(params.discounts)
    if (discounts.length > 0) {
      const couponId = text(discounts[0]?.coupon)
      if (!state.coupons[couponId]) throw missing(couponId)
      subscription.couponId = couponId
    }
    await emit('customer.subscription.updated', subscriptionJson(subscription, false), true, now(subscription))
    return subscriptionJson(subscription, false)
  }

  async function cancelSubscription(id: string, reason: 'cancellation_requested' | 'payment_failed', answerFirst = false): Promise<Json> {
    const subscription = subscriptionOf(id)
    subscription.status = 'canceled'
    subscription.cancellationReason = reason
    await emit('customer.subscription.deleted', subscriptionJson(subscription, false), answerFirst, now(subscription))
    return subscriptionJson(subscription, false)
  }

  // ---- what the customer and time do (control routes) ----

  async function completeCheckout(id: string, cardLast4?: string): Promise<Json> {
    const session = state.sessions[id]
    if (!session) throw missing(id)
    if (session.status !== 'open') throw invalid('This checkout session is no longer open.')
    if (session.mode === 'payment') {
      // One payment: its payment intent (refundable like an invoice's), and the session's completion.
      const intent = newId('pi')
      const amount = session.items.reduce((sum, item) => sum + item.amount, 0)
      ;(state.invoices ??= {})[intent] = { id: intent, amountPaid: amount, paymentIntent: intent, refunded: 0 }
      Object.assign(session, { status: 'complete', paymentIntent: intent })
      const deliveries = [await emit('checkout.session.completed', sessionJson(session))]
      return { redirect: session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id), paymentIntent: intent, deliveries }
    }
    const customer = { id: newId('cus'), email: session.customerEmail }
    state.customers[customer.id] = customer
    const recurring = session.items.find((item) => item.months !== null)!
    const start = now()
    const trialEnd = session.trialDays > 0 ? start + session.trialDays * 86_400 : null
    const subscription: Subscription = {
      id: newId('sub'),
      itemId: newId('si'),
      created: start,
      customerId: customer.id,
      status: trialEnd ? 'trialing' : 'active',
      metadata: session.subscriptionMetadata,
      trialEnd,
      periodStart: start,
      periodEnd: trialEnd ?? addMonths(start, recurring.months ?? 1),
      months: recurring.months ?? 1,
      amount: recurring.amount,
      name: recurring.name,
      cancelAtPeriodEnd: false,
      cancellationReason: null,
      paymentMethodId: newId('pm'),
      couponId: null,
      ...(cardLast4 && /^\d{4}$/.test(cardLast4) ? { cardLast4 } : {}),
    }
    state.subscriptions[subscription.id] = subscription
    Object.assign(session, { status: 'complete', subscriptionId: subscription.id, customerId: customer.id })
    // The first invoice: zero for the recurring price during a trial, plus the one-time items.
    const firstCharge = session.items.reduce((sum, item) => sum + (item.months !== null && trialEnd ? 0 : item.amount), 0)
    const deliveries = [
      await emit('customer.subscription.created', subscriptionJson(subscription, false)),
      await emit('invoice.paid', invoiceJson(subscription, firstCharge, true, 'subscription_create')),
      await emit('checkout.session.completed', sessionJson(session)),
    ]
    return { redirect: session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id), subscription: subscription.id, deliveries }
  }

  /** The end of the current period: renewal paid or failed, or the end of a cancelled subscription. */
  async function endPeriod(id: string, outcome: 'paid' | 'failed'): Promise<Json> {
    const subscription = subscriptionOf(id)
    if (subscription.status === 'canceled') throw invalid('This subscription is canceled.')
    subscription.clockOffsetSeconds = Math.max(subscription.clockOffsetSeconds ?? 0, subscription.periodEnd - Math.floor(Date.now() / 1000) + 1)
    const at = now(subscription)
    if (subscription.cancelAtPeriodEnd) return { deliveries: [await cancelSubscription(id, 'cancellation_requested').then(() => 200)] }
    if (outcome === 'failed' || !subscription.paymentMethodId) {
      subscription.status = 'past_due'
      const deliveries = [
        await emit('invoice.payment_failed', invoiceJson(subscription, subscription.amount, false, 'subscription_cycle'), false, at),
        await emit('customer.subscription.updated', subscriptionJson(subscription, false), false, at),
      ]
      return { deliveries }
    }
    const coupon = subscription.couponId ? state.coupons[subscription.couponId] : undefined
    const amount = coupon ? Math.round((subscription.amount * (100 - coupon.percentOff)) / 100) : subscription.amount
    if (coupon?.duration === 'once') subscription.couponId = null
    subscription.status = 'active'
    subscription.periodStart = subscription.periodEnd
    subscription.periodEnd = addMonths(subscription.periodStart, subscription.months)
    const deliveries = [
      await emit('invoice.paid', invoiceJson(subscription, amount, true, 'subscription_cycle'), false, at),
      await emit('customer.subscription.updated', subscriptionJson(subscription, false), false, at),
    ]
    return { deliveries, amount }
  }

  async function route(method: string, path: string, query: Json, body: Json): Promise<Json> {
    const parts = path.split('/').filter(Boolean)
    const [root, kind, id, action] = parts
    if (root === '_double') {
      if (kind === 'checkout' && id && method === 'GET') {
        const session = state.sessions[id]
        if (!session) throw missing(id)
        return sessionJson(session)
      }
      if (kind === 'checkout' && id && action === 'complete') return completeCheckout(id, text(body.last4) || undefined)
      if (kind === 'checkout' && id && action === 'fail') {
        const session = state.sessions[id]
        if (!session) throw missing(id)
        return { redirect: session.cancelUrl }
      }
      if (kind === 'subscriptions' && id && action === 'renew') return endPeriod(id, 'paid')
      if (kind === 'subscriptions' && id && action === 'fail-renewal') return endPeriod(id, 'failed')
      if (kind === 'subscriptions' && id && action === 'expire') {
        await cancelSubscription(id, 'payment_failed')
        return { ok: true }
      }
      if (kind === 'subscriptions' && id && action === 'trial-will-end') {
        const subscription = subscriptionOf(id)
        return { delivery: await emit('customer.subscription.trial_will_end', subscriptionJson(subscription, false), false, now(subscription)) }
      }
      throw new StripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` })
    }
    if (root !== 'v1') throw new StripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` })
    const expand = list(query.expand ?? body.expand).map(String)
    if (kind === 'checkout' && id === 'sessions' && !action && method === 'POST') return createSession(body)
    if (kind === 'checkout' && id === 'sessions' && action && method === 'GET') {
      const session = state.sessions[action]
      if (!session) throw missing(action)
      return sessionJson(session)
    }
    if (kind === 'subscriptions' && id && method === 'GET') return subscriptionJson(subscriptionOf(id), expand.includes('default_payment_method'))
    if (kind === 'subscriptions' && id && method === 'POST') return updateSubscription(id, body)
    if (kind === 'subscriptions' && id && method === 'DELETE') return cancelSubscription(id, 'cancellation_requested', true)
    if (kind === 'payment_methods' && id && action === 'detach' && method === 'POST') {
      // Off the customer: the subscriptions it paid for have no default payment method any more.
      const holders = Object.values(state.subscriptions).filter((subscription) => subscription.paymentMethodId === id)
      if (holders.length === 0) throw missing(id)
      for (const subscription of holders) subscription.paymentMethodId = null
      return { id, object: 'payment_method', type: 'card', customer: null }
    }
    if (kind === 'invoice_payments' && !id && method === 'GET') {
      const invoice = state.invoices?.[text(query.invoice)]
      const data = invoice
        ? [{ id: newId('inpay'), object: 'invoice_payment', invoice: invoice.id, status: 'paid', amount_paid: invoice.amountPaid, payment: { type: 'payment_intent', payment_intent: invoice.paymentIntent } }]
        : []
      return { object: 'list', data, has_more: false, url: '/v1/invoice_payments' }
    }
    if (kind === 'refunds' && !id && method === 'POST') {
      const invoice = Object.values(state.invoices ?? {}).find((paid) => paid.paymentIntent === text(body.payment_intent))
      if (!invoice) throw missing(text(body.payment_intent))
      const amount = body.amount === undefined ? invoice.amountPaid - invoice.refunded : Number(body.amount)
      if (!(Number.isInteger(amount) && amount > 0)) throw invalid('Invalid positive integer', 'amount')
      if (invoice.refunded + amount > invoice.amountPaid) {
        throw new StripeError(400, { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${invoice.amountPaid - invoice.refunded})`, param: 'amount' })
      }
      invoice.refunded += amount
      const refund = { id: newId('re'), object: 'refund', amount, currency: 'rub', payment_intent: invoice.paymentIntent, status: 'succeeded', created: now() }
      ;(state.refunds ??= {})[refund.id] = refund
      return refund
    }
    if (kind === 'refunds' && id && method === 'GET') {
      const refund = state.refunds?.[id]
      if (!refund) throw missing(id)
      return refund
    }
    if (kind === 'coupons' && method === 'POST') {
      const couponId = text(body.id) || newId('coupon')
      if (state.coupons[couponId]) {
        throw new StripeError(400, { type: 'invalid_request_error', code: 'resource_already_exists', message: 'Coupon already exists.', param: 'id' })
      }
      const percentOff = Number(body.percent_off)
      if (!(percentOff > 0 && percentOff <= 100)) throw invalid('Invalid percent_off', 'percent_off')
      state.coupons[couponId] = { id: couponId, percentOff, duration: text(body.duration) || 'once' }
      return { id: couponId, object: 'coupon', percent_off: percentOff, duration: state.coupons[couponId].duration }
    }
    throw new StripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` })
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    const url = new URL(request.url ?? '/', 'http://double')
    const method = request.method ?? 'GET'
    const send = (status: number, json: Json) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') })
      response.end(JSON.stringify(json))
    }
    const isApi = url.pathname.startsWith('/v1/')
    if (isApi && request.headers.authorization !== `Bearer ${options.secretKey}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } })
    }
    const idempotencyKey = isApi && method === 'POST' ? request.headers['idempotency-key'] : undefined
    if (typeof idempotencyKey === 'string') {
      const earlier = state.idempotency[idempotencyKey]
      if (earlier) {
        if (earlier.body !== raw) {
          return send(400, {
            error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' },
          })
        }
        return send(earlier.status, earlier.response)
      }
    }
    const query = parseStripeForm(url.search.slice(1))
    const body = request.headers['content-type']?.includes('json') ? ((raw ? JSON.parse(raw) : {}) as Json) : parseStripeForm(raw)
    let status = 200
    let json: Json
    try {
      json = await route(method, url.pathname, query, body)
    } catch (error) {
      if (!(error instanceof StripeError)) throw error
      status = error.status
      json = { error: error.body }
    }
    if (typeof idempotencyKey === 'string' && status < 500) state.idempotency[idempotencyKey] = { body: raw, status, response: json }
    save()
    send(status, json)
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error('[stripe double]', error)
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: { type: 'api_error', message: 'Internal error in the Stripe double' } }))
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    events,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
