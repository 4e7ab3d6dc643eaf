'use client'
// Logging in with the optional password (Payload's own login), for users who set one.
import { useLocale, useTranslations } from 'next-intl'
import type React from 'react'
import { useState } from 'react'

import type { Locale } from '@/i18n/locales'
import { safeNextPath } from '@/lib/auth/safeNext'
import { SIGNED_IN_COOKIE } from '@/lib/auth/signedInMarker'
import { localizedPath } from '@/lib/routing/localizedPath'
import { checkEmail } from '@/lib/validation/email'

const THIRTY_DAYS_SECONDS = 60 * 60 * 24 * 30

export function PasswordLoginForm() {
  const t = useTranslations('Auth')
  const locale = useLocale() as Locale
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const checked = checkEmail(data.get('email'))
    if (!checked.ok) return setError(t(checked.error))
    setBusy(true)
    const response = await fetch('/api/users/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'include',
      body: JSON.stringify({ email: checked.email.toLowerCase(), password: String(data.get('password') ?? '') }),
    }).catch(() => null)
    setBusy(false)
    if (response?.status === 429) {
      const body = (await response.json().catch(() => null)) as { errors?: { data?: { retryAfterSeconds?: number } }[] } | null
      const seconds = body?.errors?.[0]?.data?.retryAfterSeconds ?? 15 * 60
      return setError(t('rateLimited', { minutes: Math.max(1, Math.ceil(seconds / 60)) }))
    }
    if (!response?.ok) return setError(t(response?.status === 401 ? 'wrongPassword' : 'failed'))
    document.cookie = `${SIGNED_IN_COOKIE}=1; Path=/; Max-Age=${THIRTY_DAYS_SECONDS}; SameSite=Lax`
    const next = safeNextPath(new URLSearchParams(window.location.search).get('next'))
    window.location.assign(next ?? localizedPath('/profile/servers', locale))
  }

  return (
    <details className="auth__password">
      <summary>{t('passwordLogin')}</summary>
      <form onSubmit={submit} noValidate className="auth__form">
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
        <button type="submit" className="button" disabled={busy}>
          {t('passwordLoginSubmit')}
        </button>
      </form>
    </details>
  )
}
