// Telegram's updates at /api/telegram/webhook (src/app/api/telegram/webhook/route.ts): refused without the bot's
// secret header, bounded in size, handled by one bot per process (built on the first update).
import { webhookCallback } from 'grammy'
import type { Payload } from 'payload'

import { createSiteBot } from './bot'
import type { SiteBotConfig } from './config'
import { secretMatches } from './config'

/** An update is a few kilobytes; Telegram's largest (a long message with entities) stays far below this. */
const MAX_UPDATE_BYTES = 256 * 1024

type Handler = (request: Request) => Promise<Response>
const handlers = new Map<string, Handler>()

function handlerFor(payload: Payload, config: SiteBotConfig): Handler {
  const key = `${config.apiRoot} ${config.token}`
  let handler = handlers.get(key)
  if (!handler) {
    // Telegram waits about a minute; an answer within ten seconds keeps it from sending the update again meanwhile.
    handler = webhookCallback(createSiteBot(payload, config), 'std/http', { secretToken: config.secret, onTimeout: 'return', timeoutMilliseconds: 10_000 })
    handlers.set(key, handler)
  }
  return handler
}

export async function handleWebhook(request: Request, payload: Payload, config: SiteBotConfig): Promise<Response> {
  if (!secretMatches(request.headers.get('x-telegram-bot-api-secret-token'), config.secret)) {
    return Response.json({ error: 'unauthorized' }, { status: 401 })
  }
  const body = await request.arrayBuffer()
  if (body.byteLength > MAX_UPDATE_BYTES) return Response.json({ error: 'too_large' }, { status: 413 })
  try {
    JSON.parse(Buffer.from(body).toString('utf8'))
  } catch {
    return Response.json({ error: 'invalid_update' }, { status: 400 })
  }
  try {
    return await handlerFor(payload, config)(new Request(request.url, { method: 'POST', headers: request.headers, body }))
  } catch (error) {
    // Telegram sends the update again later (the claim was given back: ./bot.ts). The message names the Bot API
    // method at most, never the token.
    console.warn(`The site's bot could not handle an update: ${error instanceof Error ? error.message : String(error)}`)
    return Response.json({ error: 'failed' }, { status: 500 })
  }
}
