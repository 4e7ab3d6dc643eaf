// YooKassa (API v3): the payments Russian buyers make (cards, SBP, SberPay, YooMoney). YooKassa has no
// subscriptions: the first payment (the 1-ruble trial, or the plan's price) saves the payment method, and
// the site charges renewals from it (siteRenewals.ts). A small typed client on fetch + zod: four calls, so no
// SDK (the maintained ones bring axios and a logger, and type less of the API than we check here).
// Every POST carries an Idempotence-Key; a repeated request with it returns the same payment.
import { createHash } from 'node:crypto'

import { z } from 'zod'

import type { BillingProvider, ChargeInput, CheckoutInput, GiftCheckoutInput, PaymentMethodKind, PaymentMethodSummary, ProviderPayment, RefundInput, SiteRunBilling } from './provider'
import { buildReceipt, paymentDescription, rublesValue } from './receipt'

export type YooKassaSettings = { shopId: string; secretKey: string; apiUrl?: string }

export const YOOKASSA_API_URL = 'https://api.yookassa.ru/v3'

const amountSchema = z.object({ value: z.string().regex(/^\d+(\.\d{1,2})?$/), currency: z.string() })

/** A refund as YooKassa answers its creation. */
const refundSchema = z.object({ id: z.string(), status: z.string(), payment_id: z.string() })

const paymentSchema = z.object({
  id: z.string().min(1),
  status: z.enum(['pending', 'waiting_for_capture', 'succeeded', 'canceled']),
  amount: amountSchema,
  refunded_amount: amountSchema.optional(),
  created_at: z.string(),
  captured_at: z.string().optional(),
  payment_method: z
    .object({
      type: z.string(),
      id: z.string(),
      saved: z.boolean(),
      card: z.object({ last4: z.string(), expiry_month: z.string(), expiry_year: z.string(), card_type: z.string() }).optional(),
    })
    .optional(),
  confirmation: z.object({ type: z.string(), confirmation_url: z.string().optional() }).optional(),
  cancellation_details: z.object({ party: z.string(), reason: z.string() }).optional(),
  metadata: z.record(z.string(), z.string()).optional(),
})

type PaymentJson = z.infer<typeof paymentSchema>

const notificationSchema = z.object({
  type: z.literal('notification'),
  event: z.string(),
  object: z.object({ id: z.string().min(1), payment_id: z.string().min(1).optional() }),
})

const errorSchema = z.object({ type: z.literal('error'), code: z.string(), description: z.string().optional(), parameter: z.string().optional() })

export class YooKassaError extends Error {
  override name = 'YooKassaError'
  constructor(
    readonly status: number,
    readonly code: string,
    description: string,
  ) {
    super(`YooKassa ${status} ${code}: ${description}`)
  }
}

const METHOD_KINDS: Record<string, PaymentMethodKind> = { bank_card: 'card', sbp: 'sbp', sberbank: 'sberpay', yoo_money: 'yoomoney' }

export function toKopecks(value: string): number {
  const [rubles = '0', kopecks = ''] = value.split('.')
  return Number(rubles) * 100 + Number(kopecks.padEnd(2, '0'))
}

function methodOf(method: PaymentJson['payment_method']): PaymentMethodSummary | null {
  const kind = method ? METHOD_KINDS[method.type] : undefined
  if (!method || !kind) return null
  const card = method.card
  return card
    ? { kind, brand: card.card_type, last4: card.last4, validUntil: `${card.expiry_month}/${card.expiry_year.slice(-2)}` }
    : { kind, brand: '', last4: '', validUntil: '' }
}

export function toProviderPayment(json: PaymentJson): ProviderPayment {
  const method = json.payment_method
  return {
    id: json.id,
    status: json.status,
    amountKopecks: toKopecks(json.amount.value),
    refundedKopecks: json.refunded_amount ? toKopecks(json.refunded_amount.value) : 0,
    savedMethodId: method?.saved ? method.id : null,
    method: methodOf(method),
    createdAt: json.created_at,
    capturedAt: json.captured_at ?? null,
    cancellationReason: json.cancellation_details?.reason ?? null,
    metadata: json.metadata ?? {},
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function createYooKassaClient({ shopId, secretKey, apiUrl = YOOKASSA_API_URL }: Pick<YooKassaSettings, 'shopId' | 'secretKey' | 'apiUrl'>) {
  const authorization = `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString('base64')}`

  /** One call; network errors, 5xx and YooKassa's 202 "still processing" are repeated with the same key. */
  async function call<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body?: unknown, idempotencyKey?: string): Promise<T | null> {
    for (let attempt = 0; ; attempt++) {
      let response: Response
      try {
        response = await fetch(`${apiUrl}${path}`, {
          method,
          headers: {
            authorization,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(idempotencyKey ? { 'idempotence-key': idempotencyKey } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(20_000),
          cache: 'no-store',
        })
      } catch (error) {
        if (attempt < 2) {
          await sleep(500 * (attempt + 1))
          continue
        }
        throw error
      }
      const json: unknown = await response.json().catch(() => null)
      if ((response.status === 202 || response.status >= 500) && attempt < 2) {
        const retryAfter = Number((json as { retry_after?: unknown } | null)?.retry_after)
        await sleep(Math.min(Number.isFinite(retryAfter) ? retryAfter : 1000, 5000))
        continue
      }
      if (response.status === 404 && method === 'GET') return null
      if (!response.ok) {
        const error = errorSchema.safeParse(json)
        throw new YooKassaError(response.status, error.success ? error.data.code : 'unknown', error.success ? (error.data.description ?? '') : response.statusText)
      }
      return schema.parse(json)
    }
  }

  return {
    createPayment: (body: Record<string, unknown>, idempotencyKey: string) =>
      call('POST', '/payments', paymentSchema, body, idempotencyKey).then((payment) => payment!),
    getPayment: (id: string) => call('GET', `/payments/${encodeURIComponent(id)}`, paymentSchema),
    createRefund: (body: Record<string, unknown>, idempotencyKey: string) =>
      call('POST', '/refunds', refundSchema, body, idempotencyKey).then((refund) => refund!),
  }
}

export function createYooKassaProvider(settings: YooKassaSettings): BillingProvider {
  const client = createYooKassaClient(settings)

  const provider: SiteRunBilling = {
    name: 'yookassa',
    runsRenewals: true,
    isTest: Boolean(settings.apiUrl),
    methods: ['card', 'sbp', 'sberpay', 'yoomoney'],

    async createCheckout({ email, userId, plan, locale, returnUrl, receipts, siteName, terms, idempotencyKey, referrerId }: CheckoutInput) {
      const trial = plan.trialDays > 0
      // The trial fee, or the first period's price after a promo code (src/lib/promo/rules.ts): what the buyer was shown.
      const amountKopecks = plan.first.todayKopecks
      // YooKassa saves a method only with a payment: a trial needs a fee of at least one kopeck (the shop's is 1 ₽).
      if (amountKopecks <= 0) throw new Error('YooKassa needs a first payment above zero: set the plan’s trial fee')
      // The order follows from the form's key: a repeated submission sends the very same request (one payment).
      const order = `ord_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32)}`
      // The receipt names what is sold; the payment's description, which YooKassa shows the payer, what they agree to.
      const sold = paymentDescription(trial ? { kind: 'trial', days: plan.trialHoldDays || plan.trialDays } : { kind: 'period', months: plan.months }, siteName)
      const payment = await client.createPayment(
        {
          amount: { value: rublesValue(amountKopecks), currency: 'RUB' },
          capture: true,
          save_payment_method: true,
          confirmation: { type: 'redirect', return_url: `${returnUrl}${returnUrl.includes('?') ? '&' : '?'}order=${order}`, locale: locale === 'en' ? 'en_US' : 'ru_RU' },
          description: terms.short.slice(0, 128),
          metadata: {
            order,
            kind: 'first',
            email,
            userId: userId ? String(userId) : '',
            tariffId: String(plan.id),
            locale,
            months: String(plan.months),
            priceKopecks: String(plan.priceKopecks),
            trialDays: String(plan.trialDays),
            ...(plan.trialHoldDays ? { trialHold: String(plan.trialHoldDays) } : {}),
            ...(plan.first.promo ? { promo: String(plan.first.promo.id), promoCode: plan.first.promo.code, discountKopecks: String(plan.first.discountKopecks), extraDays: String(plan.first.extraDays) } : {}),
            // Key 15 of the 16 YooKassa takes.
            ...(referrerId ? { referrer: String(referrerId) } : {}),
          },
          ...(receipts ? { receipt: buildReceipt({ email, description: sold, amountKopecks, settings: receipts }) } : {}),
        },
        idempotencyKey.slice(0, 64),
      )
      const url = payment.confirmation?.confirmation_url
      if (!url) throw new Error(`YooKassa returned payment ${payment.id} without a confirmation URL`)
      return { url, order: { id: order, paymentId: payment.id, amountKopecks } }
    },

    async createGiftCheckout({ email, plan, locale, order, giftId, returnUrl, receipts, siteName, description, idempotencyKey }: GiftCheckoutInput) {
      const payment = await client.createPayment(
        {
          amount: { value: rublesValue(plan.priceKopecks), currency: 'RUB' },
          capture: true,
          // Nothing is saved: a gift never renews.
          save_payment_method: false,
          confirmation: { type: 'redirect', return_url: returnUrl, locale: locale === 'en' ? 'en_US' : 'ru_RU' },
          description: description.slice(0, 128),
          metadata: { order, kind: 'gift', gift: String(giftId), email, tariffId: String(plan.id), locale, months: String(plan.months) },
          ...(receipts ? { receipt: buildReceipt({ email, description: paymentDescription({ kind: 'period', months: plan.months }, siteName), amountKopecks: plan.priceKopecks, settings: receipts }) } : {}),
        },
        idempotencyKey.slice(0, 64),
      )
      const url = payment.confirmation?.confirmation_url
      if (!url) throw new Error(`YooKassa returned payment ${payment.id} without a confirmation URL`)
      return { url, paymentId: payment.id }
    },

    async notificationPaymentId(rawBody) {
      let json: unknown
      try {
        json = JSON.parse(rawBody)
      } catch {
        return null
      }
      const notification = notificationSchema.safeParse(json)
      if (!notification.success) return null
      const { event, object } = notification.data
      if (event.startsWith('refund.')) return object.payment_id ?? null
      return event.startsWith('payment.') ? object.id : null
    },

    async getPayment(id) {
      const payment = await client.getPayment(id)
      return payment ? toProviderPayment(payment) : null
    },

    async charge({ amountKopecks, savedMethodId, description, metadata, receipt, idempotencyKey }: ChargeInput) {
      const payment = await client.createPayment(
        {
          amount: { value: rublesValue(amountKopecks), currency: 'RUB' },
          capture: true,
          payment_method_id: savedMethodId,
          description,
          metadata,
          ...(receipt ? { receipt } : {}),
        },
        idempotencyKey.slice(0, 64),
      )
      return toProviderPayment(payment)
    },

    async refund({ paymentReference, amountKopecks, receipt, idempotencyKey }: RefundInput) {
      const refund = await client.createRefund(
        { payment_id: paymentReference, amount: { value: rublesValue(amountKopecks), currency: 'RUB' }, ...(receipt ? { receipt } : {}) },
        idempotencyKey.slice(0, 64),
      )
      return { id: refund.id }
    },
  }
  return provider
}
