// One row of a key table. In the browser (src/islands) its hours left stay current, it leaves when its key expires,
// and "Read more" / "Install" open the key's window (its own page without JavaScript).
import { useFormatter, useTranslations } from 'next-intl'
import type React from 'react'

import type { PublicKeyRow } from '@/lib/data/keys'
import { countryFlag } from '@/lib/countries/flag'
import { PROTOCOL_LABELS } from '@/lib/keys/labels'
import { hoursLeft } from '@/lib/time/hoursLeft'

import { connectionLabels, connectionText } from './connectionText'
import { CopyButton } from './CopyButton'
import { HealthNote } from './HealthNote'
import { ReachNote } from './ReachNote'

type Props = {
  row: PublicKeyRow
  /** When the page was rendered: the row's times as of then. */
  renderedAt: number
  detailsHref: string
  action?: React.ReactNode
  /** The row's fragment id, where "Show +10 keys" lands. */
  anchorId?: string
}

export function KeyRow({ row, renderedAt: now, detailsHref, action, anchorId }: Props) {
  const t = useTranslations('KeyTable')
  const details = useTranslations('KeyDetails')
  const format = useFormatter()
  const hours = hoursLeft(row.expiresAt, new Date(now))
  if (row.expiresAt !== null && Date.parse(row.expiresAt) <= now) return null

  const copyText =
    row.copyText ??
    (row.connection
      ? connectionText(row.connection, connectionLabels(details))
      : null)
  return (
    <tr id={anchorId} data-key-id={row.id}>
      <td data-label={t('country')} className="keys__country">
        <span>
          {/* A no-break space: the flag stays with the name. */}
          <span aria-hidden="true">{countryFlag(row.countryCode)}</span>{'\u00a0'}
          {row.countryName}
        </span>
      </td>
      <td data-label={t('protocol')} className="keys__protocol">
        {PROTOCOL_LABELS[row.protocol]}
      </td>
      <td data-label={t('timeAvailable')} data-expires-at={row.expiresAt ?? ''} className="keys__nowrap keys__hours">
        {hours === null ? t('unlimited') : t('hoursLeft', { hours })}
      </td>
      <td data-label={t('dateAdded')} className="keys__nowrap keys__date">
        <span className="keys__date-label">{t('dateAdded')}: </span>
        {format.dateTime(new Date(row.createdAt), { dateStyle: 'medium' })}
      </td>
      <td data-label={t('about')} className="keys__about">
        {/* One block beside the label on phones: the hosting above its health note. */}
        <span className="key-about">
          <span>{row.device ? `${row.device} · ${row.hosting}` : row.hosting}</span>
          {row.health ? <HealthNote health={row.health} now={now} /> : null}
          {row.reach ? <ReachNote reach={row.reach} now={now} /> : null}
        </span>
      </td>
      <td className="keys__actions">
        {/* A flex box inside the cell, not the cell itself: a flex cell leaves the table's row lines. */}
        {/* Copying is what most visitors came for: it comes first (and on a phone it is the first button of the card). */}
        <div className="key-actions">
          {copyText ? <CopyButton text={copyText} takenKey={row.free ? row.id : undefined} /> : null}
          <a href={detailsHref} className="button button--ghost" data-opens-key={row.id}>
            {t('readMore')}
            {/* Which key, for screen readers and link lists: ten links all called "Read more" say nothing. */}
            <span className="visually-hidden"> {t('readMoreAbout', { key: row.device ?? `${row.countryName}, ${PROTOCOL_LABELS[row.protocol]}` })}</span>
          </a>
          <a href={`${detailsHref}#apps`} className="button button--ghost" data-opens-key={row.id} data-anchor="apps">
            {t('install')}
          </a>
          {action}
        </div>
      </td>
    </tr>
  )
}
