// The link of the language switch: the same page in the other language.
import type { Locale } from '@/i18n/locales'

/** From `/en/vless?show=20` to Russian gives `/ru/vless?show=20`, which stores the choice and drops the prefix. */
export function switchLocaleHref(pathname: string, search: string, target: Locale): string {
  const withoutPrefix = pathname.replace(/^\/(en|ru)(?=\/|$)/, '') || '/'
  const path = withoutPrefix === '/' ? '' : withoutPrefix
  return `/${target}${path}${search}`
}

/** In the browser, at the click: the link keeps the current page's query (e.g. ?show=20). */
export function withCurrentQuery(anchor: HTMLAnchorElement): void {
  const url = new URL(anchor.href)
  url.search = window.location.search
  anchor.href = url.toString()
}
