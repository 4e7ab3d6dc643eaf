// The account actions a browser takes, for the React components and the islands (src/islands) alike.
import type { Locale } from '@/i18n/locales'
import { localizedPath } from '@/lib/routing/localizedPath'
import { checkEmail } from '@/lib/validation/checkEmail'

import { safeNextPath } from './safeNext'
import { SIGNED_IN_COOKIE } from './signedInMarker'

/** Ends the session on the server (Payload revokes it) and goes to the main page. */
export async function logOut(locale: Locale): Promise<void> {
  await fetch('/api/users/logout', { method: 'POST', credentials: 'include' }).catch(() => undefined)
  document.cookie = `${SIGNED_IN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`
  window.location.assign(localizedPath('/', locale))
}

type LinkError = 'invalidEmail' | 'invalidValueForEmail' | 'mailFailed' | 'failed'
/**
 * What asking for an e-mail link came to; `rateLimited` waits this many minutes; `crossSiteRequest`: the page was
 * opened at an address other than the site's (`site`), which refuses forms from elsewhere.
 */
export type LinkAnswer =
  /** `queued`: the mail server did not take it now; it goes out, with a fresh link, once it does. */
  | { kind: 'sent'; queued: boolean }
  | { kind: 'error'; error: LinkError }
  | { kind: 'error'; error: 'rateLimited'; minutes: number }
  | { kind: 'error'; error: 'crossSiteRequest'; site: string }
type Answer = { ok: true; queued?: boolean } | { ok: false; error: string; retryAfterSeconds?: number; site?: string }

const KNOWN_ERRORS = ['invalidEmail', 'invalidValueForEmail', 'mailFailed'] as const

/** Checks the typed address with the shared rule and asks for a login or registration link (back to `?next`). */
export async function requestLink(typed: FormDataEntryValue | null, purpose: 'login' | 'register', locale: Locale): Promise<LinkAnswer> {
  const checked = checkEmail(typed)
  if (!checked.ok) return { kind: 'error', error: checked.error }
  try {
    const next = safeNextPath(new URLSearchParams(window.location.search).get('next'))
    const response = await fetch('/api/auth/request-link', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: checked.email, purpose, locale, next }),
    })
    const answer = (await response.json()) as Answer
    if (answer.ok) return { kind: 'sent', queued: answer.queued === true }
    if (answer.error === 'rateLimited') return { kind: 'error', error: 'rateLimited', minutes: Math.max(1, Math.ceil((answer.retryAfterSeconds ?? 60) / 60)) }
    if (answer.error === 'crossSiteRequest' && answer.site) return { kind: 'error', error: 'crossSiteRequest', site: answer.site }
    return { kind: 'error', error: KNOWN_ERRORS.find((key) => key === answer.error) ?? 'failed' }
  } catch {
    return { kind: 'error', error: 'failed' }
  }
}
