// Stores the page's language for a year, as the language cookie the proxy reads. Written by the page in the
// browser rather than by the response: a page response that sets no cookie can be kept by a shared cache (nginx)
// and served to the next visitor. Runs on page loads only, never on prefetches, as the rule of issue 3 wants.
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS } from '@/i18n/routing'
import type { Locale } from '@/i18n/locales'

export function LocaleMemory({ locale }: { locale: Locale }) {
  const cookie = `${LOCALE_COOKIE}=${locale}`
  const script = `document.cookie.split('; ').indexOf('${cookie}')<0&&(document.cookie='${cookie};path=/;max-age=${LOCALE_COOKIE_MAX_AGE_SECONDS};samesite=lax')`
  return <script dangerouslySetInnerHTML={{ __html: script }} />
}
