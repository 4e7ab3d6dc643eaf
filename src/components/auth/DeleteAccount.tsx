'use client'
// "Delete account" with the spec's confirmation ("Are you sure?" / "Yes, delete").
import { useLocale, useTranslations } from 'next-intl'
import { useState } from 'react'

import type { Locale } from '@/i18n/locales'
import { localizedPath } from '@/lib/routing/localizedPath'

/** `subscriptionNote`: what deleting does to the subscriber's paid subscription, when they have one. */
export function DeleteAccount({ subscriptionNote = null }: { subscriptionNote?: string | null }) {
  const t = useTranslations('Preferences')
  const auth = useTranslations('Auth')
  const locale = useLocale() as Locale
  const [step, setStep] = useState<'idle' | 'confirm' | 'deleting' | 'failed'>('idle')

  const remove = async () => {
    setStep('deleting')
    const response = await fetch('/api/account/delete', { method: 'POST' }).catch(() => null)
    if (response?.ok) return window.location.assign(localizedPath('/', locale))
    setStep('failed')
  }

  if (step === 'idle' || step === 'failed') {
    return (
      <>
        {step === 'failed' ? (
          <p role="alert" className="auth__error">
            {auth('failed')}
          </p>
        ) : null}
        <button type="button" className="button" onClick={() => setStep('confirm')}>
          {t('deleteButton')}
        </button>
      </>
    )
  }
  return (
    <div role="alertdialog" aria-labelledby="delete-question" className="auth__sent">
      <p id="delete-question">
        <strong>{t('confirmQuestion')}</strong>
      </p>
      {subscriptionNote ? <p data-testid="delete-subscription-note">{subscriptionNote}</p> : null}
      <div className="error-screen__actions" style={{ justifyContent: 'flex-start' }}>
        <button type="button" className="button button--danger" onClick={remove} disabled={step === 'deleting'}>
          {t('confirmYes')}
        </button>
        <button type="button" className="button" onClick={() => setStep('idle')}>
          {t('confirmNo')}
        </button>
      </div>
    </div>
  )
}
