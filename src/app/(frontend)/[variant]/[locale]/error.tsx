'use client'
// Errors while rendering a page: server errors show the 500 screen; other (browser) errors show an
// empty container and are logged; a failed script load reloads once; crawlers get no screen.
import { useLocale, useTranslations } from 'next-intl'
import { useEffect } from 'react'

import { BackButton } from '@/components/errors/BackButton'
import { ErrorScreen } from '@/components/errors/ErrorScreen'
import { HiddenFromCrawlers } from '@/components/errors/HiddenFromCrawlers'
import { reloadPageOnce } from '@/components/site/ChunkReload'
import { localeOrDefault } from '@/i18n/locales'
import { isChunkLoadFailure } from '@/lib/browser/chunkReload'
import { localizedPath } from '@/lib/routing/localizedPath'

export default function PageError({ error }: { error: Error & { digest?: string } }) {
  const t = useTranslations('Errors')
  const locale = useLocale()
  useEffect(() => {
    console.error(error.message)
    if (isChunkLoadFailure(error)) reloadPageOnce()
  }, [error])
  if (!error.digest) return <div className="error-screen" />
  const home = localizedPath('/', localeOrDefault(locale))
  return (
    <HiddenFromCrawlers>
      <ErrorScreen code={500} title={t('serverErrorTitle')} text={t('serverErrorText')}>
        <BackButton label={t('goBack')} fallbackHref={home} />
        <a href={home} className="button button--primary">
          {t('toMain')}
        </a>
      </ErrorScreen>
    </HiddenFromCrawlers>
  )
}
