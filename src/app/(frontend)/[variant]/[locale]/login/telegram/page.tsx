// Where Telegram's Login Widget sends the visitor back (its data-auth-url), with who they are in the query string.
// Opening it changes nothing (a link someone was sent must not sign them in as someone else): it says which Telegram
// account this is, and its button posts the data to /api/auth/telegram, which checks Telegram's signature and age.
import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { notFound, redirect } from 'next/navigation'

import { isLocale } from '@/i18n/locales'
import { siteBotConfig } from '@/lib/bot/config'
import { localizedPath } from '@/lib/routing/localizedPath'
import { checkLogin } from '@/lib/auth/telegramLoginWidget'

// Each visitor's own data: never cached.
export const dynamic = 'force-dynamic'

export const metadata: Metadata = { robots: { index: false, follow: false }, referrer: 'no-referrer' }

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }

export default async function TelegramLoginPage({ params, searchParams }: Props) {
  const [{ locale }, query] = await Promise.all([params, searchParams])
  if (!isLocale(locale)) notFound()
  setRequestLocale(locale)
  const config = siteBotConfig()
  if (!config) notFound()
  const fields = Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
  const checked = checkLogin(fields, config.token)
  if (!checked.ok) redirect(localizedPath('/login/telegram-failed', locale))
  const t = await getTranslations({ locale, namespace: 'Auth' })
  const { firstName, lastName, username } = checked.login
  const name = [firstName, lastName].filter(Boolean).join(' ') + (username ? ` (@${username})` : '')
  return (
    <section className="narrow auth">
      <title>{t('telegramConfirmTitle')}</title>
      <h1>{t('telegramConfirmTitle')}</h1>
      <p>{t('telegramConfirmText', { name })}</p>
      <form action="/api/auth/telegram" method="post">
        <input type="hidden" name="data" value={new URLSearchParams(fields).toString()} />
        <input type="hidden" name="locale" value={locale} />
        <button type="submit" className="button button--primary" data-testid="confirm-telegram">
          {t('telegramConfirmButton')}
        </button>
      </form>
    </section>
  )
}
