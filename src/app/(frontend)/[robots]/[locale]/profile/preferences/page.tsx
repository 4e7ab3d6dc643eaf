// /profile/preferences (its full content arrives with the subscription and account-settings work).
import { getTranslations } from 'next-intl/server'

import { isLocale } from '@/i18n/locales'

export const dynamic = 'force-dynamic'

export default async function ProfilePreferencesPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params
  const t = await getTranslations({ locale: isLocale(locale) ? locale : 'ru', namespace: 'Profile' })
  return (
    <section>
      <h2>{t('preferences')}</h2>
      <p className="empty">{t('preferencesSoon')}</p>
    </section>
  )
}
