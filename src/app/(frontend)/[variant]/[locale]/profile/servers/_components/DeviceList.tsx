// My servers → My devices: the devices whose apps poll the subscription link (model, system, app, first and last
// seen), each with "Remove device", which frees its place at once.
import { getFormatter, getTranslations } from 'next-intl/server'

import type { Locale } from '@/i18n/locales'
import type { DeviceRow } from '@/lib/feeds/ownDevices'

export async function DeviceList({ locale, devices, limit, notFound }: { locale: Locale; devices: DeviceRow[]; limit: number; notFound: boolean }) {
  const [t, format] = await Promise.all([getTranslations({ locale, namespace: 'Servers' }), getFormatter({ locale })])
  const date = (value: string) => format.dateTime(new Date(value), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Moscow' })
  return (
    <div data-testid="devices">
      <h3 id="devices">{t('devicesTitle')}</h3>
      <p>{t('devicesText', { max: limit })}</p>
      <p data-testid="devices-count">{t('devicesCount', { count: devices.length, max: limit })}</p>
      {notFound ? (
        <p role="alert" className="auth__error">
          {t('deviceNotFound')}
        </p>
      ) : null}
      {devices.length === 0 ? (
        <p className="empty">{t('noDevices')}</p>
      ) : (
        <ul className="devices">
          {devices.map((device) => (
            <li key={device.id} data-testid="device">
              <strong>{device.model ?? t('unknownDevice')}</strong>
              {[[device.os, device.osVersion].filter(Boolean).join(' '), device.userAgent].filter(Boolean).map((part) => ` · ${part}`)}
              <br />
              <small>{t('deviceSeen', { first: date(device.createdAt), last: date(device.lastSeenAt) })}</small>{' '}
              <form method="post" action={`/api/vip/devices/${device.id}/remove`} className="inline-form">
                <input type="hidden" name="locale" value={locale} />
                <button type="submit" className="button button--ghost button--small">
                  {t('removeDevice')}
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
