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
import { PROTOCOL_LABELS } from '@/lib/keys/labels'
import { vipSubscriptionOf } from '@/lib/billing/record/account'
import { DEVICE_LABEL_MAX, firstKeyChoice, MAX_DEVICE_KEYS, REVOKE_UNDO_SECONDS, targetValue, undoableRevocation, vipChoices } from '@/lib/vip/deviceKeys'
import { deviceLimitOf, ownDevices } from '@/lib/feeds/ownDevices'
import { personalFeedPath } from '@/lib/feeds/personalUrl'

import { ProfileSection, profileMetadata } from '../_components/ProfileSection'
import { DeviceList } from './_components/DeviceList'

export const dynamic = 'force-dynamic'

const ERRORS = ['limitReached', 'invalidDevice', 'invalidServer', 'noSubscription', 'provisioningFailed', 'notFound', 'undoTooLate'] as const

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
  const error = ERRORS.find((key) => key === query.error)
  const feed = addressesOf(feedPath, requestOrigin(requestHeaders))
  const full = rows.length >= MAX_DEVICE_KEYS
  // "Revoke" asks first: the page again with the question open (?confirm=revoke&key=…).
  const revoking = query.confirm === 'revoke' ? rows.find((row) => String(row.id) === query.key) : undefined
  const typedDevice = typeof query.device === 'string' ? query.device : ''
  // The choice the form came back with, else a protocol phones open from a link (most subscribers are on phones).
  const firstChoice = firstKeyChoice(choices)
  const chosenTarget = choices.some((choice) => targetValue(choice) === query.target)
    ? String(query.target)
    : firstChoice
      ? targetValue(firstChoice)
      : undefined
  // Arriving from the purchase e-mail: the first key is made (`welcome=<key id>`), or the form is the next step.
  const welcome = typeof query.welcome === 'string' ? (rows.length > 0 ? t('welcome') : t('welcomeNoKey')) : null
  // Just revoked: the key can still come back while its revocation has not reached the server.
  const undoable = typeof query.revoked === 'string' ? await undoableRevocation(payload, user, Number(query.revoked)) : null
  const notice =
    welcome ??
    (query.created
      ? t('created')
      : query.revoked
        ? t('revoked')
        : query.restored
          ? t('restored')
          : query.url === 'reset'
            ? t('urlResetDone')
            : query.deviceRemoved
              ? t('deviceRemoved')
              : null)
  return (
    <section data-testid="servers">
      <h2>{tp('servers')}</h2>
      {notice ? (
        <div role="status" className="banner" data-testid="servers-notice">
          <p>{notice}</p>
          {undoable ? (
            <form method="post" action={`/api/vip/keys/${undoable.id}/restore`} className="inline-form">
              <input type="hidden" name="locale" value={locale} />
              <span>{t('undoText', { device: undoable.device, seconds: REVOKE_UNDO_SECONDS })}</span>{' '}
              <button type="submit" className="button">
                {t('undo')}
              </button>
            </form>
          ) : null}
        </div>
      ) : null}

      <h3>{t('keysTitle')}</h3>
      {revoking ? (
        <ConfirmStep
          question={t('revokeQuestion', { device: revoking.device ?? '' })}
          consequence={t('revokeConsequence')}
          action={`/api/vip/keys/${revoking.id}/revoke`}
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
      <form method="post" action="/api/vip/keys" className="device-form" data-testid="device-form">
        <input type="hidden" name="locale" value={locale} />
        <label className="field">
          <span>{t('device')}</span>
          <input
            name="device"
            required
            maxLength={DEVICE_LABEL_MAX}
            placeholder={t('devicePlaceholder')}
            defaultValue={typedDevice}
            autoFocus={welcome !== null && rows.length === 0}
          />
        </label>
        <label className="field">
          <span>{t('target')}</span>
          <select name="target" required defaultValue={chosenTarget}>
            {choices.map((choice) => (
              <option key={targetValue(choice)} value={targetValue(choice)}>
                {choice.countryName} · {PROTOCOL_LABELS[choice.protocol]}
              </option>
            ))}
          </select>
        </label>
        <p role="alert" className="auth__error" data-testid="device-error">
          {error ? t(error, { max: MAX_DEVICE_KEYS }) : full ? t('limitReached', { max: MAX_DEVICE_KEYS }) : null}
        </p>
        <button type="submit" className="button button--primary">
          {t('create')}
        </button>
      </form>

      <h3>{t('urlTitle')}</h3>
      <p>{t('urlText')}</p>
      <PersonalSubscriptionBox url={feed.url} elsewhere={feed.elsewhere} siteName={settings.siteName} apps={apps} userAgent={requestHeaders.get('user-agent')} />
      {query.confirm === 'url' ? (
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

      <DeviceList locale={locale} devices={devices} limit={deviceLimit} notFound={query.error === 'deviceNotFound'} />
    </section>
  )
}
