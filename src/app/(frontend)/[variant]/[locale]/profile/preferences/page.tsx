// /profile/preferences: account settings: change e-mail, Telegram, optional password, marketing consent, delete account.
import { getTranslations } from 'next-intl/server'
import { headers } from 'next/headers'

import { ChangeEmailForm } from '@/components/auth/ChangeEmailForm'
import { DeleteAccount } from '@/components/auth/DeleteAccount'
import { MarketingConsent } from '@/components/auth/MarketingConsent'
import { PasswordForm } from '@/components/auth/PasswordForm'
import { TelegramLink } from '@/components/auth/TelegramLink'
import { localeOrDefault } from '@/i18n/locales'
import { PageMessages } from '@/i18n/PageMessages'
import { currentPageUser } from '@/edge/currentUser'
import { shownEmail } from '@/lib/auth/telegramAccounts'
import { vipSubscriptionOf } from '@/lib/billing/record/account'
import { payloadClient } from '@/edge/payload'

import { profileMetadata } from '../_components/ProfileSection'

export const dynamic = 'force-dynamic'

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ email?: string; telegram?: string }> }

export const generateMetadata = profileMetadata('preferences')

export default async function ProfilePreferencesPage({ params, searchParams }: Props) {
  const [{ locale: requested }, { email: result, telegram }] = await Promise.all([params, searchParams])
  const locale = localeOrDefault(requested)
  const t = await getTranslations({ locale, namespace: 'Preferences' })
  const profile = await getTranslations({ locale, namespace: 'Profile' })
  const user = await currentPageUser(await headers())
  // Deleting says what happens to a paid subscription before the subscriber says yes.
  const subscription = user ? await vipSubscriptionOf(await payloadClient(), user.id, { as: user }) : null
  const paidUntil = subscription?.currentPeriodEnd ?? subscription?.trialEndsAt
  const subscriptionNote = paidUntil
    ? t('deleteSubscription', { date: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Moscow' }).format(new Date(paidUntil)) })
    : null
  return (
    <section>
      <h2>{profile('preferences')}</h2>
      {result === 'changed' ? (
        <p role="status" className="auth__sent" data-testid="email-change-result">
          {t('changed')}
        </p>
      ) : result === 'failed' ? (
        <div role="status" className="auth__sent" data-testid="email-change-result">
          <strong>{t('failedTitle')}</strong>
          <p>{t('failedText')}</p>
        </div>
      ) : null}
      <PageMessages locale={locale} namespaces={['Auth', 'Preferences']}>
        <h3>{t('changeEmailTitle')}</h3>
        {user ? <p>{shownEmail(user) ? t('currentEmail', { email: user.email }) : t('noEmail')}</p> : null}
        <ChangeEmailForm />
        {user ? <TelegramLink user={user} locale={locale} result={telegram} /> : null}
        <h3>{t('passwordTitle')}</h3>
        <PasswordForm />
        <h3>{t('marketingTitle')}</h3>
        <MarketingConsent initial={user?.marketingConsent ?? false} />
        <h3>{t('deleteTitle')}</h3>
        <p>{t('deleteText')}</p>
        <DeleteAccount subscriptionNote={subscriptionNote} />
      </PageMessages>
    </section>
  )
}
