// The site's bot's @username, for the links the site gives to it (t.me/<bot>?start=…) and the Login Widget: asked of
// Telegram once per process (getMe), not configured twice. Unknown while Telegram cannot be reached: the pages then
// leave out what needs it and ask again on the next render.
import { Api } from 'grammy'

import { siteBotConfig } from './config'

let known: { key: string; username: string } | null = null

export async function siteBotUsername(): Promise<string | null> {
  const config = siteBotConfig()
  if (!config) return null
  const key = `${config.apiRoot} ${config.token}`
  if (known?.key === key) return known.username
  try {
    const me = await new Api(config.token, { apiRoot: config.apiRoot, timeoutSeconds: 3 }).getMe()
    known = { key, username: me.username }
    return me.username
  } catch {
    return null
  }
}

/** The bot's chat, opened with Start carrying `start` (1–64 characters of A–Z, a–z, 0–9, _ and -). */
export function botStartLink(username: string, start: string): string {
  return `https://t.me/${username}?start=${start}`
}
