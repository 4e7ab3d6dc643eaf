// The site's bot in `npm run dev` (src/instrumentation.ts): a developer's machine has no public address for
// Telegram's webhook, so the bot asks for its updates (long polling) while the dev server runs. The webhook is
// removed first (Telegram hands out updates one way at a time): run `npm run telegram:webhook` again on the real site.
import type { Bot } from 'grammy'
import type { Payload } from 'payload'

import { createSiteBot } from './bot'
import type { BotContext } from './bot'
import { siteBotConfig } from './config'
import type { SiteBotConfig } from './config'
import { ALLOWED_UPDATES } from './register'

export async function startLongPolling(payload: Payload, config: SiteBotConfig): Promise<Bot<BotContext>> {
  const bot = createSiteBot(payload, config)
  // An update whose handling failed is logged; polling goes on (the webhook's answer would have asked Telegram again).
  bot.catch((error) => console.warn(`[bot] update ${error.ctx.update.update_id} failed: ${error.error instanceof Error ? error.error.message : String(error.error)}`))
  await bot.api.deleteWebhook()
  await bot.init()
  void bot.start({ allowed_updates: [...ALLOWED_UPDATES], onStart: (me) => console.info(`[bot] @${me.username} takes its updates by long polling (development)`) })
  return bot
}

/** `npm run dev`'s bot, when TELEGRAM_SITE_BOT_TOKEN is set; Telegram out of reach never keeps the site from starting. */
export async function startDevBot(payload: Payload): Promise<void> {
  const config = siteBotConfig()
  if (!config) return
  await startLongPolling(payload, config).catch((error: unknown) => console.warn(`[bot] long polling did not start: ${error instanceof Error ? error.message : String(error)}`))
}
