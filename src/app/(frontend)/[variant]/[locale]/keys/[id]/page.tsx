// A key's own page: the detail view that opens as a modal over the lists, reachable and shareable by URL.
import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'

import { notFoundMetadata, notFoundProps, ServerNotFound } from '@/components/errors/ServerNotFound'
import { KeyDetailsView } from '@/components/keys/KeyDetailsView'
import { Link } from '@/i18n/Link'
import { isLocale } from '@/i18n/locales'
import type { Locale } from '@/i18n/locales'
import { getKeyDetailsView } from '@/lib/data/keyDetailsView'
import { PROTOCOL_LABELS } from '@/lib/keys/labels'
import { keysPathname } from '@/lib/routing/keysFilter'
import { pageMetadata } from '@/lib/seo/alternates'
import { pageOrigin } from '@/lib/http/siteUrl'
import { isRobotsMode } from '@/lib/seo/robots'

export const revalidate = 60

export function generateStaticParams(): { id: string }[] {
  return []
}

type Params = Promise<{ variant: string; locale: string; id: string }>

async function resolve(params: Params) {
  const { variant: robots, locale, id } = await params
  if (!isLocale(locale) || !isRobotsMode(robots) || !/^\d{1,9}$/.test(id)) return null
  const payload = await getKeyDetailsView(Number(id), locale, pageOrigin(robots))
  return payload ? { robots, locale: locale as Locale, id, payload } : null
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const resolved = await resolve(params)
  if (!resolved) return notFoundMetadata((await params).locale)
  const { details } = resolved.payload
  const t = await getTranslations({ locale: resolved.locale, namespace: 'Metadata' })
  const values = { protocol: PROTOCOL_LABELS[details.protocol], country: details.countryName }
  return pageMetadata({
    pathname: `/keys/${resolved.id}`,
    locale: resolved.locale,
    // Keys live for a day: their pages are for sharing, not for search results.
    robots: 'noindex',
    title: t('keyTitle', values),
    description: t('keyDescription', values),
  })
}

export default async function KeyPage({ params }: { params: Params }) {
  const resolved = await resolve(params)
  if (!resolved) return <ServerNotFound {...notFoundProps(await params)} />
  setRequestLocale(resolved.locale)
  const t = await getTranslations({ locale: resolved.locale, namespace: 'KeyDetails' })
  const { details, apps, subscription, renderedAt } = resolved.payload
  return (
    <div className="narrow">
      <p>
        <Link href={keysPathname({ protocol: details.protocol, country: details.countryCode })} className="back-link">
          ← {t('backToList')}
        </Link>
      </p>
      <KeyDetailsView details={details} apps={apps} subscription={subscription} renderedAt={renderedAt} headingLevel="h1" />
    </div>
  )
}
