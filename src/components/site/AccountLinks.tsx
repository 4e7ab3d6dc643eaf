'use client'
// The header's account corner: "Log in" for visitors (a popup, or the /login page without JavaScript);
// the personal account and "Log out" once signed in. Decided in the browser from a readable hint
// cookie, so the header stays cacheable for everyone.
import Link from 'next/link'
import { useLocale, useTranslations } from 'next-intl'
import type React from 'react'
import { lazy, Suspense, useState, useSyncExternalStore } from 'react'

import { LogoutButton } from '@/components/auth/LogoutButton'
import type { Locale } from '@/i18n/locales'
import { hasSignedInMarker } from '@/lib/auth/signedInMarker'
import { localizedPath } from '@/lib/routing/localizedPath'

// Loaded on the first click: the popup is not part of every page's first load.
const AuthDialog = lazy(() => import('@/components/auth/AuthDialog').then((module) => ({ default: module.AuthDialog })))

const noop = () => () => undefined

export function AccountLinks() {
  const t = useTranslations('Header')
  const locale = useLocale() as Locale
  const isSignedIn = useSyncExternalStore(noop, () => hasSignedInMarker(document.cookie), () => false)
  const [isDialogOpen, setDialogOpen] = useState(false)
  const openDialog = (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    // The page-loading bar starts on any link click, prevented or not, and ends only on a navigation: this one
    // never comes, so the bar must not hear of it (its listener sits on the document after React's).
    event.nativeEvent.stopImmediatePropagation()
    setDialogOpen(true)
  }
  return (
    <>
      <Link href={localizedPath('/profile/servers', locale)} prefetch={false} className="header__link">
        {t('account')}
      </Link>
      {isSignedIn ? (
        <LogoutButton />
      ) : (
        <Link href={localizedPath('/login', locale)} prefetch={false} className="button button--small" onClick={openDialog} data-login-popup="">
          {t('login')}
        </Link>
      )}
      {isDialogOpen ? (
        <Suspense fallback={null}>
          <AuthDialog purpose="login" onClose={() => setDialogOpen(false)} />
        </Suspense>
      ) : null}
    </>
  )
}
