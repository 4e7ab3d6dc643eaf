// The header's account corner: the personal account, "Log in" (a popup in the browser, the /login page without
// JavaScript) and "Log out". Which of the last two shows is decided in the browser from a readable hint cookie
// (src/islands/header.ts), so the header stays one cached copy for everyone.
import Link from 'next/link'
import { useTranslations } from 'next-intl'

import type { Locale } from '@/i18n/locales'
import { localizedPath } from '@/lib/routing/localizedPath'

export function AccountLinks({ locale }: { locale: Locale }) {
  const t = useTranslations('Header')
  const auth = useTranslations('Auth')
  return (
    <>
      <Link href={localizedPath('/profile/servers', locale)} prefetch={false} className="header__link">
        {t('account')}
      </Link>
      <Link href={localizedPath('/login', locale)} prefetch={false} className="button button--small" data-login-popup="">
        {t('login')}
      </Link>
      <button type="button" className="button button--small" data-logout="" hidden>
        {auth('logout')}
      </button>
    </>
  )
}
