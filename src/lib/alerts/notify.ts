// Tells staff what the incident watch found: by e-mail to admins and to editors who opted in, each in their own
// language, and to the Telegram chat when one is set up. The watch announces no kind muted in the site settings; the
// end of one announced before it was muted is still told.
import type { Payload, Where } from 'payload'

import { deliverMail } from '@/lib/mail/deliver'
import { renderNotice } from '@/lib/mail/templates'
import { env } from '@/lib/env'

import type { IncidentKind } from './incidents'
import { alertMessage } from './message'
import type { AlertChange } from './message'
import { sendTelegramMessage } from './telegram'
import type { AlertChannel } from './watch'

/** Who gets alerts by e-mail: every admin, and each editor who turned them on; not an account being deleted. */
export const ALERT_RECIPIENTS: Where = {
  and: [{ or: [{ role: { equals: 'admin' } }, { and: [{ role: { equals: 'editor' } }, { staffAlerts: { equals: true } }] }] }, { deletionRequestedAt: { exists: false } }],
}

export async function notifyStaff(payload: Payload, { channel, started, ended }: { channel: AlertChannel; started: number[]; ended: number[] }): Promise<{ sent: number }> {
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, locale: 'ru' })
  // The site's name as each reader's language has it.
  const english = await payload.findGlobal({ slug: 'site-settings', depth: 0, locale: 'en', select: { siteName: true } })
  const siteNameIn = (language: 'ru' | 'en') => (language === 'en' ? english.siteName : settings.siteName)
  const changes = async (ids: number[]): Promise<AlertChange[]> => {
    if (ids.length === 0) return []
    const { docs } = await payload.find({ collection: 'incidents', where: { id: { in: ids } }, pagination: false, depth: 0, sort: 'startedAt' })
    return docs.map((incident) => ({ kind: incident.kind as IncidentKind, params: incident.params as Record<string, string> }))
  }
  const change = { started: await changes(started), ended: await changes(ended) }
  if (change.started.length + change.ended.length === 0) return { sent: 0 }
  const { serverUrl, TELEGRAM_BOT_TOKEN, TELEGRAM_CHAT_ID, TELEGRAM_API_URL } = env()
  if (channel === 'telegram') {
    if (!TELEGRAM_BOT_TOKEN || !TELEGRAM_CHAT_ID) return { sent: 0 }
    const language = settings.alerts?.telegramLanguage === 'en' ? 'en' : 'ru'
    const { subject, lines } = alertMessage(change, { language, siteName: siteNameIn(language), serverUrl })
    await sendTelegramMessage({ token: TELEGRAM_BOT_TOKEN, chatId: TELEGRAM_CHAT_ID, text: [subject, '', ...lines].join('\n'), apiUrl: TELEGRAM_API_URL })
    return { sent: 1 }
  }
  const recipients = await payload.find({ collection: 'users', where: ALERT_RECIPIENTS, pagination: false, depth: 0, select: { email: true, locale: true } })
  for (const user of recipients.docs) {
    const language = user.locale === 'en' ? 'en' : 'ru'
    const siteName = siteNameIn(language)
    const { subject, lines } = alertMessage(change, { language, siteName, serverUrl })
    // Sent now or queued for the mail job's retries: a failure here never sends the others twice.
    await deliverMail(payload, user.email, await renderNotice({ locale: language, siteName, subject, lines }))
  }
  return { sent: recipients.docs.length }
}
