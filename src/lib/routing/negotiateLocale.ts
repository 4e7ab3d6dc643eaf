// The site language a browser asks for in Accept-Language, matched to ours (Russian when unsure). Only the first
// preferences matter, so only they are read, in one linear pass: a header of thousands of tags costs what a
// browser's does, and nothing is remembered per header (a memo keyed by what visitors send grows with them).
import { defaultLocale, isLocale } from '@/i18n/locales'
import type { Locale } from '@/i18n/locales'

/** Browsers send a handful; the first ten are more than any person lists. */
export const MAX_LANGUAGE_TAGS = 10
/** The longest tag worth reading (BCP 47 tags people use are far shorter); longer ones are skipped. */
const MAX_TAG_LENGTH = 35
/** What is read of the header at most: ten tags of that length with their weights. */
const MAX_HEADER_READ = MAX_LANGUAGE_TAGS * (MAX_TAG_LENGTH + 8)

function weightOf(parameters: readonly string[]): number {
  for (const parameter of parameters) {
    const [name, value] = parameter.split('=')
    if (name?.trim().toLowerCase() !== 'q') continue
    const weight = Number(value?.trim())
    return Number.isFinite(weight) ? weight : 0
  }
  return 1
}

export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return defaultLocale
  let best: { locale: Locale; weight: number } | null = null
  const entries = acceptLanguage.slice(0, MAX_HEADER_READ).split(',').slice(0, MAX_LANGUAGE_TAGS)
  for (const entry of entries) {
    const [tag = '', ...parameters] = entry.split(';')
    const trimmed = tag.trim().toLowerCase()
    if (!trimmed || trimmed.length > MAX_TAG_LENGTH) continue
    const language = trimmed.split('-')[0]
    const weight = weightOf(parameters)
    // The first of equal weights wins, as browsers list them in order of preference.
    if (isLocale(language) && weight > 0 && (best === null || weight > best.weight)) best = { locale: language, weight }
  }
  return best?.locale ?? defaultLocale
}
