'use client'
// Logging in with the optional password (Payload's own login), for users who set one.
import { useFormatter, useLocale, useTranslations } from 'next-intl'
import type React from 'react'
import { useState } from 'react'

import type { Locale } from '@/i18n/locales'
import { safeNextPath } from '@/lib/auth/safeNext'
import { SIGNED_IN_COOKIE } from '@/lib/auth/signedInMarker'
import { localizedPath } from '@/lib/routing/localizedPath'
import { checkEmail } from '@/lib/validation/email'
import { useHydrated } from '@/components/useHydrated'

const THIRTY_DAYS_SECONDS = 60 * 60 * 24 * 30

type LoginError = { data?: { retryAfterSeconds?: number; passwordPaused?: boolean; restoreUntil?: string } }

/** The account is being deleted: its owner may restore it with an e-mail link until the date. */
type Restorable = { email: string; until: Date; sent: boolean }

export function PasswordLoginForm() {
  const t = useTranslations('Auth')
  const locale = useLocale() as Locale
  const format = useFormatter()
  const [error, setError] = useState<string | null>(null)
  const [restorable, setRestorable] = useState<Restorable | null>(null)
  const [busy, setBusy] = useState(false)
  // Only the page's script logs in with a password: before it runs (or without JavaScript) the button stays disabled,
  // which stops Enter too, and the form would post, never put the password in the page's address (a GET would).
  const ready = useHydrated()

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const checked = checkEmail(data.get('email'))
    if (!checked.ok) return setError(t(checked.error))
    // A new attempt: the last one's failure is no longer the answer (nor shown while a success leads on).
    setError(null)
    setBusy(true)
    const response = await fetch('/api/users/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'include',
      body: JSON.stringify({ email: checked.email.toLowerCase(), password: String(data.get('password') ?? '') }),
    }).catch(() => null)
    setBusy(false)
    setRestorable(null)
    const failure = response && !response.ok ? ((await response.json().catch(() => null)) as { errors?: LoginError[] } | null)?.errors?.[0] : undefined
    if (response?.status === 429) {
      const seconds = failure?.data?.retryAfterSeconds ?? 15 * 60
      return setError(t(failure?.data?.passwordPaused ? 'passwordPaused' : 'rateLimited', { minutes: Math.max(1, Math.ceil(seconds / 60)) }))
    }
    const restoreUntil = failure?.data?.restoreUntil
    if (response?.status === 403 && restoreUntil) {
      setError(null)
      return setRestorable({ email: checked.email.toLowerCase(), until: new Date(restoreUntil), sent: false })
    }
    if (!response?.ok) return setError(t(response?.status === 401 ? 'wrongPassword' : 'failed'))
    document.cookie = `${SIGNED_IN_COOKIE}=1; Path=/; Max-Age=${THIRTY_DAYS_SECONDS}; SameSite=Lax`
    const next = safeNextPath(new URLSearchParams(window.location.search).get('next'))
    window.location.assign(next ?? localizedPath('/profile/servers', locale))
  }

  const requestRestoreLink = async () => {
    if (!restorable) return
    setBusy(true)
    const response = await fetch('/api/auth/request-link', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: restorable.email, purpose: 'login' }),
    }).catch(() => null)
    setBusy(false)
    if (response?.ok) return setRestorable({ ...restorable, sent: true })
    if (response?.status !== 429) return setError(t('failed'))
    const seconds = ((await response.json().catch(() => null)) as { retryAfterSeconds?: number } | null)?.retryAfterSeconds ?? 15 * 60
    setError(t('rateLimited', { minutes: Math.max(1, Math.ceil(seconds / 60)) }))
  }

  return (
    <details className="auth__password">
      <summary>{t('passwordLogin')}</summary>
      <form method="post" onSubmit={submit} noValidate className="auth__form">
        <label className="field">
          <span>{t('email')}</span>
          <input type="email" name="email" autoComplete="username" required maxLength={254} />
        </label>
        <label className="field">
          <span>{t('password')}</span>
          <input type="password" name="password" autoComplete="current-password" required maxLength={128} />
        </label>
        <p role="alert" className="auth__error" id="password-login-error">
          {error}
        </p>
        {restorable ? (
          <div role="status" className="auth__restore" data-testid="restore-account">
            {restorable.sent ? (
              <p>{t('restoreSent', { email: restorable.email })}</p>
            ) : (
              <>
                <p>{t('deletionPending', { date: format.dateTime(restorable.until, { dateStyle: 'long' }) })}</p>
                <button type="button" className="button button--primary" onClick={requestRestoreLink} disabled={busy}>
                  {t('restoreAccount')}
                </button>
              </>
            )}
          </div>
        ) : null}
        <button type="submit" className="button" disabled={busy || !ready}>
          {t('passwordLoginSubmit')}
        </button>
      </form>
    </details>
  )
}
