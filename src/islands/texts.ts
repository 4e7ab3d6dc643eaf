// The texts the server put in the page for the islands (src/components/site/IslandTexts.tsx).
import type { Locale } from '@/i18n/locales'
import type { IslandText, IslandTexts } from '@/lib/islands/texts'

const texts: Record<string, IslandText> = {}
let pageLocale: Locale = document.documentElement.lang === 'en' ? 'en' : 'ru'

for (const element of document.querySelectorAll('script[data-island-texts]')) {
  try {
    const parsed = JSON.parse(element.textContent ?? '') as IslandTexts
    pageLocale = parsed.locale
    Object.assign(texts, parsed.texts)
  } catch {
    // A page without its texts shows the server's words and no new ones.
  }
}

export function locale(): Locale {
  return pageLocale
}

/** The text of `key` with its `{name}` placeholders filled; a plural text picks its form by `count`. */
export function text(key: string, values: Record<string, string | number> = {}, count?: number): string {
  const entry = texts[key]
  if (entry === undefined) return ''
  let template: string
  if (typeof entry === 'string') template = entry
  else {
    const number = count ?? 0
    const forms = entry.plural
    template = (forms[new Intl.PluralRules(pageLocale).select(number)] ?? forms.other ?? forms.many ?? '').replace('#', new Intl.NumberFormat(pageLocale).format(number))
  }
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
}
