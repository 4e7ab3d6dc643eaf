// The link of the language switch: the same page in the other language.
import type { Locale } from '@/i18n/locales'

/** From `/en/vless?show=20` to Russian gives `/ru/vless?show=20`, which stores the choice and drops the prefix. */
export function switchLocaleHref(pathname: string, search: string, target: Locale): string {
  const withoutPrefix = pathname.replace(/^\/(en|ru)(?=\/|$)/, '') || '/'
  const path = withoutPrefix === '/' ? '' : withoutPrefix
  return `/${target}${path}${search}`
}
