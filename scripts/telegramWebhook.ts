// `npm run telegram:webhook`: points the site's bot (TELEGRAM_SITE_BOT_TOKEN) at this site's SERVER_URL, reading
// .env as `npm start` does. The webhook's secret comes from PAYLOAD_SECRET, so it must be the site's own.
import nextEnv from '@next/env'

import { siteBotConfig } from '../src/lib/bot/config'
import { registerWebhook } from '../src/lib/bot/register'
import { env } from '../src/lib/env'

nextEnv.loadEnvConfig(process.cwd(), false)
const config = siteBotConfig()
if (!config || !env().PAYLOAD_SECRET || !env().SERVER_URL) {
  console.error('Set TELEGRAM_SITE_BOT_TOKEN (the bot from @BotFather), PAYLOAD_SECRET and SERVER_URL as the site has them in .env first.')
  process.exit(1)
}
const url = await registerWebhook(config, env().hosts.origin)
console.info(`Telegram sends the bot's updates to ${url}.`)
