// The login and registration pages (the header's entry points), around the e-mail link form.
import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { notFound } from 'next/navigation'

import { EmailLinkForm } from '@/components/auth/EmailLinkForm'
import { PasswordLoginForm } from '@/components/auth/PasswordLoginForm'
import { TelegramLogin } from '@/components/auth/TelegramLogin'
import { Link } from '@/i18n/Link'
import { isLocale } from '@/i18n/locales'

export type AuthParams = Promise<{ variant: string; locale: string }>
type Purpose = 'login' | 'register'

export async function authMetadata(purpose: Purpose, params: AuthParams): Promise<Metadata> {
  const { locale } = await params
  if (!isLocale(locale)) return {}
  const t = await getTranslations({ locale, namespace: 'Auth' })
  return { title: purpose === 'login' ? t('loginTitle') : t('registerTitle'), robots: { index: false, follow: false } }
}

export async function AuthPage({ purpose, params }: { purpose: Purpose; params: AuthParams }) {
  const { locale } = await params
  if (!isLocale(locale)) notFound()
  setRequestLocale(locale)
  const t = await getTranslations({ locale, namespace: 'Auth' })
  return (
    <section className="narrow auth">
      <h1>{purpose === 'login' ? t('loginTitle') : t('registerTitle')}</h1>
      <p>{purpose === 'login' ? t('loginIntro') : t('registerIntro')}</p>
      <EmailLinkForm purpose={purpose} />
      {purpose === 'login' ? <PasswordLoginForm /> : null}
      {purpose === 'login' ? <TelegramLogin locale={locale} /> : null}
      <p>
        <Link href={purpose === 'login' ? '/register' : '/login'} prefetch={false}>
          {purpose === 'login' ? t('toRegister') : t('toLogin')}
        </Link>
      </p>
    </section>
  )
}
