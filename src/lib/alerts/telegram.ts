// Alerts to a Telegram chat through the Bot API's sendMessage (https://core.telegram.org/bots/api#sendmessage):
// the operator creates a bot with @BotFather, adds it to the staff chat and sets its token and the chat's id.
import { z } from 'zod'

export const TELEGRAM_API_URL = 'https://api.telegram.org'
/** The Bot API refuses a message longer than this. */
const MAX_TEXT = 4096

const answerSchema = z.object({ ok: z.boolean(), description: z.string().optional() })

export class TelegramError extends Error {
  override name = 'TelegramError'
}

/** Sends plain text (no markup to escape); throws when the Bot API does not take it, so the job tries again. */
export async function sendTelegramMessage({ token, chatId, text, apiUrl = TELEGRAM_API_URL }: { token: string; chatId: string; text: string; apiUrl?: string }): Promise<void> {
  let response: Response
  try {
    response = await fetch(`${apiUrl.replace(/\/+$/, '')}/bot${token}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: chatId, text: text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text, link_preview_options: { is_disabled: true } }),
      signal: AbortSignal.timeout(15_000),
      cache: 'no-store',
    })
  } catch (error) {
    // The URL holds the token: say only that the Bot API was not reached.
    throw new TelegramError(`Telegram Bot API not reached (${error instanceof Error ? error.name : 'error'})`)
  }
  const answer = answerSchema.safeParse(await response.json().catch(() => null))
  if (!response.ok || !answer.success || !answer.data.ok) {
    throw new TelegramError(`Telegram Bot API refused the message: ${response.status} ${answer.success ? (answer.data.description ?? '') : ''}`.trim())
  }
}
