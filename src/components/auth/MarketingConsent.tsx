'use client'
// The marketing e-mail consent switch in the account settings (off by default; withdrawn at once).
import { useTranslations } from 'next-intl'
import { useState } from 'react'

export function MarketingConsent({ initial }: { initial: boolean }) {
  const t = useTranslations('Preferences')
  const [consent, setConsent] = useState(initial)
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle')

  const change = async (next: boolean) => {
    setState('saving')
    const response = await fetch('/api/account/marketing', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ consent: next }),
    }).catch(() => null)
    if (!response?.ok) return setState('failed')
    setConsent(next)
    setState('saved')
  }

  return (
    <div className="auth__form">
      <label>
        <input type="checkbox" checked={consent} disabled={state === 'saving'} onChange={(event) => void change(event.target.checked)} />{' '}
        {t('marketingLabel')}
      </label>
      <p role="status" className={state === 'failed' ? 'auth__error' : 'auth__agreement'}>
        {state === 'failed' ? t('marketingFailed') : state === 'saved' ? t('marketingSaved') : t('marketingHint')}
      </p>
    </div>
  )
}
