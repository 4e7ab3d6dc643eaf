'use client'
// The header's account corner: "Log in" for visitors; the personal account and "Log out" once signed in.
// Decided in the browser from a readable hint cookie, so the header stays cacheable for everyone.
import { useTranslations } from 'next-intl'
import { useSyncExternalStore } from 'react'

import { LogoutButton } from '@/components/auth/LogoutButton'
import { Link } from '@/i18n/navigation'
import { hasSignedInMarker } from '@/lib/auth/signedInMarker'

const noop = () => () => undefined

export function AccountLinks() {
  const t = useTranslations('Header')
  const isSignedIn = useSyncExternalStore(noop, () => hasSignedInMarker(document.cookie), () => false)
  return (
    <>
      <Link href="/profile/servers" prefetch={false} className="header__link">
        {t('account')}
      </Link>
      {isSignedIn ? (
        <LogoutButton />
      ) : (
        <Link href="/login" prefetch={false} className="button button--small">
          {t('login')}
        </Link>
      )}
    </>
  )
}
