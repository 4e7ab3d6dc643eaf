// /profile/servers (My servers): the subscriber's device keys in the same table and modal as free keys,
// a form for a new one (10 at most), revoking, the subscription URL with its QR code, and the devices whose apps
// poll it.
import { getTranslations } from 'next-intl/server'
import { headers } from 'next/headers'

import { PersonalSubscriptionBox } from '@/components/apps/PersonalSubscriptionBox'
import { KeyTable } from '@/components/keys/KeyTable'
import { ConfirmStep } from '@/components/site/ConfirmStep'
import { Link } from '@/i18n/Link'
import { localeOrDefault } from '@/i18n/locales'
import { currentPageUser } from '@/edge/currentUser'
import { getClientApps } from '@/lib/data/clientApps'
import { readOwnKeyRows } from '@/lib/data/keys'
import { payloadClient } from '@/edge/payload'
import { getSettings } from '@/lib/data/settings'
import { addressesOf, requestOrigin } from '@/lib/http/siteUrl'
import { vipSubscriptionOf } from '@/lib/billing/record/account'
import { MAX_DEVICE_KEYS, undoableRevocation, vipChoices } from '@/lib/vip/deviceKeys'
import { serversView } from '@/lib/vip/serversView'
import { deviceLimitOf, ownDevices } from '@/lib/feeds/ownDevices'
import { personalFeedPath } from '@/lib/feeds/personalUrl'

import { ProfileSection, profileMetadata } from '../_components/ProfileSection'
import { DeviceKeyForm } from './_components/DeviceKeyForm'
import { DeviceList } from './_components/DeviceList'
import { ServersNotice } from './_components/ServersNotice'

export const dynamic = 'force-dynamic'

type SearchParams = Promise<Record<string, string | string[] | undefined>>

export const generateMetadata = profileMetadata('servers')

export default async function ProfileServersPage({ params, searchParams }: { params: Promise<{ locale: string }>; searchParams: SearchParams }) {
  const { locale: raw } = await params
  const locale = localeOrDefault(raw)
  const query = await searchParams
  const requestHeaders = await headers()
  const user = await currentPageUser(requestHeaders)
  const payload = await payloadClient()
  const subscription = user ? await vipSubscriptionOf(payload, user.id, { as: user }) : null
  if (!user || !subscription) return <ProfileSection params={params} title="servers" empty="serversEmpty" showTariffs />

  const [t, tp, { rows, readAt }, choices, feedPath, settings, apps, devices, deviceLimit] = await Promise.all([
    getTranslations({ locale, namespace: 'Servers' }),
    getTranslations({ locale, namespace: 'Profile' }),
    readOwnKeyRows(locale, user),
    vipChoices(payload, locale, user),
    personalFeedPath(payload, user.id),
    getSettings(locale),
    getClientApps(locale),
    ownDevices(payload, user),
    deviceLimitOf(payload, subscription),
  ])
  const view = serversView(query, rows, choices)
  const feed = addressesOf(feedPath, requestOrigin(requestHeaders))
  // Just revoked: the key can still come back while its revocation has not reached the server.
  const undoable = view.revokedKeyId === null ? null : await undoableRevocation(payload, user, view.revokedKeyId)
  return (
    <section data-testid="servers">
      <h2>{tp('servers')}</h2>
      {view.notice ? <ServersNotice locale={locale} notice={view.notice} undoable={undoable} /> : null}

      <h3>{t('keysTitle')}</h3>
      {view.revoking ? (
        <ConfirmStep
          question={t('revokeQuestion', { device: view.revoking.device ?? '' })}
          consequence={t('revokeConsequence')}
          action={`/api/vip/keys/${view.revoking.id}/revoke`}
          confirmLabel={t('revokeYes')}
          locale={locale}
          cancelHref="/profile/servers"
          cancelLabel={t('cancel')}
          testId="revoke-confirm"
        />
      ) : null}
      <p data-testid="device-count">{t('count', { count: rows.length, max: MAX_DEVICE_KEYS })}</p>
      {rows.length > 0 ? (
        <KeyTable
          locale={locale}
          rows={rows}
          total={rows.length}
          shown={rows.length}
          renderedAt={readAt}
          pathname="/profile/servers"
          caption={t('tableCaption')}
          detailsPath={(id) => `/profile/servers/${id}`}
          actions={Object.fromEntries(
            rows.map((row) => [
              row.id,
              <Link key={row.id} href={`/profile/servers?confirm=revoke&key=${row.id}#confirm`} prefetch={false} className="button button--ghost">
                {t('revoke')}
              </Link>,
            ]),
          )}
        />
      ) : (
        <p className="empty">{t('noKeys')}</p>
      )}

      <h3>{t('newTitle')}</h3>
      <DeviceKeyForm locale={locale} choices={choices} view={view} />

      <h3>{t('urlTitle')}</h3>
      <p>{t('urlText')}</p>
      <PersonalSubscriptionBox url={feed.url} elsewhere={feed.elsewhere} siteName={settings.siteName} apps={apps} userAgent={requestHeaders.get('user-agent')} />
      {view.confirmingUrlReset ? (
        <ConfirmStep
          question={t('urlResetQuestion')}
          consequence={t('urlResetConsequence')}
          action="/api/vip/subscription-url"
          confirmLabel={t('urlResetYes')}
          locale={locale}
          cancelHref="/profile/servers"
          cancelLabel={t('cancel')}
          testId="url-reset-confirm"
        />
      ) : (
        <Link href="/profile/servers?confirm=url#confirm" prefetch={false} className="button">
          {t('urlReset')}
        </Link>
      )}

      <DeviceList locale={locale} devices={devices} limit={deviceLimit} notFound={view.deviceNotFound} />
    </section>
  )
}
