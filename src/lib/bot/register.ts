// Tells Telegram where the site's bot lives (`npm run telegram:webhook`, after deploying or changing SERVER_URL):
// the webhook at SERVER_URL's /api/telegram/webhook with the bot's secret, the updates it handles, and its commands
// in Russian (the default) and English, and the menu button that opens the account as a Mini App.
import { Api } from 'grammy'

import { locales } from '@/i18n/locales'

import { botCommands, botTranslator } from './bot'
import type { SiteBotConfig } from './config'
import { miniAppUrl } from './miniApp'

export const ALLOWED_UPDATES = ['message', 'callback_query', 'pre_checkout_query'] as const

export async function registerWebhook(config: SiteBotConfig, origin: string): Promise<string> {
  const api = new Api(config.token, { apiRoot: config.apiRoot })
  const site = origin.replace(/\/+$/, '')
  const url = `${site}/api/telegram/webhook`
  await api.setWebhook(url, { secret_token: config.secret, allowed_updates: [...ALLOWED_UPDATES], max_connections: 40 })
  await api.setMyCommands(botCommands('ru'))
  for (const locale of locales) await api.setMyCommands(botCommands(locale), { language_code: locale })
  // The button beside the message field opens the account as a Mini App (over HTTPS only: Telegram's rule).
  const account = miniAppUrl(site, 'ru')
  if (account) await api.setChatMenuButton({ menu_button: { type: 'web_app', text: botTranslator('ru')('menuAccount'), web_app: { url: account } } })
  return url
}
