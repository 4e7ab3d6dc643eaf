// The site's bot's @username, for the links the site gives to it (t.me/<bot>?start=…) and the Login Widget: asked of
// Telegram once per process (getMe), not configured twice. Unknown while Telegram cannot be reached: the pages then
// leave out what needs it and ask again a minute later (a page never waits for Telegram twice in that minute).
import { Api } from 'grammy'

import { siteBotConfig } from './config'
import type { SiteBotConfig } from './config'

let known: { key: string; username: string } | null = null
/** When Telegram last failed to answer: a page does not wait for it again within the minute after. */
let failedAt = -Infinity
const RETRY_AFTER_MS = 60_000

export async function siteBotUsername(config: SiteBotConfig | null = siteBotConfig(), now: number = Date.now()): Promise<string | null> {
  if (!config) return null
  const key = `${config.apiRoot} ${config.token}`
  if (known?.key === key) return known.username
  if (now - failedAt < RETRY_AFTER_MS) return null
  try {
    const me = await new Api(config.token, { apiRoot: config.apiRoot, timeoutSeconds: 3 }).getMe()
    known = { key, username: me.username }
    return me.username
  } catch {
    failedAt = now
    return null
  }
}

/** The bot's chat, opened with Start carrying `start` (1–64 characters of A–Z, a–z, 0–9, _ and -). */
export function botStartLink(username: string, start: string): string {
  return `https://t.me/${username}?start=${start}`
}
