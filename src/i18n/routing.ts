// The single routing definition: proxy, request config and navigation all read it.
import { defineRouting } from 'next-intl/routing'

import { defaultLocale, locales } from './locales'

export const LOCALE_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 365

export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: 'as-needed',
  localeCookie: { maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS },
})
