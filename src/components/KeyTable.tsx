// The table of keys: country, protocol, time available, date added, hosting.
import { getTranslations } from 'next-intl/server'

import type { Locale } from '@/i18n/locales'
import type { PublicKeyRow } from '@/lib/data/keys'
import { PROTOCOL_LABELS } from '@/lib/keys'
import { hoursLeft } from '@/lib/time/hoursLeft'
import { countryFlag } from '@/lib/countries/flag'

export async function KeyTable({ keys, locale }: { keys: PublicKeyRow[]; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'KeyTable' })
  if (keys.length === 0) return <p>{t('empty')}</p>
  // A server component renders once per request; the clock read here is the moment of that render.
  const now = new Date()
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'Europe/Moscow' })
  return (
    <table data-testid="key-table">
      <thead>
        <tr>
          <th>{t('country')}</th>
          <th>{t('protocol')}</th>
          <th>{t('timeAvailable')}</th>
          <th>{t('dateAdded')}</th>
          <th>{t('about')}</th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <tr key={key.id}>
            <td>
              {countryFlag(key.countryCode)} {key.countryName}
            </td>
            <td>{PROTOCOL_LABELS[key.protocol]}</td>
            <td>
              {key.expiresAt === null ? t('unlimited') : t('hoursLeft', { hours: hoursLeft(key.expiresAt, now) ?? 0 })}
            </td>
            <td>{dateFormat.format(new Date(key.createdAt))}</td>
            <td>{key.hosting}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
