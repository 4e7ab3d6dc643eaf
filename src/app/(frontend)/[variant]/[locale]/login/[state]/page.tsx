// Where the login form lands without JavaScript: the link was sent, or why it was not; and a Telegram sign-in that failed.
import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'

import { notFoundMetadata, ServerNotFound } from '@/components/errors/ServerNotFound'
import { Link } from '@/i18n/Link'
import { isLocale } from '@/i18n/locales'

const STATES = { sent: 'sentText', queued: 'sentQueuedText', invalid: 'invalidEmail', limited: 'failed', failed: 'mailFailed', 'telegram-failed': 'telegramFailed' } as const

export function generateStaticParams(): never[] {
  return []
}

export async function generateMetadata({ params }: { params: Promise<{ locale: string; state: string }> }): Promise<Metadata> {
  const { locale, state } = await params
  if (!isLocale(locale) || !(state in STATES)) return notFoundMetadata(locale)
  const t = await getTranslations({ locale, namespace: 'Auth' })
  return { title: state === 'sent' || state === 'queued' ? t('sentTitle') : t('loginTitle'), robots: { index: false, follow: false } }
}

export default async function LoginStatePage({ params }: { params: Promise<{ variant: string; locale: string; state: string }> }) {
  const { variant: robots, locale, state } = await params
  if (!isLocale(locale) || !(state in STATES)) return <ServerNotFound locale={locale} robots={robots} />
  setRequestLocale(locale)
  const t = await getTranslations({ locale, namespace: 'Auth' })
  const key = STATES[state as keyof typeof STATES]
  return (
    <section className="narrow auth" role="status">
      <h1>{state === 'sent' || state === 'queued' ? t('sentTitle') : t('loginTitle')}</h1>
      <p>{key === 'failed' && state === 'limited' ? t('rateLimited', { minutes: 60 }) : t(key)}</p>
      {state === 'sent' || state === 'queued' ? null : (
        <Link href="/login" prefetch={false} className="button">
          {t('loginTitle')}
        </Link>
      )}
    </section>
  )
}
