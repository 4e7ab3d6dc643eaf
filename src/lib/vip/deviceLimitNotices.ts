// A subscriber is told when their link is refused a new device because every place is taken (src/lib/feeds/devices.ts):
// a shared or leaked link shows up this way, and so does a new phone of their own. The poll only notes the day
// (`device_limit_reached`, one row per subscriber and day: devices.ts's noteDeviceLimitReached, on the fast path
// without Payload); the job sends
// one notice per row (in Telegram where the account takes them there, else by e-mail) and marks it sent.
import { createTranslator } from 'next-intl'
import type { Payload } from 'payload'

import type { Locale } from '@/i18n/locales'
import en from '@/i18n/messages/en.json'
import ru from '@/i18n/messages/ru.json'
import { deliverNoticeOrQueue } from '@/lib/bot/notices'
import { sqlPool } from '@/lib/db/pool'
import { siteUrl } from '@/lib/http/siteUrl'
import { DEFAULT_DEVICE_LIMIT } from '@/lib/feeds/devices'
import { renderDeviceLimitNotice } from '@/lib/mail/templates'

type Pending = { user_id: number; day: string; email: string; locale: string | null; device_limit: number }

/** Sends the notices noted and not yet sent (a few hundred a run at most); returns how many went. */
export async function noticeDeviceLimits(payload: Payload): Promise<number> {
  const pool = sqlPool(payload)
  const { rows } = await pool.query(
    `SELECT r.user_id, r.day::text AS day, u.email, u.locale::text AS locale, COALESCE(t.device_limit, ${DEFAULT_DEVICE_LIMIT}) AS device_limit
       FROM device_limit_reached r
       JOIN users u ON u.id = r.user_id
       LEFT JOIN LATERAL (
         SELECT tariffs.device_limit FROM subscriptions s JOIN tariffs ON tariffs.id = s.tariff_id
          WHERE s.user_id = r.user_id ORDER BY s.created_at DESC LIMIT 1
       ) t ON true
      WHERE r.noticed_at IS NULL AND u.deletion_requested_at IS NULL
      ORDER BY r.day LIMIT 200`,
  )
  let sent = 0
  for (const row of rows as Pending[]) {
    // Marked first: a notice is sent at most once, even if two runs meet.
    const { rowCount } = await pool.query('UPDATE device_limit_reached SET noticed_at = now() WHERE user_id = $1 AND day = $2 AND noticed_at IS NULL', [row.user_id, row.day])
    if (rowCount !== 1) continue
    const locale: Locale = row.locale === 'en' ? 'en' : 'ru'
    const { siteName } = await payload.findGlobal({ slug: 'site-settings', locale, depth: 0, select: { siteName: true } })
    const t = createTranslator({ locale, messages: locale === 'en' ? en : ru, namespace: 'Servers' })
    const mail = await renderDeviceLimitNotice({ locale, siteName, devices: t('devicesPlural', { count: row.device_limit }), url: siteUrl('/profile/servers', locale) })
    await deliverNoticeOrQueue(payload, { userId: row.user_id, to: row.email, ...mail })
    sent += 1
  }
  return sent
}

/** Forgets the days noted more than a week ago (the hourly job). */
export async function forgetDeviceLimitDays(payload: Payload): Promise<number> {
  const { rowCount } = await sqlPool(payload).query("DELETE FROM device_limit_reached WHERE day < current_date - 7")
  return rowCount ?? 0
}
