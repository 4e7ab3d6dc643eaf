'use client'
// Set or change the optional password in the account settings.
import { useTranslations } from 'next-intl'
import type React from 'react'
import { useState } from 'react'

type State = { kind: 'idle' | 'saving' | 'saved' } | { kind: 'error'; message: string }

export function PasswordForm() {
  const t = useTranslations('Preferences')
  const [state, setState] = useState<State>({ kind: 'idle' })

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const password = String(new FormData(form).get('password') ?? '')
    if (password.length < 8) return setState({ kind: 'error', message: t('passwordTooShort') })
    setState({ kind: 'saving' })
    const response = await fetch('/api/account/password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ password }),
    }).catch(() => null)
    if (response?.ok) {
      form.reset()
      return setState({ kind: 'saved' })
    }
    setState({ kind: 'error', message: t(response?.status === 400 ? 'passwordTooLong' : 'passwordFailed') })
  }

  return (
    <form onSubmit={submit} noValidate className="auth__form">
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
