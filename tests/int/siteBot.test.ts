// The site's bot (src/lib/bot) against a double of the Telegram Bot API (tests/helpers/telegram.ts) and the seeded
// keys in real PostgreSQL: updates come in as Telegram sends them to the webhook, with its secret header; what the
// bot says is read from the calls it made to the Bot API.
import type { SiteBotConfig } from '@/lib/bot/config'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { BOT_INFO, buttonsOf, callbackUpdate, deliverTo, messageUpdate, preCheckoutUpdate, startSiteBotDouble, telegramUser } from '../helpers/telegram'
import type { TelegramDouble } from '../helpers/telegram'
import { INT_SERVER_URL } from '../helpers/intGlobalSetup'
import { testPayload } from '../helpers/payload'

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

const deliver = (update: unknown, options?: { secret?: string | null; body?: string }) => deliverTo(payload, config, update, options)

const last = (method: string) => telegram.called(method).at(-1)

describe('the site’s bot', () => {
  it('refuses updates without the bot’s secret, too large or not JSON, and is absent until its token is set', async () => {
    const update = messageUpdate(telegramUser(9001), '/start')
    expect((await deliver(update, { secret: null })).status).toBe(401)
    expect((await deliver(update, { secret: 'wrong' })).status).toBe(401)
    expect((await deliver(update, { secret: `${config.secret.slice(0, -1)}x` })).status).toBe(401)
    expect((await deliver(update, { body: 'x'.repeat(300_000) })).status).toBe(413)
    expect((await deliver(update, { body: '{not json' })).status).toBe(400)
    expect(telegram.calls).toEqual([])
    const route = await import('@/app/api/telegram/webhook/route')
    expect((await route.POST(new Request('http://localhost/api/telegram/webhook', { method: 'POST', body: JSON.stringify(update) }))).status).toBe(404)
  })

  it('greets in the user’s language from Telegram, and in the one they choose after that, remembered', async () => {
    telegram.clear()
    const russian = telegramUser(9002, 'ru')
    expect((await deliver(messageUpdate(russian, '/start'))).status).toBe(200)
    expect(last('sendMessage')?.params.text).toMatch(/^Здравствуйте! Это бот сайта/)
    expect(buttonsOf(last('sendMessage')).map((button) => button.callback_data)).toEqual(expect.arrayContaining(['free', 'support', 'lang']))
    // The account opens as a Mini App, in the user's language (the site is on HTTPS).
    expect(buttonsOf(last('sendMessage')).find((button) => button.web_app)).toEqual({ text: '👤 Личный кабинет', web_app: { url: `${INT_SERVER_URL}/telegram-app` } })
    await deliver(messageUpdate(telegramUser(9003, 'de'), '/start'))
    expect(last('sendMessage')?.params.text).toMatch(/^Hello! This is the bot of/)
    expect(buttonsOf(last('sendMessage')).find((button) => button.web_app)?.web_app?.url).toBe(`${INT_SERVER_URL}/en/telegram-app`)
    // The Russian user chooses English: the button answers in English, and so does every later message.
    await deliver(callbackUpdate(russian, 'lang'))
    expect(buttonsOf(last('editMessageText')).map((button) => button.callback_data)).toEqual(['l:ru', 'l:en'])
    await deliver(callbackUpdate(russian, 'l:en'))
    expect(last('answerCallbackQuery')?.params.text).toBe('Language: English.')
    await deliver(messageUpdate(russian, 'привет'))
    expect(last('sendMessage')?.params.text).toMatch(/^Hello!/)
    await deliver(callbackUpdate(russian, 'l:ru'))
    expect(last('answerCallbackQuery')?.params.text).toBe('Язык: русский.')
  })

  it('gives a free key by country and protocol in the lists’ order, with its QR code, the next one on “another key”, and a WireGuard key’s file', async () => {
    const { readListedPairs, readListedKey, readKeyDetails, readKeyFile } = await import('@/lib/data/keys')
    const { qrPng } = await import('@/lib/bot/qr')
    const user = telegramUser(9004, 'ru')
    const pairs = await readListedPairs('ru')
    const vless = pairs.find((pair) => pair.protocol === 'vless')!
    telegram.clear()
    await deliver(callbackUpdate(user, 'free'))
    expect(last('editMessageText')?.params.text).toBe('Выберите страну:')
    expect(buttonsOf(last('editMessageText')).map((button) => button.callback_data)).toContain(`c:${vless.code}`)
    await deliver(callbackUpdate(user, `c:${vless.code}`))
    expect(last('editMessageText')?.params.text).toContain(`${vless.name}: выберите протокол.`)
    expect(buttonsOf(last('editMessageText')).map((button) => button.callback_data)).toContain(`p:${vless.code}:vless`)

    await deliver(callbackUpdate(user, `p:${vless.code}:vless`))
    const first = (await readListedKey('ru', { country: vless.code, protocol: 'vless' }))!
    const details = (await readKeyDetails(first.id, 'ru'))!
    const sent = last('sendMessage')!
    expect(sent.params).toMatchObject({ chat_id: user.id, parse_mode: 'HTML' })
    expect(sent.params.text).toContain(`<code>${details.copyText!.replace(/&/g, '&amp;')}</code>`)
    expect(sent.params.text).toContain('Нажмите на ключ, чтобы скопировать его')
    expect(buttonsOf(sent)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ text: '🔄 Другой ключ', callback_data: `n:${vless.code}:vless:${first.id}` }),
        expect.objectContaining({ text: '📲 Как подключить', url: expect.stringMatching(new RegExp(`/keys/${first.id}#apps$`)) }),
        expect.objectContaining({ text: '📋 Лента для приложений', url: expect.stringMatching(/\/api\/feed\/[\w-]+$/) }),
      ]),
    )
    const photo = last('sendPhoto')!.params.photo as { bytes: Buffer; type: string }
    expect(photo.bytes.equals(await qrPng(details.qrValue!))).toBe(true)

    // Another key: the next in the lists' order, or the first again at the end.
    const next = await readListedKey('ru', { country: vless.code, protocol: 'vless' }, first.id)
    await deliver(callbackUpdate(user, `n:${vless.code}:vless:${first.id}`))
    expect(buttonsOf(last('sendMessage'))[0]!.callback_data).toBe(`n:${vless.code}:vless:${(next ?? first).id}`)
    if (!next) expect(last('answerCallbackQuery')?.params.text).toBe('Других ключей нет — снова первый.')

    // A WireGuard key is copied (its configuration is the text) and scanned: text and QR code, no file.
    const wireguard = pairs.find((pair) => pair.protocol === 'wireguard')!
    telegram.clear()
    await deliver(callbackUpdate(user, `p:${wireguard.code}:wireguard`))
    expect(last('sendMessage')?.params.text).toContain('<pre>[Interface]')
    expect(telegram.called('sendPhoto')).toHaveLength(1)
    expect(telegram.called('sendDocument')).toEqual([])
    // An OpenVPN key is a file.
    const openvpn = pairs.find((pair) => pair.protocol === 'openvpn')!
    await deliver(callbackUpdate(user, `p:${openvpn.code}:openvpn`))
    const key = (await readListedKey('ru', { country: openvpn.code, protocol: 'openvpn' }))!
    const file = (await readKeyFile(key.id))!
    const document = last('sendDocument')!.params.document as { filename: string; bytes: Buffer }
    expect(document.filename).toBe(file.filename)
    expect(document.bytes.toString('utf8')).toBe(file.content)
  })

  it('handles an update once however often Telegram sends it, and again after its handling failed', async () => {
    const user = telegramUser(9005, 'en')
    const update = messageUpdate(user, '/start')
    telegram.clear()
    expect((await deliver(update)).status).toBe(200)
    expect((await deliver(update)).status).toBe(200)
    expect(telegram.called('sendMessage')).toHaveLength(1)
    // The Bot API fails on the answer: the webhook says so, and Telegram's next delivery of the update is handled.
    const failing = messageUpdate(user, '/start')
    telegram.failOnce.add('sendMessage')
    expect((await deliver(failing)).status).toBe(500)
    expect((await deliver(failing)).status).toBe(200)
    expect(telegram.called('sendMessage')).toHaveLength(2)
    // Refused for good (the user blocked the bot): handled, not asked for again.
    const blocked = messageUpdate(user, '/start')
    telegram.refuseOnce.set('sendMessage', { error_code: 403, description: 'Forbidden: bot was blocked by the user' })
    expect((await deliver(blocked)).status).toBe(200)
    expect((await deliver(blocked)).status).toBe(200)
    expect(telegram.called('sendMessage')).toHaveLength(2)
  })

  it('leaves a menu as it is when a button asks for the same again, and sends it anew where it cannot be edited', async () => {
    const user = telegramUser(9008, 'ru')
    telegram.clear()
    telegram.refuseOnce.set('editMessageText', { error_code: 400, description: 'Bad Request: message is not modified: specified new message content and reply markup are exactly the same' })
    expect((await deliver(callbackUpdate(user, 'free'))).status).toBe(200)
    expect(telegram.called('sendMessage')).toEqual([])
    telegram.refuseOnce.set('editMessageText', { error_code: 400, description: "Bad Request: there is no text in the message to edit" })
    expect((await deliver(callbackUpdate(user, 'free'))).status).toBe(200)
    expect(last('sendMessage')?.params.text).toBe('Выберите страну:')
  })

  it('offers VIP only as it can be bought: here, with no payment provider, the plans with a Stars price, for Stars only', async () => {
    const { readPlans } = await import('@/lib/data/tariffs')
    const { env } = await import('@/lib/env')
    const user = telegramUser(9009, 'ru')
    telegram.clear()
    await deliver(messageUpdate(user, '/start'))
    const plans = await readPlans('ru')
    // No payment provider in this environment (the e2e suite's sites have one: tests/e2e/telegram.spec.ts); the seeded
    // plans have Stars prices.
    expect(env().billing).toBe('disabled')
    expect(plans.every((plan) => plan.starsPrice !== null)).toBe(true)
    expect(buttonsOf(last('sendMessage')).some((button) => button.callback_data === 'vip')).toBe(true)
    await deliver(callbackUpdate(user, 'vip'))
    const text = String(last('editMessageText')?.params.text)
    expect(text).toContain('Звёздами Telegram ⭐ — прямо здесь')
    expect(text).not.toContain('на сайте')
    expect(text).toContain(`<b>${plans[0]!.name}</b>`)
    // No way to the site's purchase form where the site sells nothing; a Stars button per plan.
    const shown = buttonsOf(last('editMessageText'))
    expect(shown.some((button) => button.url?.includes('/tariffs'))).toBe(false)
    expect(shown.filter((button) => button.callback_data?.startsWith('b:')).map((button) => button.callback_data)).toEqual(plans.map((plan) => `b:${plan.id}`))
  })

  it('says what editors wrote for it in Site settings, in each language apart, and the standard text where they wrote none', async () => {
    const russian = telegramUser(9101, 'ru')
    const english = telegramUser(9102, 'en')
    await payload.updateGlobal({ slug: 'site-settings', locale: 'en', data: { bot: { welcome: 'Welcome to the keys bot of our site!' } }, depth: 0 })
    await payload.updateGlobal({ slug: 'site-settings', locale: 'ru', data: { bot: { support: 'Отвечаем с 10 до 22 по Москве.' } }, depth: 0 })
    try {
      await deliver(messageUpdate(english, '/start'))
      expect(last('sendMessage')?.params.text).toBe('Welcome to the keys bot of our site!')
      await deliver(messageUpdate(russian, '/start'))
      expect(last('sendMessage')?.params.text).toMatch(/^Здравствуйте! Это бот сайта/)
      // Support: the editors' words, then always the way to reach support.
      await deliver(callbackUpdate(russian, 'support'))
      expect(last('editMessageText')?.params.text).toMatch(/^Отвечаем с 10 до 22 по Москве\.\n\n.*@/s)
      await deliver(callbackUpdate(english, 'support'))
      expect(last('editMessageText')?.params.text).not.toContain('Отвечаем')
    } finally {
      await payload.updateGlobal({ slug: 'site-settings', locale: 'en', data: { bot: { welcome: '' } }, depth: 0 })
      await payload.updateGlobal({ slug: 'site-settings', locale: 'ru', data: { bot: { support: '' } }, depth: 0 })
    }
  })

  it('changes nothing for buttons it never made, and says they are out of date', async () => {
    const user = telegramUser(9006, 'ru')
    telegram.clear()
    for (const data of ['p:de:vless;drop', 'n:de:vless:abc', 'p:xx:telnet', 'c:DEU', 'l:de', 'k:1', 'n:de:vless:99999999999']) {
      expect((await deliver(callbackUpdate(user, data))).status).toBe(200)
    }
    expect(telegram.called('sendMessage')).toEqual([])
    expect(telegram.called('sendPhoto')).toEqual([])
    expect(telegram.called('answerCallbackQuery').map((call) => call.params.text)).toEqual(Array(7).fill('Эта кнопка устарела. Меню: /start'))
  })

  it('counts each user’s updates: over forty a minute a press is told to wait and a message is answered once; other users and Telegram’s payment questions go on', async () => {
    const busy = telegramUser(7_000_000_000 + (Date.now() % 1_000_000), 'ru')
    telegram.clear()
    for (let press = 0; press < 40; press += 1) await deliver(callbackUpdate(busy, 'menu'))
    expect(telegram.called('editMessageText')).toHaveLength(40)
    // Messages over the allowance: told once, then nothing; a press: told each time (Telegram waits for its answer).
    await deliver(messageUpdate(busy, 'привет'))
    await deliver(messageUpdate(busy, 'привет?'))
    expect(telegram.called('sendMessage').map((call) => call.params.text)).toEqual(['Слишком много запросов подряд. Подождите немного и попробуйте снова.'])
    await deliver(callbackUpdate(busy, 'free'))
    expect(telegram.called('editMessageText')).toHaveLength(40)
    expect(last('answerCallbackQuery')?.params.text).toBe('Слишком много запросов подряд. Подождите немного и попробуйте снова.')
    // Telegram's question before a payment is answered whatever the user did before (here: no, not the site's invoice).
    await deliver(preCheckoutUpdate(busy, { payload: 'not-ours', amount: 100 }))
    expect(last('answerPreCheckoutQuery')?.params).toMatchObject({ ok: false })
    await deliver(callbackUpdate(telegramUser(busy.id + 1, 'ru'), 'free'))
    expect(telegram.called('editMessageText')).toHaveLength(41)
  })

  it('asks for its updates itself in `npm run dev` (long polling, the webhook removed first), and answers them', async () => {
    const { startLongPolling } = await import('@/lib/bot/polling')
    telegram.clear()
    const bot = await startLongPolling(payload, config)
    try {
      expect(telegram.calls[0]?.method).toBe('deleteWebhook')
      telegram.pending.push(messageUpdate(telegramUser(9007, 'en'), '/start'))
      await expect.poll(() => telegram.called('sendMessage').map((call) => call.params.text), { timeout: 10_000 }).toEqual([expect.stringMatching(/^Hello!/)])
    } finally {
      await bot.stop()
    }
  })

  it('is pointed at the site by `npm run telegram:webhook`: the webhook with its secret, its commands in both languages and the Mini App’s menu button', async () => {
    const { registerWebhook } = await import('@/lib/bot/register')
    telegram.clear()
    expect(await registerWebhook(config, 'https://vpnkeys.example/')).toBe('https://vpnkeys.example/api/telegram/webhook')
    expect(telegram.called('setWebhook')[0]!.params).toMatchObject({ url: 'https://vpnkeys.example/api/telegram/webhook', secret_token: config.secret, allowed_updates: ['message', 'callback_query', 'pre_checkout_query'] })
    const commands = telegram.called('setMyCommands').map((call) => call.params)
    expect(commands).toContainEqual(expect.objectContaining({ language_code: 'en', commands: expect.arrayContaining([{ command: 'keys', description: 'Free keys' }]) }))
    expect(commands).toContainEqual(expect.objectContaining({ language_code: 'ru', commands: expect.arrayContaining([{ command: 'keys', description: 'Бесплатные ключи' }]) }))
    // The menu button opens the account as a Mini App; a site on plain HTTP gets none (Telegram would refuse it).
    expect(telegram.called('setChatMenuButton').map((call) => call.params)).toEqual([
      { menu_button: { type: 'web_app', text: '👤 Личный кабинет', web_app: { url: 'https://vpnkeys.example/telegram-app' } } },
    ])
    telegram.clear()
    await registerWebhook(config, 'http://localhost:3000')
    expect(telegram.called('setChatMenuButton')).toEqual([])
    expect(BOT_INFO.is_bot).toBe(true)
  })
})
