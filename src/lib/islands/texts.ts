// The texts an island script shows (src/islands), rendered on the server by next-intl from the same messages as the
// pages: plain strings, `{name}` templates and plural forms, so the browser needs no ICU parser.
import type { Locale } from '@/i18n/locales'

/** A message as a plain string, a template with `{name}` placeholders, or its plural forms with `#` for the number. */
export type IslandText = string | { plural: Partial<Record<Intl.LDMLPluralRule, string>> }
export type IslandTexts = { locale: Locale; texts: Record<string, IslandText> }

type Render = (values?: Record<string, string | number>) => string
/** `text`: no arguments or text ones; `number`: a formatted number argument; `plural`: a plural one. */
export type TextSpec = { key: string; render: Render; args?: Record<string, 'text' | 'number' | 'plural'> }

// Far from any number a message shows by itself, so finding its formatted form finds the argument. The trick holds
// for messages whose plural forms differ by category only (no `=0`/`=1` cases) and that show no other number equal
// to a category's first integer before the argument; tests/unit/islands/texts.test.ts renders the ones in use.
const SENTINEL = 987_654_321

function firstIntegerOf(rules: Intl.PluralRules, category: Intl.LDMLPluralRule): number | null {
  for (let n = 0; n < 200; n += 1) if (rules.select(n) === category) return n
  return null
}

export function islandTexts(locale: Locale, specs: readonly TextSpec[]): IslandTexts {
  const numbers = new Intl.NumberFormat(locale)
  const rules = new Intl.PluralRules(locale)
  const texts: Record<string, IslandText> = {}
  for (const { key, render, args = {} } of specs) {
    const names = Object.keys(args)
    const plural = names.find((name) => args[name] === 'plural')
    const templateValues = Object.fromEntries(names.map((name) => [name, args[name] === 'text' ? `{${name}}` : SENTINEL]))
    // Rendered with the sentinel (or a plural category's number), whose formatted form then becomes the placeholder.
    const template = (values: Record<string, string | number>) => {
      let text = render(values)
      for (const name of names) {
        if (args[name] !== 'text') text = text.replace(numbers.format(Number(values[name])), args[name] === 'plural' ? '#' : `{${name}}`)
      }
      return text
    }
    if (!plural) {
      texts[key] = names.length > 0 ? template(templateValues) : render()
      continue
    }
    const forms: Partial<Record<Intl.LDMLPluralRule, string>> = {}
    for (const category of rules.resolvedOptions().pluralCategories) {
      const n = firstIntegerOf(rules, category)
      if (n !== null) forms[category] = template({ ...templateValues, [plural]: n })
    }
    texts[key] = { plural: forms }
  }
  return { locale, texts }
}
