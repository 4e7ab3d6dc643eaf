// A local stand-in for the part of YooKassa's API v3 this site uses, built to YooKassa's published contract:
// JSON requests with HTTP Basic authentication (shop id and secret key) and a required Idempotence-Key on
// POST, payment objects and their statuses (pending → succeeded or canceled, with cancellation_details),
// the redirect confirmation's confirmation_url, saved payment methods (save_payment_method, then
// payment_method_id), refunds, 54-FZ receipts checked against the amount, errors as YooKassa sends them,
// and unsigned HTTP notifications. Outside production it backs the labelled test checkout (scripts/run.ts);
// the tests use it as the YooKassa double. Control routes under /_double play the buyer and their bank.
import { randomUUID } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

type Json = Record<string, unknown>
type Amount = { value: string; currency: string }

export const DOUBLE_METHOD_TYPES = { card: 'bank_card', sbp: 'sbp', sberpay: 'sberbank', yoomoney: 'yoo_money' } as const
export type DoubleMethod = keyof typeof DOUBLE_METHOD_TYPES

type Method = { id: string; type: string; saved: boolean; card: Json | null; declineNext: number }

type Payment = {
  id: string
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled'
  amount: Amount
  refunded: number
  description: string | null
  metadata: Record<string, string>
  createdAt: string
  capturedAt: string | null
  returnUrl: string | null
  locale: string
  savePaymentMethod: boolean
  methodId: string | null
  receipt: Json | null
  cancellation: { party: string; reason: string } | null
}

type State = {
  payments: Record<string, Payment>
  methods: Record<string, Method>
  idempotency: Record<string, { body: string; status: number; response: Json; at: number }>
}

export type DoubleNotification = { event: string; body: string }

export type YooKassaDoubleOptions = {
  shopId: string
  secretKey: string
  /** Where notifications are POSTed; without it they are only kept (tests deliver them themselves). */
  notificationUrl?: string
  /** The site's test checkout page for a payment, in the checkout's language (`ru` or `en`). */
  checkoutPageUrl: (paymentId: string, locale: string) => string
  /** Keeps the double's objects across restarts of the dev server. */
  stateFile?: string
  port?: number
}

export type YooKassaDouble = {
  url: string
  notifications: DoubleNotification[]
  /** Payments created through the API (what the shop would see in its dashboard). */
  payments: () => Json[]
  /** The 54-FZ receipt sent with a payment (the buyer's contact and its lines), as the shop's receipts list shows it. */
  receiptOf: (paymentId: string) => Json | null
  close: () => Promise<void>
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
    readonly parameter?: string,
  ) {
    super(description)
  }
}

const invalid = (description: string, parameter?: string) => new ApiError(400, 'invalid_request', description, parameter)
const text = (value: unknown): string => (typeof value === 'string' ? value : '')
const kopecks = (value: string) => Math.round(Number(value) * 100)
const rubles = (amount: number) => (amount / 100).toFixed(2)

function amountOf(value: unknown, parameter: string): Amount {
  const amount = (value ?? {}) as Json
  if (!/^\d+(\.\d{1,2})?$/.test(text(amount.value)) || kopecks(text(amount.value)) <= 0) throw invalid('Invalid amount value', `${parameter}.value`)
  if (amount.currency !== 'RUB') throw invalid('This shop accepts RUB only', `${parameter}.currency`)
  return { value: rubles(kopecks(text(amount.value))), currency: 'RUB' }
}

function checkMetadata(value: unknown): Record<string, string> {
  if (value === undefined) return {}
  const metadata = value as Record<string, unknown>
  const entries = Object.entries(metadata)
  if (entries.length > 16) throw invalid('metadata has more than 16 keys', 'metadata')
  for (const [key, item] of entries) {
    if (key.length > 32 || typeof item !== 'string' || item.length > 512) throw invalid(`Invalid metadata value: ${key}`, 'metadata')
  }
  return metadata as Record<string, string>
}

/** A 54-FZ receipt as YooKassa checks it: a buyer contact, lines with VAT codes, and a total equal to the payment. */
function checkReceipt(value: unknown, amount: Amount): Json | null {
  if (value === undefined) return null
  const receipt = value as Json
  const customer = (receipt.customer ?? {}) as Json
  if (!text(customer.email) && !text(customer.phone)) throw invalid('Receipt needs the customer email or phone', 'receipt.customer')
  const items = Array.isArray(receipt.items) ? (receipt.items as Json[]) : []
  if (items.length === 0) throw invalid('Receipt has no items', 'receipt.items')
  let total = 0
  items.forEach((item, index) => {
    const description = text(item.description)
    if (!description || description.length > 128) throw invalid('Invalid item description', `receipt.items[${index}].description`)
    const vat = Number(item.vat_code)
    if (!Number.isInteger(vat) || vat < 1 || vat > 12) throw invalid('Invalid vat_code', `receipt.items[${index}].vat_code`)
    if (!(Number(item.quantity) > 0)) throw invalid('Invalid quantity', `receipt.items[${index}].quantity`)
    total += kopecks(amountOf(item.amount, `receipt.items[${index}].amount`).value) * Number(item.quantity)
  })
  if (Math.round(total) !== kopecks(amount.value)) throw invalid('The receipt total is not the payment amount', 'receipt.items')
  return receipt
}

export async function startYooKassaDouble(options: YooKassaDoubleOptions): Promise<YooKassaDouble> {
  const state: State =
    options.stateFile && existsSync(options.stateFile)
      ? (JSON.parse(readFileSync(options.stateFile, 'utf8')) as State)
      : { payments: {}, methods: {}, idempotency: {} }
  const notifications: DoubleNotification[] = []
  const save = () => {
    if (options.stateFile) writeFileSync(options.stateFile, JSON.stringify(state))
  }

  function paymentJson(payment: Payment): Json {
    const method = payment.methodId ? state.methods[payment.methodId] : undefined
    return {
      id: payment.id,
      status: payment.status,
      paid: payment.status === 'succeeded' || payment.status === 'waiting_for_capture',
      amount: payment.amount,
      ...(payment.status === 'succeeded' ? { income_amount: { value: rubles(Math.round(kopecks(payment.amount.value) * 0.965)), currency: 'RUB' } } : {}),
      ...(payment.refunded > 0 ? { refunded_amount: { value: rubles(payment.refunded), currency: 'RUB' } } : {}),
      description: payment.description ?? undefined,
      recipient: { account_id: options.shopId, gateway_id: '100500' },
      ...(method
        ? {
            payment_method: {
              type: method.type,
              id: method.id,
              saved: method.saved,
              title: method.card ? `Bank card *${text(method.card.last4)}` : method.type,
              ...(method.card ? { card: method.card } : {}),
            },
          }
        : {}),
      ...(payment.capturedAt ? { captured_at: payment.capturedAt } : {}),
      created_at: payment.createdAt,
      ...(payment.status === 'pending' && payment.returnUrl
        ? { confirmation: { type: 'redirect', return_url: payment.returnUrl, confirmation_url: options.checkoutPageUrl(payment.id, payment.locale) } }
        : {}),
      test: true,
      refundable: payment.status === 'succeeded' && payment.refunded < kopecks(payment.amount.value),
      ...(payment.receipt ? { receipt_registration: 'succeeded' } : {}),
      metadata: payment.metadata,
      ...(payment.cancellation ? { cancellation_details: payment.cancellation } : {}),
    }
  }

  async function notify(event: string, object: Json): Promise<number | null> {
    const body = JSON.stringify({ type: 'notification', event, object })
    notifications.push({ event, body })
    if (!options.notificationUrl) return null
    try {
      const response = await fetch(options.notificationUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      return response.status
    } catch {
      return 0
    }
  }

  const paymentOf = (id: string) => state.payments[id] ?? (() => { throw new ApiError(404, 'not_found', `Payment ${id} not found`) })()

  /** `last4`: the card's last digits (each buyer's own card in tests that tell buyers apart by it). */
  function newMethod(kind: DoubleMethod, saved: boolean, last4 = '4477'): Method {
    const card = kind === 'card' ? { first6: '555555', last4, expiry_month: '07', expiry_year: String(new Date().getUTCFullYear() + 3), card_type: 'Mir', issuer_country: 'RU' } : null
    const method: Method = { id: randomUUID(), type: DOUBLE_METHOD_TYPES[kind], saved, card, declineNext: 0 }
    state.methods[method.id] = method
    return method
  }

  async function settle(payment: Payment, outcome: 'succeeded' | { party: string; reason: string }): Promise<void> {
    if (outcome === 'succeeded') Object.assign(payment, { status: 'succeeded', capturedAt: new Date().toISOString() })
    else Object.assign(payment, { status: 'canceled', cancellation: outcome })
    save()
    await notify(`payment.${payment.status}`, paymentJson(payment))
  }

  async function createPayment(body: Json): Promise<Json> {
    const amount = amountOf(body.amount, 'amount')
    if (body.capture !== true) throw invalid('This double supports capture=true only', 'capture')
    const description = body.description === undefined ? null : text(body.description)
    if (description !== null && description.length > 128) throw invalid('description is longer than 128 characters', 'description')
    const payment: Payment = {
      id: randomUUID(),
      status: 'pending',
      amount,
      refunded: 0,
      description,
      metadata: checkMetadata(body.metadata),
      createdAt: new Date().toISOString(),
      capturedAt: null,
      returnUrl: null,
      locale: 'ru',
      savePaymentMethod: body.save_payment_method === true,
      methodId: null,
      receipt: checkReceipt(body.receipt, amount),
      cancellation: null,
    }
    const savedId = text(body.payment_method_id)
    if (savedId) {
      // A charge of a saved method: no confirmation, decided by the bank at once.
      const method = state.methods[savedId]
      if (!method?.saved) throw invalid('Payment method is not saved or does not exist', 'payment_method_id')
      payment.methodId = method.id
      state.payments[payment.id] = payment
      if (method.declineNext > 0) {
        method.declineNext -= 1
        await settle(payment, { party: 'payment_network', reason: 'insufficient_funds' })
      } else await settle(payment, 'succeeded')
      return paymentJson(payment)
    }
    const confirmation = (body.confirmation ?? {}) as Json
    if (confirmation.type !== 'redirect' || !text(confirmation.return_url)) throw invalid('confirmation.type redirect with a return_url is required', 'confirmation')
    payment.returnUrl = text(confirmation.return_url)
    payment.locale = confirmation.locale === 'en_US' ? 'en' : 'ru'
    state.payments[payment.id] = payment
    return paymentJson(payment)
  }

  async function refund(body: Json): Promise<Json> {
    const payment = paymentOf(text(body.payment_id))
    const amount = kopecks(amountOf(body.amount, 'amount').value)
    if (payment.status !== 'succeeded' || payment.refunded + amount > kopecks(payment.amount.value)) throw invalid('Refund amount is more than what is left', 'amount')
    payment.refunded += amount
    const refundJson = { id: randomUUID(), payment_id: payment.id, status: 'succeeded', amount: { value: rubles(amount), currency: 'RUB' }, created_at: new Date().toISOString() }
    save()
    await notify('refund.succeeded', refundJson)
    return refundJson
  }

  // ---- what the buyer and their bank do (control routes) ----

  async function pay(id: string, kind: DoubleMethod, last4?: string): Promise<Json> {
    const payment = paymentOf(id)
    if (payment.status !== 'pending') throw invalid('This payment is no longer waiting for the buyer')
    if (!(kind in DOUBLE_METHOD_TYPES)) throw invalid('Unknown method', 'method')
    if (last4 !== undefined && !/^\d{4}$/.test(last4)) throw invalid('A card ends in four digits', 'last4')
    payment.methodId = newMethod(kind, payment.savePaymentMethod, last4).id
    await settle(payment, 'succeeded')
    return { redirect: payment.returnUrl }
  }

  async function route(method: string, path: string, body: Json): Promise<Json> {
    const [root, kind, id, action] = path.split('/').filter(Boolean)
    if (root === '_double') {
      if (kind === 'payments' && id && method === 'GET' && !action) return paymentJson(paymentOf(id))
      if (kind === 'payments' && id && action === 'pay') return pay(id, (text(body.method) || 'card') as DoubleMethod, text(body.last4) || undefined)
      if (kind === 'payments' && id && action === 'decline') {
        const payment = paymentOf(id)
        if (payment.status !== 'pending') throw invalid('This payment is no longer waiting for the buyer')
        await settle(payment, { party: 'payment_network', reason: 'card_expired' })
        return { redirect: payment.returnUrl }
      }
      if (kind === 'payments' && id && action === 'notify') {
        const payment = paymentOf(id)
        return { delivery: await notify(`payment.${payment.status}`, paymentJson(payment)) }
      }
      if (kind === 'methods' && id && action === 'decline-next') {
        const saved = state.methods[id]
        if (!saved) throw new ApiError(404, 'not_found', `Payment method ${id} not found`)
        saved.declineNext = Math.max(0, Number(body.count ?? 1))
        return { id, declineNext: saved.declineNext }
      }
      throw new ApiError(404, 'not_found', `No such route: ${method} ${path}`)
    }
    if (root !== 'v3') throw new ApiError(404, 'not_found', `No such route: ${method} ${path}`)
    if (kind === 'payments' && !id && method === 'POST') return createPayment(body)
    if (kind === 'payments' && id && !action && method === 'GET') return paymentJson(paymentOf(id))
    if (kind === 'refunds' && !id && method === 'POST') return refund(body)
    throw new ApiError(404, 'not_found', `No such route: ${method} ${path}`)
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    const url = new URL(request.url ?? '/', 'http://double')
    const method = request.method ?? 'GET'
    const send = (status: number, json: Json) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(json))
    }
    const isApi = url.pathname.startsWith('/v3/')
    const expected = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`
    if (isApi && request.headers.authorization !== expected) {
      return send(401, { type: 'error', id: randomUUID(), code: 'invalid_credentials', description: 'Basic authentication with the shop id and secret key is required' })
    }
    const key = isApi && method === 'POST' ? request.headers['idempotence-key'] : undefined
    if (isApi && method === 'POST') {
      if (typeof key !== 'string' || key.length === 0 || key.length > 64) {
        return send(400, { type: 'error', id: randomUUID(), code: 'invalid_request', description: 'Idempotence-Key header (up to 64 characters) is required', parameter: 'Idempotence-Key' })
      }
      const earlier = state.idempotency[key]
      // YooKassa keeps a key for 24 hours: the same request gets the same answer; other parameters are an error.
      if (earlier && Date.now() - earlier.at < 86_400_000) {
        if (earlier.body !== raw) {
          return send(400, { type: 'error', id: randomUUID(), code: 'invalid_request', description: 'Idempotence key duplicated with other parameters', parameter: 'Idempotence-Key' })
        }
        return send(earlier.status, earlier.response)
      }
    }
    let body: Json = {}
    try {
      body = raw ? (JSON.parse(raw) as Json) : {}
    } catch {
      return send(400, { type: 'error', id: randomUUID(), code: 'invalid_request', description: 'Body is not JSON' })
    }
    let status = 200
    let json: Json
    try {
      json = await route(method, url.pathname, body)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      status = error.status
      json = { type: 'error', id: randomUUID(), code: error.code, description: error.description, ...(error.parameter ? { parameter: error.parameter } : {}) }
    }
    if (typeof key === 'string' && status < 500) state.idempotency[key] = { body: raw, status, response: json, at: Date.now() }
    save()
    send(status, json)
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error('[yookassa double]', error)
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ type: 'error', code: 'internal_server_error', description: 'Internal error in the YooKassa double' }))
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    notifications,
    payments: () => Object.values(state.payments).map(paymentJson),
    receiptOf: (paymentId) => state.payments[paymentId]?.receipt ?? null,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
