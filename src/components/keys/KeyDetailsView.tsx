// Everything about one key: facts, copy, download, connection parameters, QR code and client apps. The key's own
// page; the window over a key table shows the same, taken from that page (src/islands/keyModal.ts).
import { useFormatter, useTranslations } from 'next-intl'
import { QRCodeSVG } from 'qrcode.react'

import { countryFlag } from '@/lib/countries/flag'
import { AppGuide } from '@/components/apps/AppGuide'
import type { KeySubscription } from '@/lib/data/keyDetailsView'
import type { KeyDetails } from '@/lib/data/keys'
import type { ClientApp } from '@/lib/feeds/apps'
import { PROTOCOL_LABELS, protocolHasShareLink } from '@/lib/keys/labels'
import { hoursLeft } from '@/lib/time/hoursLeft'

import { connectionLabels, connectionText } from './connectionText'
import { CopyButton } from './CopyButton'
import { HealthNote } from './HealthNote'
import { ReachNote } from './ReachNote'
import { QR_OPTIONS } from './qrOptions'

type Props = {
  details: KeyDetails
  apps: ClientApp[]
  subscription: KeySubscription | null
  /** When the page was rendered: the key's times as of then (the islands keep them current). */
  renderedAt: number
  headingLevel?: 'h1' | 'h2'
}

export function KeyDetailsView({ details, apps, subscription, renderedAt: now, headingLevel = 'h2' }: Props) {
  const Heading = headingLevel
  const t = useTranslations('KeyDetails')
  const table = useTranslations('KeyTable')
  const format = useFormatter()
  const hours = hoursLeft(details.expiresAt, new Date(now))
  const protocol = PROTOCOL_LABELS[details.protocol]
  // A link key (vless, trojan, Outline) is copied into an app first; a file key (WireGuard, OpenVPN, SSTP) is downloaded.
  const copyFirst = protocolHasShareLink(details.protocol)
  const takenKey = details.free ? details.id : undefined

  return (
    <article className="key-details" data-key-id={details.id}>
      <Heading className="key-details__title">
        {t('title', { protocol, country: details.countryName })}
      </Heading>
      <dl className="facts">
        <div>
          <dt>{t('country')}</dt>
          <dd>
            <span aria-hidden="true">{countryFlag(details.countryCode)}</span> {details.countryName}
          </dd>
        </div>
        <div>
          <dt>{t('protocol')}</dt>
          <dd>{protocol}</dd>
        </div>
        {details.transport ? (
          <div>
            <dt>{t('transport')}</dt>
            <dd data-testid="key-transport">
              {details.transport.label}
              {details.transport.xhttp ? (
                <>
                  <br />
                  <small>{t('xhttpApps')}</small>
                </>
              ) : null}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('hosting')}</dt>
          <dd>{details.hosting}</dd>
        </div>
        {details.health ? (
          <div>
            <dt>{t('health')}</dt>
            <dd>
              <HealthNote health={details.health} now={now} />
              {details.reach ? (
                <>
                  <br />
                  <ReachNote reach={details.reach} now={now} />
                </>
              ) : null}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('timeAvailable')}</dt>
          <dd data-expires-at={details.expiresAt ?? ''}>{hours === null ? table('unlimited') : table('hoursLeft', { hours })}</dd>
        </div>
        <div>
          <dt>{t('dateAdded')}</dt>
          <dd>{format.dateTime(new Date(details.createdAt), { dateStyle: 'medium', timeStyle: 'short' })}</dd>
        </div>
      </dl>

      {details.copyText ? (
        <section className="key-details__section">
          <h3>{t('key')}</h3>
          <pre className="key-string" data-testid="key-string">
            {details.copyText}
          </pre>
          <CopyButton text={details.copyText} label={t('copyKey')} className={copyFirst ? 'button button--primary' : 'button'} takenKey={takenKey} />
        </section>
      ) : null}

      {details.file ? (
        <p>
          <a
            className={copyFirst ? 'button' : 'button button--primary'}
            href={`/api/key-details/${details.id}/download`}
            download={details.file.filename}
            data-testid="key-download"
          >
            {t('download', { filename: details.file.filename })}
          </a>
        </p>
      ) : null}

      {details.connection ? (
        <section className="key-details__section">
          <h3>{t('parameters')}</h3>
          <dl className="facts" data-testid="connection-parameters">
            <div>
              <dt>{t('server')}</dt>
              <dd>{details.connection.host}</dd>
            </div>
            <div>
              <dt>{t('port')}</dt>
              <dd>{details.connection.port}</dd>
            </div>
            <div>
              <dt>{t('login')}</dt>
              <dd>{details.connection.login}</dd>
            </div>
            <div>
              <dt>{t('password')}</dt>
              <dd>{details.connection.password}</dd>
            </div>
          </dl>
          {details.copyText ? null : (
            <CopyButton text={connectionText(details.connection, connectionLabels(t))} label={t('copyParameters')} takenKey={takenKey} />
          )}
        </section>
      ) : null}

      <section className="key-details__section">
        <h3>{t('qr')}</h3>
        {details.qrValue ? (
          <figure className="qr">
            <QRCodeSVG value={details.qrValue} {...QR_OPTIONS} title={t('qr')} data-testid="key-qr" />
            <figcaption>{t('qrHint')}</figcaption>
          </figure>
        ) : (
          <p>{t('qrUnavailable')}</p>
        )}
      </section>

      <section className="key-details__section" id="apps">
        <h3>{t('apps')}</h3>
        {apps.length > 0 ? (
          <>
            {subscription && apps.some((app) => app.importTemplate) ? (
              <p className="muted">{subscription.kind === 'vip' ? t('addHintVip') : t('addHintFree', { list: subscription.name })}</p>
            ) : null}
            <AppGuide apps={apps} subscription={subscription} idPrefix={`key-${details.id}-apps`} />
          </>
        ) : (
          <p>{t('noApps')}</p>
        )}
      </section>
    </article>
  )
}
