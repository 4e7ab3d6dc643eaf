// The single routing definition: request config and navigation read it; the proxy uses its cookie.
import { defineRouting } from 'next-intl/routing'

import { defaultLocale, locales } from './locales'

export const LOCALE_COOKIE = 'NEXT_LOCALE'
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 365

export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: 'as-needed',
  localeCookie: { name: LOCALE_COOKIE, maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS },
})
