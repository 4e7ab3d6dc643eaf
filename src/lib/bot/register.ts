// Tells Telegram where the site's bot lives (`npm run telegram:webhook`, after deploying or changing SERVER_URL):
// the webhook at SERVER_URL's /api/telegram/webhook with the bot's secret, the updates it handles, and its commands
// in Russian (the default) and English.
import { Api } from 'grammy'

import { locales } from '@/i18n/locales'

import { botCommands } from './bot'
import type { SiteBotConfig } from './config'

export const ALLOWED_UPDATES = ['message', 'callback_query'] as const

export async function registerWebhook(config: SiteBotConfig, origin: string): Promise<string> {
  const api = new Api(config.token, { apiRoot: config.apiRoot })
  const url = `${origin.replace(/\/+$/, '')}/api/telegram/webhook`
  await api.setWebhook(url, { secret_token: config.secret, allowed_updates: [...ALLOWED_UPDATES], max_connections: 40 })
  await api.setMyCommands(botCommands('ru'))
  for (const locale of locales) await api.setMyCommands(botCommands(locale), { language_code: locale })
  return url
}
