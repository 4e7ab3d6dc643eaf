// A public path in a given language: Russian has no prefix, English lives under /en.
import { defaultLocale } from '@/i18n/locales'
import type { Locale } from '@/i18n/locales'

/** Russia's key list: as a Russian path it would read as the `/ru` prefix, which redirects to the home page. */
export const RUSSIA_PATH = '/ru'

/** `/vless` in English is `/en/vless`; the home page in English is `/en`; Russia's list in Russian is `/ru/ru`. */
export function localizedPath(pathname: string, locale: Locale): string {
  if (locale === defaultLocale) return pathname === RUSSIA_PATH ? `/ru${RUSSIA_PATH}` : pathname
  return pathname === '/' ? `/${locale}` : `/${locale}${pathname}`
}
