// /profile/servers (its full content arrives with the subscription and account-settings work).
import { getTranslations } from 'next-intl/server'

import { Link } from '@/i18n/navigation'
import { isLocale } from '@/i18n/locales'

export const dynamic = 'force-dynamic'

export default async function ProfileServersPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params
  const t = await getTranslations({ locale: isLocale(locale) ? locale : 'ru', namespace: 'Profile' })
  return (
    <section>
      <h2>{t('servers')}</h2>
      <p className="empty">{t('serversEmpty')}</p>
      <Link href="/tariffs" prefetch={false} className="button button--primary">{t('toTariffs')}</Link>
    </section>
  )
}
