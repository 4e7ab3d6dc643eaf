// The one e-mail rule for every form (login, register, change e-mail, purchase), on the client and the server.
// Without zod, so the islands (src/islands) can check an address without carrying the schema library.
export type EmailError = 'invalidEmail' | 'invalidValueForEmail'
export type EmailCheck = { ok: true; email: string } | { ok: false; error: EmailError }

export const EMAIL_MAX_LENGTH = 254
const LOCAL_MAX_LENGTH = 64
// RFC 5322 dot-atom: quoted local parts (which may hide "@" or line breaks) are refused outright.
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/
const DOMAIN_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/
const TOP_LEVEL = /^([a-z]{2,63}|xn--[a-z0-9-]{2,59})$/
const CONTROL = /[\u0000-\u001f\u007f]/

/** Trims, lower-cases and punycodes the domain; refuses what a mail server or header could misread. */
export function checkEmail(input: unknown): EmailCheck {
  if (typeof input !== 'string') return { ok: false, error: 'invalidEmail' }
  // Line breaks anywhere (even trailing) are refused, not trimmed: they are how mail headers get injected.
  if (CONTROL.test(input)) return { ok: false, error: 'invalidValueForEmail' }
  const value = input.trim()
  if (value === '') return { ok: false, error: 'invalidEmail' }
  if (value.length > EMAIL_MAX_LENGTH || value.includes('"')) return { ok: false, error: 'invalidValueForEmail' }
  const at = value.lastIndexOf('@')
  if (at <= 0 || at === value.length - 1) return { ok: false, error: 'invalidEmail' }
  const local = value.slice(0, at)
  const rawDomain = value.slice(at + 1)
  if (local.length > LOCAL_MAX_LENGTH || !LOCAL_PART.test(local)) return { ok: false, error: 'invalidEmail' }
  let domain: string
  try {
    // The URL parser lower-cases and converts international domains (e.g. пример.рф) to their ASCII form.
    domain = new URL(`http://${rawDomain}`).hostname
  } catch {
    return { ok: false, error: 'invalidEmail' }
  }
  if (domain !== rawDomain.toLowerCase() && !/[^\x00-\x7f]/.test(rawDomain)) return { ok: false, error: 'invalidEmail' }
  const labels = domain.split('.')
  if (labels.length < 2 || !labels.every((label) => DOMAIN_LABEL.test(label)) || !TOP_LEVEL.test(labels.at(-1) ?? '')) {
    return { ok: false, error: 'invalidEmail' }
  }
  // `.invalid` never receives mail (RFC 6761): it is the Telegram-only accounts' placeholder (src/lib/auth/telegramAccounts.ts).
  if (labels.at(-1) === 'invalid') return { ok: false, error: 'invalidEmail' }
  const email = `${local}@${domain}`
  if (email.length > EMAIL_MAX_LENGTH) return { ok: false, error: 'invalidValueForEmail' }
  return { ok: true, email }
}

