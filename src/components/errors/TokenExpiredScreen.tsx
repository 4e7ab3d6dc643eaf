// The 401 token_expired screen: the e-mailed link is outdated or used; use the latest one.
import { getTranslations } from 'next-intl/server'

import { Link } from '@/i18n/Link'
import type { Locale } from '@/i18n/locales'

import { ErrorScreen } from './ErrorScreen'

export async function TokenExpiredScreen({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Errors' })
  return (
    <ErrorScreen code={401} title={t('tokenExpiredTitle')} text={t('tokenExpiredText')}>
      <Link href="/" className="button button--primary">
        {t('ok')}
      </Link>
    </ErrorScreen>
  )
}
