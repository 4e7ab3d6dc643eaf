// The site language a browser asks for in Accept-Language, matched to ours (Russian when unsure).
import { match } from '@formatjs/intl-localematcher'
import Negotiator from 'negotiator'

import { defaultLocale, isLocale, locales } from '@/i18n/locales'
import type { Locale } from '@/i18n/locales'

// Every first visit is negotiated in the proxy (about 20 µs each), and browsers send few distinct headers.
const MEMO_LIMIT = 500
const memo = new Map<string, Locale>()

function negotiate(acceptLanguage: string): Locale {
  try {
    const requested = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).languages()
    const matched = match(requested, [...locales], defaultLocale)
    return isLocale(matched) ? matched : defaultLocale
  } catch {
    return defaultLocale
  }
}

export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return defaultLocale
  const known = memo.get(acceptLanguage)
  if (known) return known
  const locale = negotiate(acceptLanguage)
  // Bounded: a client sending a new header each time must not grow the server's memory.
  if (memo.size >= MEMO_LIMIT) memo.clear()
  memo.set(acceptLanguage, locale)
  return locale
}
