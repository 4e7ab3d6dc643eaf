// Where Telegram opens the site as a Mini App (src/app/(frontend)/[variant]/[locale]/telegram-app).
import type { Locale } from '@/i18n/locales'
import { siteUrl } from '@/lib/http/siteUrl'

/**
 * The Mini App's address (the site's /telegram-app in this language): only over HTTPS, since the Bot API refuses a
 * web_app button to a plain-HTTP address.
 */
export function miniAppUrl(serverUrl: string, locale: Locale): string | null {
  return serverUrl.startsWith('https://') ? siteUrl('/telegram-app', locale, undefined, serverUrl) : null
}
