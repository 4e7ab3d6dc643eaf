// The site's bot and its staff, against the Bot API double, the SMTP double and real PostgreSQL: editors' broadcasts
// (src/lib/bot/broadcasts.ts): who receives one (the users who asked for news, in its language), each of them once
// however the sending is interrupted, the report, and what editors and customers may do with broadcasts; and a user
// writing to staff from the bot (src/lib/bot/support.ts).
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { SiteBotConfig } from '@/lib/bot/config'
import type { Broadcast } from '@/payload-types'

import { buttonsOf, callbackUpdate, deliverTo, messageUpdate, startSiteBotDouble, telegramUser } from '../helpers/telegram'
import type { TelegramDouble } from '../helpers/telegram'
import { workerDoubles } from '../helpers/intDoubles'
import { createUser, testPayload } from '../helpers/payload'

let payload: Payload
let telegram: TelegramDouble
let config: SiteBotConfig

beforeAll(async () => {
  payload = await testPayload()
  ;({ telegram, config } = await startSiteBotDouble())
})

afterAll(async () => {
  await telegram.close()
})

const deliver = (update: unknown) => deliverTo(payload, config, update)
const last = (method: string) => telegram.called(method).at(-1)

let nextUser = 5_000_000_000 + (Date.now() % 1_000_000) * 1000
const newUser = (language = 'ru') => telegramUser((nextUser += 1), language)

/** Only this file's users: other files' bot users in the shared database may take news too. */
const sentTo = (ids: readonly number[]) => telegram.called('sendMessage').filter((call) => ids.includes(Number(call.params.chat_id)))

async function subscribe(user: ReturnType<typeof telegramUser>): Promise<void> {
  await deliver(callbackUpdate(user, 'news:on'))
}

describe('broadcasts', () => {
  it('lets a bot user take the news and stop them, from the menu and /news', async () => {
    const user = newUser()
    await deliver(messageUpdate(user, '/start'))
    expect(buttonsOf(last('sendMessage')).map((button) => button.callback_data)).toContain('news')
    await deliver(messageUpdate(user, '/news'))
    expect(last('sendMessage')?.params.text).toBe('Вы не подписаны на новости сайта.')
    expect(buttonsOf(last('sendMessage'))[0]).toEqual({ text: '🔔 Подписаться', callback_data: 'news:on' })
    await deliver(callbackUpdate(user, 'news:on'))
    expect(last('editMessageText')?.params.text).toBe('Вы подписаны на новости сайта: бот пришлёт их сюда.')
    await deliver(callbackUpdate(user, 'news:off'))
    expect(last('editMessageText')?.params.text).toBe('Вы не подписаны на новости сайта.')
  })

  it('sends each subscriber of its language one message, however often the sending stops and starts again, and reports it', async () => {
    const { runBroadcasts, sendBroadcastSlice } = await import('@/lib/bot/broadcasts')
    const { sqlPool } = await import('@/lib/db/pool')
    const { Api } = await import('grammy')
    const russians = [newUser(), newUser(), newUser(), newUser(), newUser()]
    const english = newUser('en')
    const notSubscribed = newUser()
    const blocked = newUser()
    for (const user of [...russians, english, blocked]) await subscribe(user)
    await deliver(messageUpdate(notSubscribed, '/start'))
    telegram.blockedChats.add(blocked.id)
    telegram.clear()
    const ours = [...russians, english, notSubscribed, blocked].map((user) => user.id)

    const editor = await createUser('editor')
    const broadcast = await payload.create({ collection: 'broadcasts', data: { title: 'Новые серверы', language: 'ru', text: 'Добавили серверы в Нидерландах.', status: 'draft' }, overrideAccess: false, user: editor, depth: 0 })
    expect(broadcast.status).toBe('draft')
    // A draft is not sent.
    await runBroadcasts(payload, config, { pauseMs: 0 })
    expect(sentTo(ours)).toEqual([])
    await payload.update({ collection: 'broadcasts', id: broadcast.id, data: { status: 'sending' }, overrideAccess: false, user: editor, depth: 0 })

    // A first slice of two messages, then a run that dies having claimed one recipient (its message may have gone).
    const api = new Api(config.token, { apiRoot: config.apiRoot })
    const started = await payload.findByID({ collection: 'broadcasts', id: broadcast.id, depth: 0 })
    expect(await sendBroadcastSlice(payload, api, started, { max: 2, pauseMs: 0 })).toBe(2)
    const pool = sqlPool(payload)
    const { rows } = await pool.query(
      `UPDATE telegram_broadcast_deliveries SET status = 'claimed', claimed_at = now() - interval '10 minutes'
       WHERE broadcast_id = $1 AND telegram_id = (SELECT telegram_id FROM telegram_broadcast_deliveries WHERE broadcast_id = $1 AND status = 'pending' ORDER BY telegram_id LIMIT 1)
       RETURNING telegram_id`,
      [broadcast.id],
    )
    const lost = Number((rows[0] as { telegram_id: string }).telegram_id)
    const midway = await payload.findByID({ collection: 'broadcasts', id: broadcast.id, depth: 0 })
    expect(midway.status).toBe('sending')
    expect(midway.report?.sent).toBe(2)

    // Resumed (twice: the second finds nothing left).
    await runBroadcasts(payload, config, { pauseMs: 0 })
    await runBroadcasts(payload, config, { pauseMs: 0 })
    const received = sentTo(ours).map((call) => Number(call.params.chat_id))
    const expected = russians.map((user) => user.id).filter((id) => id !== lost)
    expect([...received].sort()).toEqual([...expected].sort())
    expect(sentTo(ours)[0]!.params.text).toBe('Добавили серверы в Нидерландах.\n\nОтписаться от новостей: /news')
    const done = (await payload.findByID({ collection: 'broadcasts', id: broadcast.id, depth: 0 })) as Broadcast
    expect(done.status).toBe('done')
    expect(done.finishedAt).toBeTruthy()
    // Everyone subscribed in Russian in the shared database: ours are 6 of them (5 + the one who blocked the bot).
    expect(done.report!.recipients).toBeGreaterThanOrEqual(6)
    expect(done.report!.blocked).toBeGreaterThanOrEqual(1)
    expect(done.report!.failed).toBeGreaterThanOrEqual(1)
    const report = done.report!
    expect((report.sent ?? 0) + (report.blocked ?? 0) + (report.failed ?? 0)).toBe(report.recipients)
  })

  it('keeps a broadcast that went as it went, and stops one being sent', async () => {
    const editor = await createUser('editor')
    const sent = await payload.create({ collection: 'broadcasts', data: { title: 'x', language: 'en', text: 'Hello', status: 'sending' }, overrideAccess: false, user: editor, depth: 0 })
    await expect(payload.update({ collection: 'broadcasts', id: sent.id, data: { text: 'Changed' }, overrideAccess: false, user: editor, depth: 0 })).rejects.toThrow(/текст не меняется|text stays/)
    await expect(payload.update({ collection: 'broadcasts', id: sent.id, data: { status: 'draft' }, overrideAccess: false, user: editor, depth: 0 })).rejects.toThrow()
    // The report is the job's: an editor cannot write it.
    const forged = await payload.update({ collection: 'broadcasts', id: sent.id, data: { report: { sent: 1000 } }, overrideAccess: false, user: editor, depth: 0 })
    expect(forged.report?.sent ?? 0).toBe(0)
    const stopped = await payload.update({ collection: 'broadcasts', id: sent.id, data: { status: 'cancelled' }, overrideAccess: false, user: editor, depth: 0 })
    expect(stopped.status).toBe('cancelled')
    const { runBroadcasts } = await import('@/lib/bot/broadcasts')
    telegram.clear()
    await runBroadcasts(payload, config, { pauseMs: 0 })
    expect(telegram.called('sendMessage').filter((call) => call.params.text === 'Hello\n\nTo stop the news: /news')).toEqual([])
  })

  it('is not readable or writable by a customer or a visitor', async () => {
    const customer = await createUser('customer')
    await expect(payload.find({ collection: 'broadcasts', overrideAccess: false, user: customer })).rejects.toThrow()
    await expect(payload.create({ collection: 'broadcasts', data: { title: 'x', language: 'ru', text: 'spam', status: 'sending' }, overrideAccess: false, user: customer })).rejects.toThrow()
    await expect(payload.find({ collection: 'broadcasts', overrideAccess: false })).rejects.toThrow()
  })
})

describe('writing to staff', () => {
  it('sends the one message after “write to us” to the support address, with who wrote it; once a minute at most', async () => {
    const { smtp } = await workerDoubles()
    const user = { ...newUser(), username: 'olga_k' }
    await deliver(callbackUpdate(user, 'support'))
    expect(buttonsOf(last('editMessageText')).map((button) => button.callback_data)).toContain('support:write')
    await deliver(callbackUpdate(user, 'support:write'))
    expect(last('editMessageText')?.params.text).toMatch(/^Напишите вопрос одним сообщением/)
    const before = smtp.messages.length
    await deliver(messageUpdate(user, 'Не подключается ключ <Нидерланды> & всё'))
    expect(last('sendMessage')?.params.text).toBe('Сообщение отправлено в поддержку. Ответим в Telegram или по e-mail.')
    const mail = await smtp.latestTo('support@example.com', before)
    expect(mail.subject).toContain('сообщение из Telegram от @olga_k')
    expect(mail.text).toContain('https://t.me/olga_k')
    expect(mail.text).toContain('Аккаунта на сайте нет')
    expect(mail.text).toContain('Не подключается ключ <Нидерланды> & всё')
    expect(mail.html).not.toContain('<Нидерланды>')
    // The next message is not for staff: the menu.
    await deliver(messageUpdate(user, 'привет'))
    expect(buttonsOf(last('sendMessage')).map((button) => button.callback_data)).toContain('free')
    // Again within the minute: refused, nothing sent.
    await deliver(callbackUpdate(user, 'support:write'))
    await deliver(messageUpdate(user, 'ещё раз'))
    expect(last('sendMessage')?.params.text).toBe('Сообщение не отправлено: писать в поддержку можно раз в минуту. Попробуйте чуть позже.')
    expect(smtp.messages.slice(before).filter((sent) => sent.to.includes('support@example.com'))).toHaveLength(1)
    // Cancelled: the next message is the menu's.
    await deliver(callbackUpdate(user, 'support:write'))
    await deliver(callbackUpdate(user, 'support:cancel'))
    telegram.clear()
    await deliver(messageUpdate(user, 'третье'))
    expect(buttonsOf(last('sendMessage')).map((button) => button.callback_data)).toContain('free')
  })
})
