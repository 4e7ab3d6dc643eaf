'use client'
// The login / register popup opened from the header; the same form as the /login and /register pages.
import { useTranslations } from 'next-intl'
import { useEffect, useRef, useState } from 'react'

import { EmailLinkForm } from './EmailLinkForm'

export type AuthPurpose = 'login' | 'register'

export function AuthDialog({ purpose: initial, onClose }: { purpose: AuthPurpose; onClose: () => void }) {
  const t = useTranslations('Auth')
  const details = useTranslations('KeyDetails')
  const dialog = useRef<HTMLDialogElement>(null)
  const [purpose, setPurpose] = useState(initial)

  useEffect(() => {
    dialog.current?.showModal()
    // Straight to the e-mail address (the dialog alone would focus its close button).
    dialog.current?.querySelector<HTMLInputElement>('input[type="email"]')?.focus()
  }, [])

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby="auth-dialog-title"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) dialog.current?.close()
      }}
    >
      <div className="modal__body">
        <button type="button" className="modal__close" onClick={() => dialog.current?.close()} aria-label={details('close')}>
          ×
        </button>
        <h2 id="auth-dialog-title">{purpose === 'login' ? t('loginTitle') : t('registerTitle')}</h2>
        <p>{purpose === 'login' ? t('loginIntro') : t('registerIntro')}</p>
        <EmailLinkForm key={purpose} purpose={purpose} />
        <button type="button" className="button button--ghost" onClick={() => setPurpose(purpose === 'login' ? 'register' : 'login')}>
          {purpose === 'login' ? t('toRegister') : t('toLogin')}
        </button>
      </div>
    </dialog>
  )
}
