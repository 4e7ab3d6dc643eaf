'use client'
// The current password, asked by the account forms that could take an account over (changing the e-mail or the
// password) unless the visitor signed in within the last quarter hour.
import { useTranslations } from 'next-intl'

export function CurrentPasswordField({ hintId }: { hintId: string }) {
  const t = useTranslations('Preferences')
  return (
    <>
      <label className="field">
        <span>{t('currentPassword')}</span>
        <input type="password" name="currentPassword" autoComplete="current-password" maxLength={128} aria-describedby={hintId} />
      </label>
      <p id={hintId} className="auth__agreement">
        {t('currentPasswordHint')}
      </p>
    </>
  )
}
