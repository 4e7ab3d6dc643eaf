// Emoji flags for two-letter country codes, shown next to country names.
const REGIONAL_INDICATOR_A = 0x1f1e6

/** Emoji flag made of two regional-indicator symbols ('de' → 🇩🇪); empty for anything but two letters. */
export function countryFlag(code: string): string {
  const lower = code.toLowerCase()
  if (!/^[a-z]{2}$/.test(lower)) return ''
  return String.fromCodePoint(
    ...Array.from(lower, (letter) => REGIONAL_INDICATOR_A + letter.charCodeAt(0) - 'a'.charCodeAt(0)),
  )
}
