'use client'
// One row of a key table: hours left stay current in the browser, expired keys disappear,
// and "Read more" / "Install" open the key's modal when JavaScript runs (its own page otherwise).
import { useFormatter, useTranslations } from 'next-intl'
import type React from 'react'
import { useEffect, useRef } from 'react'

import type { PublicKeyRow } from '@/lib/data/keys'
import { countryFlag } from '@/lib/countries/flag'
import { PROTOCOL_LABELS } from '@/lib/keys/labels'
import { hoursLeft } from '@/lib/time/hoursLeft'

import { connectionLabels, connectionText } from './connectionText'
import { CopyButton } from './CopyButton'
import { HealthNote } from './HealthNote'
import { ReachNote } from './ReachNote'
import { useKeyModal } from './KeyModal'
import { useNow } from './useNow'

type Props = {
  row: PublicKeyRow
  renderedAt: number
  detailsHref: string
  action?: React.ReactNode
  /** The row's fragment id, where "Show +10 keys" lands. */
  anchorId?: string
}

function opensModal(event: React.MouseEvent<HTMLAnchorElement>): boolean {
  return !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0)
}

export function KeyRow({ row, renderedAt, detailsHref, action, anchorId }: Props) {
  const t = useTranslations('KeyTable')
  const details = useTranslations('KeyDetails')
  const format = useFormatter()
  const now = useNow(renderedAt)
  const modal = useKeyModal()
  const hours = hoursLeft(row.expiresAt, new Date(now))
  const rowElement = useRef<HTMLTableRowElement>(null)
  useEffect(() => {
    // "Show +10 keys" lands here (#row-11): keyboard users carry on from the first new row, not the page top.
    if (anchorId && window.location.hash === `#${anchorId}`) rowElement.current?.querySelector('a')?.focus({ preventScroll: true })
  }, [anchorId])
  if (row.expiresAt !== null && Date.parse(row.expiresAt) <= now) return null

  const copyText =
    row.copyText ??
    (row.connection
      ? connectionText(row.connection, connectionLabels(details))
      : null)
  const open = (anchor?: string) => (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (!modal || !opensModal(event)) return
    event.preventDefault()
    modal.open({ id: row.id, href: detailsHref, anchor })
  }

  return (
    <tr ref={rowElement} id={anchorId} data-key-id={row.id}>
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
          <a href={detailsHref} onClick={open()} className="button button--ghost" data-opens-key={row.id}>
            {t('readMore')}
            {/* Which key, for screen readers and link lists: ten links all called "Read more" say nothing. */}
            <span className="visually-hidden"> {t('readMoreAbout', { key: row.device ?? `${row.countryName}, ${PROTOCOL_LABELS[row.protocol]}` })}</span>
          </a>
          <a href={`${detailsHref}#apps`} onClick={open('apps')} className="button button--ghost" data-opens-key={row.id} data-anchor="apps">
            {t('install')}
          </a>
          {action}
        </div>
      </td>
    </tr>
  )
}
