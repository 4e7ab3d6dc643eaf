// The language of a visitor reaching a route handler directly (no locale in the path), decided as for pages.
import type { Locale } from '@/i18n/locales'
import { LOCALE_COOKIE } from '@/i18n/routing'
import { cookieValue } from '@/lib/http/cookieValue'
import { chooseLocale } from '@/lib/routing/routeRequest'

export function visitorLocale(request: Request): Locale {
  const { headers } = request
  return chooseLocale({ cookieLocale: cookieValue(headers.get('cookie'), LOCALE_COOKIE), userAgent: headers.get('user-agent'), acceptLanguage: headers.get('accept-language') })
}
