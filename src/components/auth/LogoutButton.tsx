'use client'
// Ends the session on the server (Payload revokes it), then leaves the personal account.
import { useLocale, useTranslations } from 'next-intl'

import type { Locale } from '@/i18n/locales'
import { SIGNED_IN_COOKIE } from '@/lib/auth/signedInMarker'
import { localizedPath } from '@/lib/routing/localizedPath'

export function LogoutButton() {
  const t = useTranslations('Auth')
  const locale = useLocale() as Locale
  return (
    <button
      type="button"
      className="button button--small"
      onClick={async () => {
        await fetch('/api/users/logout', { method: 'POST', credentials: 'include' }).catch(() => undefined)
        document.cookie = `${SIGNED_IN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`
        window.location.assign(localizedPath('/', locale))
      }}
    >
      {t('logout')}
    </button>
  )
}
