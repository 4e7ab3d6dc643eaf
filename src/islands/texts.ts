// The texts the server put in the page for the islands (src/components/site/IslandTexts.tsx): read when first asked
// for, and again when a text is missing (a React page's client-side navigation may have brought the plans' set).
import { isLocale } from '@/i18n/locales'
import type { Locale } from '@/i18n/locales'
import type { IslandText, IslandTexts } from '@/lib/islands/texts'

const texts: Record<string, IslandText> = {}
const read = new WeakSet<Element>()

function readTexts(): void {
  for (const element of document.querySelectorAll('script[data-island-texts]')) {
    if (read.has(element)) continue
    read.add(element)
    try {
      Object.assign(texts, (JSON.parse(element.textContent ?? '') as IslandTexts).texts)
    } catch {
      // A page without its texts shows the server's words and no new ones.
    }
  }
}

/** The page's language (its `<html lang>`, which the server sets for every page). */
export function locale(): Locale {
  const lang = document.documentElement.lang
  return isLocale(lang) ? lang : 'ru'
}

/** The text of `key` with its `{name}` placeholders filled; a plural text picks its form by `count`. */
export function text(key: string, values: Record<string, string | number> = {}, count?: number): string {
  if (!(key in texts)) readTexts()
  const entry = texts[key]
  if (entry === undefined) return ''
  let template: string
  if (typeof entry === 'string') template = entry
  else {
    const number = count ?? 0
    const forms = entry.plural
    template = (forms[new Intl.PluralRules(locale()).select(number)] ?? forms.other ?? forms.many ?? '').replace('#', new Intl.NumberFormat(locale()).format(number))
  }
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
}
