// The personal account: signed-in users only; everyone else is sent to log in and brought back.
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { headers } from 'next/headers'
import { notFound, redirect } from 'next/navigation'
import type React from 'react'

import { LogoutButton } from '@/components/auth/LogoutButton'
import { Link } from '@/i18n/Link'
import { isLocale } from '@/i18n/locales'
import { currentPageUser } from '@/edge/currentUser'
import { shownEmail } from '@/lib/auth/telegramAccounts'
import { safeNextPath } from '@/lib/auth/safeNext'
import { PUBLIC_PATH_HEADER } from '@/lib/routing/routeRequest'
import { localizedPath } from '@/lib/routing/localizedPath'

export default async function ProfileLayout({ children, params }: { children: React.ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params
  if (!isLocale(locale)) notFound()
  setRequestLocale(locale)
  const requestHeaders = await headers()
  const user = await currentPageUser(requestHeaders)
  if (!user) {
    const here = safeNextPath(requestHeaders.get(PUBLIC_PATH_HEADER)) ?? localizedPath('/profile/servers', locale)
    redirect(`${localizedPath('/login', locale)}?next=${encodeURIComponent(here)}`)
  }
  const t = await getTranslations({ locale, namespace: 'Profile' })
  return (
    <div className="profile">
      <h1>{t('title')}</h1>
      <p className="profile__user">
        {shownEmail(user) ? t('signedInAs', { email: user.email }) : t('signedInAsTelegram', { username: user.telegramUsername ?? 'none' })} <LogoutButton />
      </p>
      <nav className="profile__nav" aria-label={t('title')}>
        <Link href="/profile/servers" prefetch={false}>{t('servers')}</Link>
        <Link href="/profile/subscription" prefetch={false}>{t('subscription')}</Link>
        <Link href="/profile/preferences" prefetch={false}>{t('preferences')}</Link>
      </nav>
      {children}
    </div>
  )
}
