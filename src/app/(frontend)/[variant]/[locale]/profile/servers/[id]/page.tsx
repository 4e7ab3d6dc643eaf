// A device key's own page in the personal account (what its modal shows), for its owner only.
import { getTranslations } from 'next-intl/server'
import { headers } from 'next/headers'
import { notFound } from 'next/navigation'

import { KeyDetailsView } from '@/components/keys/KeyDetailsView'
import { Link } from '@/i18n/Link'
import { isLocale } from '@/i18n/locales'
import { currentPageUser } from '@/edge/currentUser'
import { getOwnKeyDetailsView } from '@/lib/data/keyDetailsView'
import { requestOrigin } from '@/lib/http/siteUrl'

import { profileMetadata } from '../../_components/ProfileSection'

export const dynamic = 'force-dynamic'

export const generateMetadata = profileMetadata('servers')

export default async function DeviceKeyPage({ params }: { params: Promise<{ locale: string; id: string }> }) {
  const { locale, id } = await params
  if (!isLocale(locale) || !/^\d{1,9}$/.test(id)) notFound()
  const requestHeaders = await headers()
  const user = await currentPageUser(requestHeaders)
  const data = user ? await getOwnKeyDetailsView(Number(id), locale, user, requestOrigin(requestHeaders)) : null
  if (!data) notFound()
  const t = await getTranslations({ locale, namespace: 'Profile' })
  return (
    <div className="narrow">
      <p>
        <Link href="/profile/servers" prefetch={false} className="back-link">
          ← {t('servers')}
        </Link>
      </p>
      <KeyDetailsView details={data.details} apps={data.apps} subscription={data.subscription} renderedAt={data.renderedAt} />
    </div>
  )
}
