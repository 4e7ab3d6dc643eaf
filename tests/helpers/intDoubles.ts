// A worker's mail server and Telegram Bot API double (built to its sendMessage contract), shared by the files it runs:
// a file reads what arrived after it started (each worker runs one file at a time).
import { readBody, serveDouble } from '../../src/lib/provisioning/adapters/doubles'
import { startSmtp } from './smtp'
import type { TestSmtp } from './smtp'

export type TelegramCall = { path: string; body: { chat_id: string; text: string } }

export type TelegramDouble = {
  url: string
  token: string
  chatId: string
  /** Every sendMessage call so far. */
  calls: TelegramCall[]
  /** While true, answers 429 as the Bot API does when flooded. */
  refuses: boolean
}

type WorkerDoubles = { smtp: TestSmtp; telegram: TelegramDouble }

let doubles: Promise<WorkerDoubles> | undefined

async function telegramDouble(): Promise<TelegramDouble> {
  const calls: TelegramCall[] = []
  const state: Omit<TelegramDouble, 'url'> = { token: '123456:test-bot-token', chatId: '-1001234567890', calls, refuses: false }
  const bot = await serveDouble(async (request, response) => {
    const body = JSON.parse(await readBody(request)) as TelegramCall['body']
    calls.push({ path: request.url ?? '', body })
    response.setHeader('content-type', 'application/json')
    if (state.refuses) {
      response.statusCode = 429
      response.end(JSON.stringify({ ok: false, error_code: 429, description: 'Too Many Requests: retry after 5' }))
      return
    }
    response.end(JSON.stringify({ ok: true, result: { message_id: calls.length, chat: { id: Number(state.chatId) }, date: 0, text: body.text } }))
  })
  return Object.assign(state, { url: bot.url })
}

/** This worker's doubles, started by its first file. */
export function workerDoubles(): Promise<WorkerDoubles> {
  doubles ??= Promise.all([startSmtp(), telegramDouble()]).then(([smtp, telegram]) => ({ smtp, telegram }))
  return doubles
}
