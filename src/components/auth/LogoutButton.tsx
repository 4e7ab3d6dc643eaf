'use client'
// Ends the session on the server (Payload revokes it), then leaves the personal account.
import { useLocale, useTranslations } from 'next-intl'

import type { Locale } from '@/i18n/locales'
import { logOut } from '@/lib/auth/fromBrowser'

export function LogoutButton() {
  const t = useTranslations('Auth')
  const locale = useLocale() as Locale
  return (
    <button
      type="button"
      className="button button--small"
      onClick={() => void logOut(locale)}
    >
      {t('logout')}
    </button>
  )
}
