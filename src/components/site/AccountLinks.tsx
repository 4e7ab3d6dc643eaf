'use client'
// The header's account corner: "Log in" for visitors (a popup, or the /login page without JavaScript);
// the personal account and "Log out" once signed in. Decided in the browser from a readable hint
// cookie, so the header stays cacheable for everyone.
import dynamic from 'next/dynamic'
import { useTranslations } from 'next-intl'
import type React from 'react'
import { useState, useSyncExternalStore } from 'react'

import { LogoutButton } from '@/components/auth/LogoutButton'
import { Link } from '@/i18n/navigation'
import { hasSignedInMarker } from '@/lib/auth/signedInMarker'

// Loaded on the first click: the popup is not part of every page's first load.
const AuthDialog = dynamic(() => import('@/components/auth/AuthDialog').then((module) => module.AuthDialog))

const noop = () => () => undefined

export function AccountLinks() {
  const t = useTranslations('Header')
  const isSignedIn = useSyncExternalStore(noop, () => hasSignedInMarker(document.cookie), () => false)
  const [isDialogOpen, setDialogOpen] = useState(false)
  const openDialog = (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    setDialogOpen(true)
  }
  return (
    <>
      <Link href="/profile/servers" prefetch={false} className="header__link">
        {t('account')}
      </Link>
      {isSignedIn ? (
        <LogoutButton />
      ) : (
        <Link href="/login" prefetch={false} className="button button--small" onClick={openDialog}>
          {t('login')}
        </Link>
      )}
      {isDialogOpen ? <AuthDialog purpose="login" onClose={() => setDialogOpen(false)} /> : null}
    </>
  )
}
