// Editors' broadcasts through the site's bot, to the bot's users who asked for news (🔔 in the bot's menu, `/news`),
// in one language each (the language the user reads the bot in). A broadcast is sent by the job (every minute, a
// slice at a time, at most 25 messages a second: Telegram's limit for bulk messages is about 30) from a list of its
// recipients made once when it starts (`telegram_broadcast_deliveries`): each recipient is claimed before the message
// goes and marked after, so a job that dies mid-slice, or two runs at once, never send anyone a message twice; a
// recipient claimed by a run that died is not sent again (counted as failed: their message may have gone). Telegram's
// "too many requests" waits as Telegram asks (grammY's auto-retry); a user who blocked the bot is counted and skipped.
// The report (recipients, sent, blocked, failed) is written on the broadcast as it goes.
import { autoRetry } from '@grammyjs/auto-retry'
import { Api, GrammyError } from 'grammy'
import { createTranslator } from 'next-intl'
import type { Payload } from 'payload'

import type { Locale } from '@/i18n/locales'
import en from '@/i18n/messages/en.json'
import ru from '@/i18n/messages/ru.json'
import { sqlPool } from '@/lib/db/pool'
import type { Broadcast } from '@/payload-types'

import type { SiteBotConfig } from './config'

/** Whether the Telegram user takes the bot's news. */
export async function takesNews(payload: Payload, telegramId: number): Promise<boolean> {
  const { rows } = await sqlPool(payload).query('SELECT news FROM telegram_chats WHERE telegram_id = $1', [telegramId])
  return Boolean((rows[0] as { news?: boolean } | undefined)?.news)
}

/** Turns the user's news on (in the language they read the bot in) or off. */
export async function setNews(payload: Payload, telegramId: number, locale: Locale, on: boolean): Promise<void> {
  await sqlPool(payload).query(
    `INSERT INTO telegram_chats (telegram_id, news, news_language, updated_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (telegram_id) DO UPDATE SET news = excluded.news, news_language = excluded.news_language, updated_at = excluded.updated_at`,
    [telegramId, on, locale],
  )
}

/** Messages a second, below Telegram's limit for bulk messages. */
const PAUSE_MS = 40
/** A claim older than this belongs to a run that died (a slice takes under a minute). */
const STALE_CLAIM_MS = 5 * 60_000

export type BroadcastReport = { recipients: number; sent: number; blocked: number; failed: number }

/** The recipients' states, counted; a claim left by a run that died counts as failed. */
async function reportOf(payload: Payload, broadcastId: number, now: Date): Promise<BroadcastReport & { open: number }> {
  const { rows } = await sqlPool(payload).query(
    `SELECT status, (status = 'claimed' AND claimed_at < $2) AS stale, count(*)::int AS n FROM telegram_broadcast_deliveries WHERE broadcast_id = $1 GROUP BY 1, 2`,
    [broadcastId, new Date(now.getTime() - STALE_CLAIM_MS)],
  )
  const report = { recipients: 0, sent: 0, blocked: 0, failed: 0, open: 0 }
  for (const { status, stale, n } of rows as { status: string; stale: boolean; n: number }[]) {
    report.recipients += n
    if (status === 'sent') report.sent += n
    else if (status === 'blocked') report.blocked += n
    else if (status === 'failed' || stale) report.failed += n
    else report.open += n
  }
  return report
}

/** The broadcast's text as sent: the editors' words, and how to stop the news, in its language. */
function messageOf(broadcast: Broadcast): string {
  const locale: Locale = broadcast.language === 'en' ? 'en' : 'ru'
  const t = createTranslator({ locale, messages: locale === 'en' ? en : ru, namespace: 'Bot' })
  return `${broadcast.text.trim()}\n\n${t('newsFooter')}`
}

/**
 * Sends up to `max` messages of one broadcast; returns how many went. Its recipients are listed when it first runs
 * (the users taking news in its language then); it is done when none is left to send.
 */
export async function sendBroadcastSlice(payload: Payload, api: Api, broadcast: Broadcast, { max, pauseMs = PAUSE_MS, now = () => new Date() }: { max: number; pauseMs?: number; now?: () => Date }): Promise<number> {
  const pool = sqlPool(payload)
  if (!broadcast.startedAt) {
    await pool.query(
      `INSERT INTO telegram_broadcast_deliveries (broadcast_id, telegram_id, status)
       SELECT $1, telegram_id, 'pending' FROM telegram_chats WHERE news AND news_language = $2 ON CONFLICT DO NOTHING`,
      [broadcast.id, broadcast.language],
    )
    await payload.update({ collection: 'broadcasts', id: broadcast.id, data: { startedAt: now().toISOString() }, depth: 0, context: { fromJob: true } })
  }
  const text = messageOf(broadcast)
  let sent = 0
  while (sent < max) {
    // Stopped by an editor meanwhile: nothing more goes.
    const current = await payload.findByID({ collection: 'broadcasts', id: broadcast.id, depth: 0, select: { status: true } })
    if (current.status !== 'sending') break
    const { rows } = await pool.query(
      `UPDATE telegram_broadcast_deliveries SET status = 'claimed', claimed_at = now()
       WHERE broadcast_id = $1 AND telegram_id IN (
         SELECT telegram_id FROM telegram_broadcast_deliveries WHERE broadcast_id = $1 AND status = 'pending' ORDER BY telegram_id LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING telegram_id`,
      [broadcast.id, Math.min(25, max - sent)],
    )
    if (rows.length === 0) break
    for (const { telegram_id: telegramId } of rows as { telegram_id: string }[]) {
      let status: 'sent' | 'blocked' | 'failed' = 'sent'
      try {
        await api.sendMessage(Number(telegramId), text, { link_preview_options: { is_disabled: true } })
      } catch (error) {
        status = error instanceof GrammyError && error.error_code === 403 ? 'blocked' : 'failed'
        if (status === 'failed') payload.logger.warn({ msg: `Broadcast ${broadcast.id} to ${telegramId} failed: ${error instanceof Error ? error.message : String(error)}` })
      }
      await pool.query('UPDATE telegram_broadcast_deliveries SET status = $3 WHERE broadcast_id = $1 AND telegram_id = $2', [broadcast.id, telegramId, status])
      sent += 1
      if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs))
    }
  }
  const { open, ...report } = await reportOf(payload, broadcast.id, now())
  const current = await payload.findByID({ collection: 'broadcasts', id: broadcast.id, depth: 0, select: { status: true } })
  const done = current.status === 'sending' && open === 0
  await payload.update({
    collection: 'broadcasts',
    id: broadcast.id,
    data: { report, ...(done ? { status: 'done' as const, finishedAt: now().toISOString() } : {}) },
    depth: 0,
    context: { fromJob: true },
  })
  return sent
}

/** The job's run: the broadcasts being sent, oldest first, up to `max` messages in all. */
export async function runBroadcasts(payload: Payload, config: SiteBotConfig, { max = 1200, pauseMs = PAUSE_MS }: { max?: number; pauseMs?: number } = {}): Promise<number> {
  const { docs } = await payload.find({ collection: 'broadcasts', where: { status: { equals: 'sending' } }, sort: 'createdAt', limit: 10, depth: 0 })
  if (docs.length === 0) return 0
  const api = new Api(config.token, { apiRoot: config.apiRoot })
  // "Too many requests" is waited out as Telegram asks; an error that may have delivered the message is not retried.
  api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 60, rethrowInternalServerErrors: true, rethrowHttpErrors: true }))
  let sent = 0
  for (const broadcast of docs) {
    if (sent >= max) break
    sent += await sendBroadcastSlice(payload, api, broadcast, { max: max - sent, pauseMs })
  }
  return sent
}
