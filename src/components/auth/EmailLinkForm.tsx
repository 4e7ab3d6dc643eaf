'use client'
// The e-mail form of login and registration: checks the address with the shared rule, asks for a link,
// and says what happened. Without JavaScript it posts the same form and lands on a result page.
import { useLocale, useTranslations } from 'next-intl'
import type React from 'react'
import { useState } from 'react'

import type { Locale } from '@/i18n/locales'
import { requestLink } from '@/lib/auth/fromBrowser'
import { localizedPath } from '@/lib/routing/localizedPath'

type Purpose = 'login' | 'register'
type State = { kind: 'idle' | 'sending' } | { kind: 'sent'; queued: boolean } | { kind: 'error'; message: string }

export function EmailLinkForm({ purpose }: { purpose: Purpose }) {
  const t = useTranslations('Auth')
  const locale = useLocale() as Locale
  const [state, setState] = useState<State>({ kind: 'idle' })

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const email = new FormData(event.currentTarget).get('email')
    setState({ kind: 'sending' })
    const answer = await requestLink(email, purpose, locale)
    if (answer.kind === 'sent') return setState({ kind: 'sent', queued: answer.queued })
    const message =
      answer.error === 'rateLimited'
        ? t('rateLimited', { minutes: answer.minutes })
        : answer.error === 'crossSiteRequest'
          ? t('crossSiteRequest', { site: answer.site })
          : t(answer.error)
    setState({ kind: 'error', message })
  }

  if (state.kind === 'sent') {
    return (
      <div role="status" className="auth__sent" data-testid="link-sent">
        <h2>{t('sentTitle')}</h2>
        <p>{state.queued ? t('sentQueuedText') : t('sentText')}</p>
      </div>
    )
  }
  return (
    <form action="/api/auth/request-link" method="post" onSubmit={submit} noValidate className="auth__form">
      <input type="hidden" name="purpose" value={purpose} />
      <input type="hidden" name="locale" value={locale} />
      <label className="field">
        <span>{t('email')}</span>
        <input
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={254}
          aria-invalid={state.kind === 'error'}
          aria-describedby="auth-error"
        />
      </label>
      <p id="auth-error" role="alert" className="auth__error">
        {state.kind === 'error' ? state.message : null}
      </p>
      <button type="submit" className="button button--primary" disabled={state.kind === 'sending'}>
        {state.kind === 'sending' ? t('sending') : purpose === 'login' ? t('sendLogin') : t('sendRegister')}
      </button>
      <p className="auth__agreement">
        {t.rich('agreement', {
          privacy: (chunks) => <a href={localizedPath('/privacy', locale)}>{chunks}</a>,
          terms: (chunks) => <a href={localizedPath('/user-agreement', locale)}>{chunks}</a>,
        })}
      </p>
    </form>
  )
}
