// The language of a visitor reaching a route handler directly (no locale in the path), decided as for pages.
import { NextRequest } from 'next/server'

import type { Locale } from '@/i18n/locales'
import { LOCALE_COOKIE } from '@/i18n/routing'
import { chooseLocale } from '@/lib/routing/routeRequest'

export function visitorLocale(request: Request): Locale {
  const { cookies, headers } = request instanceof NextRequest ? request : new NextRequest(request)
  return chooseLocale({ cookieLocale: cookies.get(LOCALE_COOKIE)?.value ?? null, userAgent: headers.get('user-agent'), acceptLanguage: headers.get('accept-language') })
}
