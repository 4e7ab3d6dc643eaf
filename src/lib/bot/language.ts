// The language the site speaks to a Telegram user before they choose one: from their Telegram's language_code.
import type { Locale } from '@/i18n/locales'

/** Telegram's language_code: Russian for the languages of the site's Russian-speaking audience, else English. */
export function localeOfLanguageCode(code: string | undefined): Locale {
  return code && /^(ru|uk|be|kk|ky|uz|tg|hy|az|ka)(-|$)/i.test(code) ? 'ru' : 'en'
}
