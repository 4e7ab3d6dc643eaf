// The one list of site languages; Payload localization and next-intl routing both read it.
export const locales = ['ru', 'en'] as const
export type Locale = (typeof locales)[number]
export const defaultLocale: Locale = 'ru'

export const localeLabels: Record<Locale, string> = {
  ru: 'Русский',
  en: 'English',
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value)
}

/** A route's locale parameter, or the default language for anything else. */
export function localeOrDefault(value: unknown): Locale {
  return isLocale(value) ? value : defaultLocale
}
