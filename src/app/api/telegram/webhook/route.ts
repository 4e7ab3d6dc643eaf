// Telegram's updates for the site's bot (src/lib/bot): absent (404) until TELEGRAM_SITE_BOT_TOKEN is set.
import { siteBotConfig } from '@/lib/bot/config'
import { handleWebhook } from '@/lib/bot/webhook'
import { payloadClient } from '@/edge/payload'

export async function POST(request: Request) {
  const config = siteBotConfig()
  if (!config) return Response.json({ error: 'not_found' }, { status: 404 })
  return handleWebhook(request, await payloadClient(), config)
}
