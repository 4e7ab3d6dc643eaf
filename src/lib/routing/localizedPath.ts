// A public path in a given language: Russian has no prefix, English lives under /en.
import { defaultLocale } from '@/i18n/locales'
import type { Locale } from '@/i18n/locales'

/** `/vless` in English is `/en/vless`; the home page in English is `/en`. */
export function localizedPath(pathname: string, locale: Locale): string {
  if (locale === defaultLocale) return pathname
  return pathname === '/' ? `/${locale}` : `/${locale}${pathname}`
}
