// A double of the Telegram Bot API (https://core.telegram.org/bots/api), built to its published contract as far as
// the site's bot uses it: `POST /bot<token>/<method>` with JSON or multipart/form-data (a file as a part named by
// `attach://<name>`), answered `{ ok, result }`, or `{ ok: false, error_code, description }` for a wrong token or
// an unknown method. Every call is recorded with its parameters (files as their name, type and bytes) for the
// tests to read; `update` builds the updates Telegram would send. No test framework is imported here.
import type { Payload } from 'payload'

import type { SiteBotConfig } from '@/lib/bot/config'

import { readBody, serveDouble } from '../../src/lib/provisioning/adapters/doubles'
import type { ServedDouble } from '../../src/lib/provisioning/adapters/doubles'

export type SentFile = { filename: string; type: string; bytes: Buffer }
export type BotCall = { method: string; params: Record<string, unknown> }

export type TelegramDouble = ServedDouble & {
  token: string
  calls: BotCall[]
  /** The calls of one method, in order. */
  called: (method: string) => BotCall[]
  /** Forgets the calls so far. */
  clear: () => void
  /** Methods the double refuses once each, as the Bot API does when it fails (500). */
  failOnce: Set<string>
  /** Methods the double refuses once each with this answer (a 400 or 403 of the Bot API's). */
  refuseOnce: Map<string, { error_code: number; description: string }>
  /** Updates for a bot that asks for them (getUpdates, long polling), handed out from its `offset` on. */
  pending: { update_id: number }[]
  /** Users who blocked the bot: a message to them is refused (403), as Telegram refuses it. */
  blockedChats: Set<number>
  /** A Stars payment Telegram took from `userId` (its charge id), which refundStarPayment can then return once. */
  charge: (userId: number) => string
}

export const BOT_INFO = {
  id: 7_000_000_001,
  is_bot: true as const,
  first_name: 'VPN ключи',
  username: 'vpnkeys_test_bot',
  can_join_groups: false,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: false,
}

const METHODS = new Set([
  'getMe',
  'sendMessage',
  'sendPhoto',
  'sendDocument',
  'editMessageText',
  'answerCallbackQuery',
  'setWebhook',
  'deleteWebhook',
  'setMyCommands',
  'setChatMenuButton',
  'getUpdates',
  'createInvoiceLink',
  'answerPreCheckoutQuery',
  'refundStarPayment',
  'editUserStarSubscription',
])

/** A part's file name, quoted or not (grammY writes it bare, as Telegram accepts). */
function filenameOf(headers: string): string | undefined {
  const match = /;\s*filename=(?:"([^"]*)"|([^;\r\n]+))/i.exec(headers)
  return match ? (match[1] ?? match[2]!.trim()) : undefined
}

/** The parts of a multipart/form-data body (RFC 7578): each with its name, and a file's name and type. */
function multipartParts(contentType: string, raw: Buffer): { name: string; filename?: string; type?: string; body: Buffer }[] {
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1]
  if (!boundary) return []
  const delimiter = Buffer.from(`--${boundary}`)
  const parts: { name: string; filename?: string; type?: string; body: Buffer }[] = []
  let start = raw.indexOf(delimiter)
  while (start !== -1) {
    const next = raw.indexOf(delimiter, start + delimiter.length)
    if (next === -1) break
    const part = raw.subarray(start + delimiter.length, next)
    const headerEnd = part.indexOf('\r\n\r\n')
    if (headerEnd !== -1) {
      const headers = part.subarray(0, headerEnd).toString('utf8')
      // The body ends before the CRLF that precedes the next delimiter.
      const body = part.subarray(headerEnd + 4, part.length - 2)
      const name = /;\s*name="([^"]*)"/.exec(headers)?.[1]
      if (name !== undefined) parts.push({ name, filename: filenameOf(headers), type: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1], body })
    }
    start = next
  }
  return parts
}

function paramsOf(contentType: string, raw: Buffer): Record<string, unknown> {
  if (contentType.startsWith('application/json')) return JSON.parse(raw.toString('utf8') || '{}') as Record<string, unknown>
  if (!contentType.startsWith('multipart/form-data')) return {}
  const fields: Record<string, unknown> = {}
  const files = new Map<string, SentFile>()
  for (const part of multipartParts(contentType, raw)) {
    if (part.filename !== undefined) {
      files.set(part.name, { filename: part.filename, type: part.type ?? '', bytes: part.body })
      continue
    }
    const value = part.body.toString('utf8')
    // Objects and arrays go as JSON in their field.
    try {
      fields[part.name] = /^[[{]/.test(value) ? JSON.parse(value) : value
    } catch {
      fields[part.name] = value
    }
  }
  for (const [name, value] of Object.entries(fields)) {
    const attached = typeof value === 'string' ? /^attach:\/\/(.+)$/.exec(value)?.[1] : undefined
    if (attached && files.has(attached)) fields[name] = files.get(attached)
  }
  return fields
}

const isFile = (value: unknown): value is SentFile => typeof value === 'object' && value !== null && Buffer.isBuffer((value as SentFile).bytes)

export async function startTelegramDouble(token = '7000000001:AAtest-token_for_the_double'): Promise<TelegramDouble> {
  const calls: BotCall[] = []
  const failOnce = new Set<string>()
  const refuseOnce = new Map<string, { error_code: number; description: string }>()
  const pending: { update_id: number }[] = []
  let messageId = 100
  const charges = new Map<string, { userId: number; refunded: boolean }>()
  const charge = (userId: number) => {
    const id = `stxtest${charges.size + 1}${Date.now().toString(36)}`
    charges.set(id, { userId, refunded: false })
    return id
  }
  const blockedChats = new Set<number>()
  const served = await serveDouble(async (request, response) => {
    const send = (status: number, body: unknown) => void response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    const pathname = new URL(request.url ?? '/', 'http://x').pathname
    // For tests in another process (the e2e suite): the calls so far, files as their name, type and size.
    if (request.method === 'GET' && pathname === '/calls') {
      return send(200, calls.map(({ method, params }) => ({ method, params: Object.fromEntries(Object.entries(params).map(([name, value]) => [name, isFile(value) ? { filename: value.filename, type: value.type, size: value.bytes.length } : value])) })))
    }
    // For tests in another process: a Stars payment Telegram took from a user, as `charge` records it.
    if (request.method === 'POST' && pathname === '/charges') {
      const { userId } = JSON.parse(await readBody(request)) as { userId: number }
      return send(200, { chargeId: charge(userId) })
    }
    const [, sentToken, method] = /^\/bot([^/]+)\/(\w+)$/.exec(pathname) ?? []
    const chunks: Buffer[] = []
    if (request.headers['content-type']?.startsWith('multipart/')) {
      for await (const chunk of request) chunks.push(chunk as Buffer)
    } else {
      chunks.push(Buffer.from(await readBody(request)))
    }
    if (sentToken !== token) return send(401, { ok: false, error_code: 401, description: 'Unauthorized' })
    if (!method || !METHODS.has(method)) return send(404, { ok: false, error_code: 404, description: 'Not Found: method not found' })
    const params = paramsOf(String(request.headers['content-type'] ?? ''), Buffer.concat(chunks))
    if (failOnce.delete(method)) return send(500, { ok: false, error_code: 500, description: 'Internal Server Error' })
    const refusal = refuseOnce.get(method)
    if (refusal) {
      refuseOnce.delete(method)
      return send(refusal.error_code, { ok: false, ...refusal })
    }
    if (method.startsWith('send') && blockedChats.has(Number(params.chat_id))) return send(403, { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' })
    calls.push({ method, params })
    const chat = { id: Number(params.chat_id ?? 0), type: 'private' }
    const message = { message_id: (messageId += 1), date: Math.floor(Date.now() / 1000), chat }
    switch (method) {
      case 'getMe':
        return send(200, { ok: true, result: BOT_INFO })
      case 'getUpdates': {
        // Long polling: what is there from `offset` on (earlier ones are confirmed and dropped), else waits up to
        // `timeout` seconds (a second at most here) for some.
        const offset = Number(params.offset ?? 0)
        const until = Date.now() + Math.min(Number(params.timeout ?? 0), 1) * 1000
        for (;;) {
          while (pending.length > 0 && pending[0]!.update_id < offset) pending.shift()
          if (pending.length > 0 || Date.now() >= until) return send(200, { ok: true, result: pending.slice(0, Number(params.limit ?? 100)) })
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
      }
      case 'sendMessage':
        return send(200, { ok: true, result: { ...message, text: params.text } })
      case 'editMessageText':
        return send(200, { ok: true, result: { ...message, message_id: Number(params.message_id), text: params.text } })
      case 'sendPhoto':
        return send(200, { ok: true, result: { ...message, photo: [{ file_id: 'photo', file_unique_id: 'photo', width: 512, height: 512 }], caption: params.caption } })
      case 'createInvoiceLink':
        return send(200, { ok: true, result: `https://t.me/$${Buffer.from(String(params.payload)).toString('base64url').slice(0, 24)}` })
      case 'refundStarPayment': {
        // Telegram returns a payment it took from that user, once.
        const charge = charges.get(String(params.telegram_payment_charge_id))
        if (!charge || charge.userId !== Number(params.user_id)) return send(400, { ok: false, error_code: 400, description: 'Bad Request: CHARGE_NOT_FOUND' })
        if (charge.refunded) return send(400, { ok: false, error_code: 400, description: 'Bad Request: CHARGE_ALREADY_REFUNDED' })
        charge.refunded = true
        return send(200, { ok: true, result: true })
      }
      case 'sendDocument':
        return send(200, { ok: true, result: { ...message, document: { file_id: 'document', file_unique_id: 'document' } } })
      default:
        return send(200, { ok: true, result: true })
    }
  })
  return {
    ...served,
    token,
    calls,
    called: (method) => calls.filter((call) => call.method === method),
    clear: () => void calls.splice(0, calls.length),
    failOnce,
    refuseOnce,
    pending,
    blockedChats,
    charge,
  }
}

/**
 * Update ids, as Telegram numbers them, rising: from the clock, so a test process started again (Playwright restarts
 * a worker after a failure, `--repeat-each` may too) never sends an id the site already took and answers nothing to.
 */
let lastUpdate = Date.now()

/** A Telegram user as updates carry them. */
export function telegramUser(id: number, languageCode = 'ru') {
  return { id, is_bot: false, first_name: `Тест ${id}`, language_code: languageCode }
}

/** A message from `from` in their private chat, with what it carries (text, a payment's service message…). */
function privateMessage<T extends Record<string, unknown>>(from: ReturnType<typeof telegramUser>, updateId: number, content: T) {
  return {
    update_id: updateId,
    message: { message_id: updateId, date: Math.floor(Date.now() / 1000), chat: { id: from.id, type: 'private', first_name: from.first_name }, from, ...content },
  }
}

/** A text message from `from` in their private chat (a command when it starts with "/"). */
export function messageUpdate(from: ReturnType<typeof telegramUser>, text: string, updateId = (lastUpdate += 1)) {
  const command = /^\/\w+/.exec(text)?.[0]
  return privateMessage(from, updateId, { text, ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command.length }] } : {}) })
}

/** A press of an inline button with `data` under the bot's message `messageId` in `from`'s private chat. */
export function callbackUpdate(from: ReturnType<typeof telegramUser>, data: string, messageId = 101, updateId = (lastUpdate += 1)) {
  return {
    update_id: updateId,
    callback_query: {
      id: `cb${updateId}`,
      from,
      chat_instance: `ci${from.id}`,
      data,
      message: { message_id: messageId, date: Math.floor(Date.now() / 1000), chat: { id: from.id, type: 'private', first_name: from.first_name }, from: BOT_INFO, text: '…' },
    },
  }
}

type Keyboard = { inline_keyboard: { text: string; callback_data?: string; url?: string; web_app?: { url: string } }[][] }

/** The inline buttons a call to the Bot API sent (a message's or an edit's), in order. */
export function buttonsOf(call: { params: Record<string, unknown> } | undefined) {
  return ((call?.params.reply_markup as Keyboard | undefined)?.inline_keyboard ?? []).flat()
}

/** Telegram asking the bot whether to take the Stars for an invoice (`invoice_payload` as the invoice carried it). */
export function preCheckoutUpdate(from: ReturnType<typeof telegramUser>, invoice: { payload: string; amount: number; currency?: string }, updateId = (lastUpdate += 1)) {
  return {
    update_id: updateId,
    pre_checkout_query: { id: `pcq${updateId}`, from, currency: invoice.currency ?? 'XTR', total_amount: invoice.amount, invoice_payload: invoice.payload },
  }
}

/**
 * The service message of a Stars payment Telegram took (`successful_payment`): the first of a subscription
 * (`recurring: 'first'`), a renewal (`'renewal'`), or a one-time payment; `expiresAt` for a subscription's.
 */
export function paymentUpdate(
  from: ReturnType<typeof telegramUser>,
  paid: { payload: string; amount: number; chargeId: string; recurring?: 'first' | 'renewal'; expiresAt?: Date; currency?: string },
  updateId = (lastUpdate += 1),
) {
  return privateMessage(from, updateId, {
    successful_payment: {
      currency: paid.currency ?? 'XTR',
      total_amount: paid.amount,
      invoice_payload: paid.payload,
      telegram_payment_charge_id: paid.chargeId,
      provider_payment_charge_id: '',
      ...(paid.recurring ? { is_recurring: true, ...(paid.recurring === 'first' ? { is_first_recurring: true } : {}) } : {}),
      ...(paid.expiresAt ? { subscription_expiration_date: Math.floor(paid.expiresAt.getTime() / 1000) } : {}),
    },
  })
}

/** The service message of a refunded Stars payment (`refunded_payment`). */
export function refundUpdate(from: ReturnType<typeof telegramUser>, refunded: { payload: string; amount: number; chargeId: string }, updateId = (lastUpdate += 1)) {
  return privateMessage(from, updateId, {
    refunded_payment: { currency: 'XTR', total_amount: refunded.amount, invoice_payload: refunded.payload, telegram_payment_charge_id: refunded.chargeId },
  })
}

/**
 * The site's bot against a fresh double, for an integration file: the double and the bot's settings (its secret
 * made from a fixed PAYLOAD_SECRET). Updates go to the webhook's handler with deliverTo().
 */
export async function startSiteBotDouble(): Promise<{ telegram: TelegramDouble; config: SiteBotConfig }> {
  const telegram = await startTelegramDouble()
  const { invoiceSecret, webhookSecret } = await import('@/lib/bot/config')
  const payloadSecret = 'a-payload-secret-of-at-least-32-characters'
  return { telegram, config: { token: telegram.token, apiRoot: telegram.url, secret: webhookSecret(payloadSecret, telegram.token), invoiceSecret: invoiceSecret(payloadSecret) } }
}

/** Sends an update to the webhook's handler as Telegram does (with the bot's secret unless told otherwise). */
export async function deliverTo(
  payload: Payload,
  config: SiteBotConfig,
  update: unknown,
  { secret = config.secret as string | null, body = JSON.stringify(update) } = {},
): Promise<Response> {
  const { handleWebhook } = await import('@/lib/bot/webhook')
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (secret !== null) headers['x-telegram-bot-api-secret-token'] = secret
  return handleWebhook(new Request('http://localhost/api/telegram/webhook', { method: 'POST', headers, body }), payload, config)
}
