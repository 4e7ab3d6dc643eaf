// The site language a browser asks for in Accept-Language, matched to ours (Russian when unsure).
import { match } from '@formatjs/intl-localematcher'
import Negotiator from 'negotiator'

import { defaultLocale, isLocale, locales } from '@/i18n/locales'
import type { Locale } from '@/i18n/locales'

export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return defaultLocale
  try {
    const requested = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).languages()
    const matched = match(requested, [...locales], defaultLocale)
    return isLocale(matched) ? matched : defaultLocale
  } catch {
    return defaultLocale
  }
}
