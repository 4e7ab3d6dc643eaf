// A table of keys with "Show +10 keys" and the window a row's key opens in (its behaviour: src/islands).
import { getTranslations } from 'next-intl/server'
import type React from 'react'

import { Link } from '@/i18n/Link'
import type { Locale } from '@/i18n/locales'
import type { PublicKeyRow } from '@/lib/data/keys'
import { SHOW_STEP } from '@/lib/routing/keysFilter'
import { localizedPath } from '@/lib/routing/localizedPath'

import { KeyModalDialog } from './KeyModalDialog'
import { KeyRow } from './KeyRow'

type Props = {
  locale: Locale
  rows: PublicKeyRow[]
  total: number
  renderedAt: number
  /** The public path of this list, for the "show more" link. */
  pathname: string
  /** How many rows the page asked for (its `?show=`). */
  shown: number
  /** The index of the first row after the list's cursor (the row "Show +10 keys" lands on); null without a cursor. */
  continuesAt?: number | null
  /** Whether keys follow the last row (default: the total is more than the page asked for). */
  hasMore?: boolean
  /** Where a row's own page is (default: the public key page). */
  detailsPath?: (id: number) => string
  /** Extra controls per row (e.g. revoking a device key). */
  actions?: Record<number, React.ReactNode>
  /** What the table lists, for screen readers (default: free keys). */
  caption?: string
}

/** The fragment id of the row at this (0-based) index. */
function rowAnchor(index: number): string {
  return `row-${index + 1}`
}

/**
 * Which row carries which anchor: the row a cursor continues at carries the one the link to it named (the window's
 * first new row); without a cursor, every tenth row does.
 */
function anchorOf(index: number, shown: number, continuesAt: number | null): string | undefined {
  if (continuesAt !== null) return index === continuesAt ? rowAnchor(shown - SHOW_STEP) : undefined
  return index > 0 && index % SHOW_STEP === 0 ? rowAnchor(index) : undefined
}

export async function KeyTable({ locale, rows, total, renderedAt, pathname, shown, continuesAt = null, hasMore = total > shown, detailsPath, actions, caption }: Props) {
  const t = await getTranslations({ locale, namespace: 'KeyTable' })
  if (rows.length === 0) {
    return (
      <div className="empty" role="status">
        <p className="empty__title">{t('serverNotFound')}</p>
        <p>{t('serverNotFoundHint')}</p>
      </div>
    )
  }
  const last = rows.at(-1)
  return (
    <>
      <table className="keys" data-testid="key-table">
        <caption className="visually-hidden">{caption ?? t('caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('country')}</th>
            <th scope="col">{t('protocol')}</th>
            <th scope="col">{t('timeAvailable')}</th>
            <th scope="col">{t('dateAdded')}</th>
            <th scope="col">{t('about')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <KeyRow
              key={row.id}
              anchorId={anchorOf(index, shown, continuesAt)}
              row={row}
              renderedAt={renderedAt}
              detailsHref={localizedPath(detailsPath ? detailsPath(row.id) : `/keys/${row.id}`, locale)}
              action={actions?.[row.id]}
            />
          ))}
        </tbody>
      </table>
      <p className="keys__footer">
        <span>{t('shown', { shown: Math.min(rows.length, total), total })}</span>
        {hasMore && last ? (
          // Continues after the last key shown, whatever rotated in above it since, and lands on the first of the new
          // rows, with or without JavaScript (the page is a new one: `?show` and `?after` are in its path).
          <Link
            href={{ pathname, query: { show: shown + SHOW_STEP, after: last.id }, hash: rowAnchor(shown) }}
            rel="nofollow"
            className="button"
            data-testid="show-more"
          >
            {t('showMore')}
          </Link>
        ) : null}
      </p>
      <KeyModalDialog />
    </>
  )
}
