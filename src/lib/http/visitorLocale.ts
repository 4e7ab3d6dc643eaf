// The language of a visitor reaching a route handler directly (no locale in the path): the one they chose
// on the site (its cookie), else their browser's.
import { isLocale } from '@/i18n/locales'
import type { Locale } from '@/i18n/locales'
import { LOCALE_COOKIE } from '@/i18n/routing'
import { negotiateLocale } from '@/lib/routing/negotiateLocale'

export function visitorLocale(headers: Headers): Locale {
  const chosen = headers
    .get('cookie')
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LOCALE_COOKIE)?.[1]
  return isLocale(chosen) ? chosen : negotiateLocale(headers.get('accept-language'))
}
