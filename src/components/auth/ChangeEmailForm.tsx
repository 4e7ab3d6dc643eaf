'use client'
// Change e-mail in the account settings: the new address is checked with the shared rule, then a
// confirmation link goes to it; the spec's failure message covers a wrong address. Unless the visitor signed in
// within the last quarter hour, the current password is asked for (src/lib/auth/reauthentication.ts).
import { useLocale, useTranslations } from 'next-intl'
import type React from 'react'
import { useState } from 'react'

import { checkEmail } from '@/lib/validation/email'

import { CurrentPasswordField } from './CurrentPasswordField'

type State = { kind: 'idle' | 'sending' } | { kind: 'sent'; email: string } | { kind: 'error'; title?: string; message: string }

export function ChangeEmailForm() {
  const t = useTranslations('Preferences')
  const auth = useTranslations('Auth')
  const locale = useLocale()
  const [state, setState] = useState<State>({ kind: 'idle' })

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const fields = new FormData(event.currentTarget)
    const checked = checkEmail(fields.get('newEmail'))
    if (!checked.ok) return setState({ kind: 'error', message: auth(checked.error) })
    setState({ kind: 'sending' })
    try {
      const response = await fetch('/api/account/change-email', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ newEmail: checked.email, currentPassword: String(fields.get('currentPassword') ?? ''), locale }),
      })
      const answer = (await response.json()) as { ok: boolean; error?: string; retryAfterSeconds?: number }
      if (answer.ok) return setState({ kind: 'sent', email: checked.email.toLowerCase() })
      if (answer.error === 'emailChangeFailed') return setState({ kind: 'error', title: t('failedTitle'), message: t('failedText') })
      if (answer.error === 'reauthenticate') return setState({ kind: 'error', message: t('emailReauthenticate') })
      if (answer.error === 'wrongCurrentPassword') return setState({ kind: 'error', message: t('passwordWrongCurrent') })
      if (answer.error === 'rateLimited') {
        return setState({ kind: 'error', message: auth('rateLimited', { minutes: Math.max(1, Math.ceil((answer.retryAfterSeconds ?? 60) / 60)) }) })
      }
      setState({ kind: 'error', message: auth(answer.error === 'mailFailed' ? 'mailFailed' : 'failed') })
    } catch {
      setState({ kind: 'error', message: auth('failed') })
    }
  }

  if (state.kind === 'sent') {
    return (
      <p role="status" className="auth__sent" data-testid="email-change-sent">
        {t('sent', { email: state.email })}
      </p>
    )
  }
  return (
    <form onSubmit={submit} noValidate className="auth__form">
      <label className="field">
        <span>{t('newEmail')}</span>
        <input type="email" name="newEmail" autoComplete="email" required maxLength={254} aria-describedby="change-email-error" />
      </label>
      <CurrentPasswordField hintId="change-email-password-hint" />
      <div id="change-email-error" role="alert" className="auth__error">
        {state.kind === 'error' ? (
          <>
            {state.title ? <strong>{state.title}. </strong> : null}
            {state.message}
          </>
        ) : null}
      </div>
      <button type="submit" className="button button--primary" disabled={state.kind === 'sending'}>
        {state.kind === 'sending' ? t('sending') : t('submit')}
      </button>
    </form>
  )
}
