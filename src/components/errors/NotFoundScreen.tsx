// The 404 screen: "Oops! Page not found", go back, and a link to the main page.
import { getLocale, getTranslations } from 'next-intl/server'

import { Link } from '@/i18n/Link'
import { localeOrDefault } from '@/i18n/locales'
import { localizedPath } from '@/lib/routing/localizedPath'

import { BackButton } from './BackButton'
import { ErrorScreen } from './ErrorScreen'
import { HiddenFromCrawlers } from './HiddenFromCrawlers'

export async function NotFoundScreen() {
  const locale = await getLocale()
  const t = await getTranslations('Errors')
  const home = localizedPath('/', localeOrDefault(locale))
  return (
    <HiddenFromCrawlers>
      <ErrorScreen code={404} title={t('notFoundTitle')} text={t('notFoundText')}>
        <BackButton label={t('goBack')} fallbackHref={home} />
        <Link href="/" className="button button--primary">
          {t('toMain')}
        </Link>
      </ErrorScreen>
    </HiddenFromCrawlers>
  )
}
