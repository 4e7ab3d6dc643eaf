'use client'
// Set or change the optional password in the account settings: the current password is asked for unless the
// visitor signed in within the last quarter hour (src/lib/auth/passwordChange.ts).
import { useLocale, useTranslations } from 'next-intl'
import type React from 'react'
import { useState } from 'react'

import { CurrentPasswordField } from './CurrentPasswordField'

type State = { kind: 'idle' | 'saving' | 'saved' } | { kind: 'error'; message: string }
type Answer = { ok?: boolean; error?: string; retryAfterSeconds?: number }

export function PasswordForm() {
  const t = useTranslations('Preferences')
  const auth = useTranslations('Auth')
  const locale = useLocale()
  const [state, setState] = useState<State>({ kind: 'idle' })

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const fields = new FormData(form)
    const password = String(fields.get('password') ?? '')
    if (password.length < 8) return setState({ kind: 'error', message: t('passwordTooShort') })
    setState({ kind: 'saving' })
    const response = await fetch('/api/account/password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ password, currentPassword: String(fields.get('currentPassword') ?? ''), locale }),
    }).catch(() => null)
    if (response?.ok) {
      form.reset()
      return setState({ kind: 'saved' })
    }
    const answer = ((await response?.json().catch(() => null)) ?? {}) as Answer
    if (answer.error === 'reauthenticate') return setState({ kind: 'error', message: t('passwordReauthenticate') })
    if (answer.error === 'wrongCurrentPassword') return setState({ kind: 'error', message: t('passwordWrongCurrent') })
    if (response?.status === 429) return setState({ kind: 'error', message: auth('rateLimited', { minutes: Math.max(1, Math.ceil((answer.retryAfterSeconds ?? 900) / 60)) }) })
    setState({ kind: 'error', message: t(response?.status === 400 ? 'passwordTooLong' : 'passwordFailed') })
  }

  return (
    <form onSubmit={submit} noValidate className="auth__form">
      <CurrentPasswordField hintId="current-password-hint" />
      <label className="field">
        <span>{t('password')}</span>
        <input type="password" name="password" autoComplete="new-password" minLength={8} maxLength={128} aria-describedby="password-state" />
      </label>
      <p id="password-state" role="status" className={state.kind === 'error' ? 'auth__error' : 'auth__agreement'}>
        {state.kind === 'error' ? state.message : state.kind === 'saved' ? t('passwordSaved') : t('passwordHint')}
      </p>
      <button type="submit" className="button" disabled={state.kind === 'saving'}>
        {t('passwordSubmit')}
      </button>
    </form>
  )
}
