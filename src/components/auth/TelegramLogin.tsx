// "Log in with Telegram" on the login page: Telegram's Login Widget (https://core.telegram.org/widgets/login), in its
// redirect mode: Telegram sends the visitor back to /login/telegram with who they are, signed for the site's bot.
// Shown only where the site has a bot; the widget works on the domain set for the bot in @BotFather (/setdomain).
import { getTranslations } from 'next-intl/server'

import type { Locale } from '@/i18n/locales'
import { siteBotUsername } from '@/lib/bot/identity'
import { siteUrl } from '@/lib/http/siteUrl'

import { TelegramWidget } from './TelegramWidget'

export async function TelegramLogin({ locale }: { locale: Locale }) {
  const username = await siteBotUsername()
  if (!username) return null
  const t = await getTranslations({ locale, namespace: 'Auth' })
  return (
    <div className="auth__telegram" data-testid="telegram-login">
      <p>{t('telegramIntro')}</p>
      <TelegramWidget bot={username} authUrl={siteUrl('/login/telegram', locale)} lang={locale} />
    </div>
  )
}
