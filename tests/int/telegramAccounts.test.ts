// Accounts and Telegram (src/lib/auth/telegramAccounts.ts) in real PostgreSQL: a Login Widget sign-in opens the linked
// account or a new one without an e-mail; "Link Telegram" makes a one-time /start link that the site's bot (against
// the Bot API double) uses up to link the Telegram user who pressed Start; nothing of it is writable over the API.
import type { SiteBotConfig } from '@/lib/bot/config'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { User } from '@/payload-types'

import { workerDoubles } from '../helpers/intDoubles'
import { testPayload } from '../helpers/payload'
import { BOT_INFO, buttonsOf, callbackUpdate, deliverTo, messageUpdate, startSiteBotDouble, telegramUser } from '../helpers/telegram'
import type { TelegramDouble } from '../helpers/telegram'

let payload: Payload
let telegram: TelegramDouble
let config: SiteBotConfig
let next = 0

/** A Telegram id no other test uses. */
const telegramId = () => 880_000_000 + (Date.now() % 100_000) * 100 + (next += 1)
const login = (id: number, username: string | null = `user${id}`) => ({ id, firstName: 'Иван', lastName: null, username, authDate: new Date() })

beforeAll(async () => {
  payload = await testPayload()
  ;({ telegram, config } = await startSiteBotDouble())
})

afterAll(async () => {
  await telegram.close()
})

async function pressStart(from: ReturnType<typeof telegramUser> & { username?: string }, start: string): Promise<string> {
  expect((await deliverTo(payload, config, messageUpdate(from, `/start ${start}`))).status).toBe(200)
  // The outcome, then the menu.
  const said = telegram.called('sendMessage').filter((call) => Number(call.params.chat_id) === from.id)
  return String(said.at(-2)?.params.text)
}

async function customer(): Promise<User> {
  return payload.create({ collection: 'users', data: { email: `tg-link-${Date.now()}-${(next += 1)}@mail.example.com`, password: 'x'.repeat(20), role: 'customer' } })
}

describe('a Telegram sign-in', () => {
  it('makes an account without an e-mail the first time, and opens the same one after that', async () => {
    const { accountForTelegramLogin, isPlaceholderEmail, shownEmail } = await import('@/lib/auth/telegramAccounts')
    const id = telegramId()
    const first = await accountForTelegramLogin(payload, login(id), 'en')
    expect(first).toMatchObject({ telegramId: String(id), telegramUsername: `user${id}`, role: 'customer', locale: 'en', emailVerified: false })
    expect(isPlaceholderEmail(first.email)).toBe(true)
    expect(shownEmail(first)).toBeNull()
    // Signing in again, under a new username: the same account, with the username kept current.
    const again = await accountForTelegramLogin(payload, login(id, 'renamed'), 'ru')
    expect(again.id).toBe(first.id)
    expect(again.telegramUsername).toBe('renamed')
    // Two first sign-ins at once make one account.
    const racing = telegramId()
    const [a, b] = await Promise.all([accountForTelegramLogin(payload, login(racing), 'ru'), accountForTelegramLogin(payload, login(racing), 'ru')])
    expect(a.id).toBe(b.id)
    expect((await payload.count({ collection: 'users', where: { telegramId: { equals: String(racing) } } })).totalDocs).toBe(1)
  })

  it('sends no mail to a Telegram-only account’s placeholder, and no form takes such an address', async () => {
    const { accountForTelegramLogin } = await import('@/lib/auth/telegramAccounts')
    const { checkEmail } = await import('@/lib/validation/checkEmail')
    const { smtp } = await workerDoubles()
    const user = await accountForTelegramLogin(payload, login(telegramId()), 'ru')
    const before = smtp.messages.length
    await payload.sendEmail({ to: user.email, subject: 'Test', text: 'nobody reads this' })
    await payload.sendEmail({ to: 'someone@mail.example.com', subject: 'Test', text: 'a real one' })
    await smtp.latestTo('someone@mail.example.com')
    expect(smtp.messages.slice(before).flatMap((mail) => mail.to)).toEqual(['someone@mail.example.com'])
    expect(checkEmail(user.email)).toEqual({ ok: false, error: 'invalidEmail' })
  })
})

describe('linking Telegram from the account', () => {
  it('links the Telegram user who pressed Start on the one-time link, once', async () => {
    const { LINK_START_PREFIX, telegramLinkToken } = await import('@/lib/auth/telegramAccounts')
    const owner = await customer()
    const token = await telegramLinkToken(payload, owner, 'ru')
    expect(`${LINK_START_PREFIX}${token}`).toMatch(/^[A-Za-z0-9_-]{1,64}$/)
    const id = telegramId()
    const from = { ...telegramUser(id, 'ru'), username: 'linked_user' }
    expect(await pressStart(from, `${LINK_START_PREFIX}${token}`)).toBe(`Готово: этот Telegram связан с аккаунтом ${owner.email} на сайте. Теперь можно входить на сайт через Telegram.`)
    expect(await payload.findByID({ collection: 'users', id: owner.id, depth: 0 })).toMatchObject({ telegramId: String(id), telegramUsername: 'linked_user' })
    // The same link again, by anyone: used up.
    const other = telegramUser(telegramId(), 'en')
    expect(await pressStart(other, `${LINK_START_PREFIX}${token}`)).toMatch(/^The link has expired or was used already/)
    // A Telegram sign-in now opens that account.
    const { accountForTelegramLogin } = await import('@/lib/auth/telegramAccounts')
    expect((await accountForTelegramLogin(payload, login(id), 'ru')).id).toBe(owner.id)
  })

  it('never moves a Telegram user linked to another account, and takes no made-up or e-mail token', async () => {
    const { LINK_START_PREFIX, accountForTelegramLogin, telegramLinkToken } = await import('@/lib/auth/telegramAccounts')
    const { issueToken } = await import('@/lib/auth/tokens')
    const id = telegramId()
    const telegramOnly = await accountForTelegramLogin(payload, login(id), 'ru')
    const owner = await customer()
    expect(await pressStart(telegramUser(id), `${LINK_START_PREFIX}${await telegramLinkToken(payload, owner, 'ru')}`)).toMatch(/^Этот Telegram уже связан с другим аккаунтом/)
    expect((await payload.findByID({ collection: 'users', id: owner.id, depth: 0 })).telegramId ?? null).toBeNull()
    expect((await payload.findByID({ collection: 'users', id: telegramOnly.id, depth: 0 })).telegramId).toBe(String(id))
    // An e-mail sign-in link is no Telegram link, and a made-up one is nothing.
    const loginToken = await issueToken(payload, { purpose: 'login', email: owner.email, userId: owner.id, locale: 'ru' })
    const stranger = telegramUser(telegramId())
    expect(await pressStart(stranger, `${LINK_START_PREFIX}${loginToken}`)).toMatch(/^Ссылка устарела/)
    expect(await pressStart(stranger, `${LINK_START_PREFIX}${'A'.repeat(43)}`)).toMatch(/^Ссылка устарела/)
    expect((await payload.findByID({ collection: 'users', id: owner.id, depth: 0 })).telegramId ?? null).toBeNull()
  })

  it('does not sign anyone in with a Telegram link posted as an e-mail link', async () => {
    const { telegramLinkToken } = await import('@/lib/auth/telegramAccounts')
    const { POST: confirm } = await import('@/app/api/auth/confirm/route')
    const owner = await customer()
    const token = await telegramLinkToken(payload, owner, 'ru')
    const form = new FormData()
    form.set('code', token)
    form.set('locale', 'ru')
    const response = await confirm(new Request('http://localhost/api/auth/confirm', { method: 'POST', body: form }))
    expect(response.headers.get('location')).toMatch(/\/link-expired$/)
    expect(response.headers.get('set-cookie')).toBeNull()
  })

  it('unlinks where the account has an e-mail, never a Telegram-only account', async () => {
    const { accountForTelegramLogin, unlinkTelegram } = await import('@/lib/auth/telegramAccounts')
    const telegramOnly = await accountForTelegramLogin(payload, login(telegramId()), 'ru')
    expect(await unlinkTelegram(payload, telegramOnly)).toBe(false)
    const owner = await payload.update({ collection: 'users', id: (await customer()).id, data: { telegramId: String(telegramId()) }, depth: 0 })
    expect(await unlinkTelegram(payload, owner)).toBe(true)
    expect((await payload.findByID({ collection: 'users', id: owner.id, depth: 0 })).telegramId ?? null).toBeNull()
  })

  it('is not writable by a customer through Payload’s API: not their own link, not their username', async () => {
    const owner = await customer()
    for (const [index, data] of [{ telegramId: '12345' }, { telegramUsername: 'someone' }].entries()) {
      // Beside a field they may change, which does change: the update went through, without the Telegram fields.
      const marketingConsent = index % 2 === 0
      await payload.update({ collection: 'users', id: owner.id, data: { ...data, marketingConsent }, user: owner, overrideAccess: false, depth: 0 })
      const stored = await payload.findByID({ collection: 'users', id: owner.id, depth: 0 })
      expect(stored.marketingConsent).toBe(marketingConsent)
      expect(stored.telegramId ?? null).toBeNull()
      expect(stored.telegramUsername ?? null).toBeNull()
    }
  })
})

describe('the subscription in the bot', () => {
  async function press(from: ReturnType<typeof telegramUser>, data: string): Promise<void> {
    expect((await deliverTo(payload, config, callbackUpdate(from, data))).status).toBe(200)
  }
  const edited = (from: { id: number }) => telegram.called('editMessageText').filter((call) => Number(call.params.chat_id) === from.id).at(-1)

  it('shows the linked account’s plan, next payment and subscription URL with its QR code, and only its own', async () => {
    const { billingDate } = await import('@/lib/billing/rules/terms')
    const { formatRubles } = await import('@/lib/billing/rules/pricing')
    const { personalFeedPath } = await import('@/lib/feeds/personalUrl')
    const { absoluteUrl } = await import('@/lib/http/siteUrl')
    const id = telegramId()
    const owner = await payload.update({ collection: 'users', id: (await customer()).id, data: { telegramId: String(id) }, depth: 0 })
    const plan = (await payload.find({ collection: 'tariffs', limit: 1, depth: 0, locale: 'ru', sort: 'order' })).docs[0]!
    const until = new Date(Date.now() + 20 * 86_400_000).toISOString()
    await payload.create({ collection: 'subscriptions', data: { user: owner.id, tariff: plan.id, status: 'active', currentPeriodEnd: until, renewal: { amountKopecks: 29_900, months: 1, discountPercent: 30 } }, depth: 0 })
    const from = telegramUser(id, 'ru')

    // The menu offers the subscription in place of the plans.
    telegram.clear()
    await pressStart(from, '')
    const menu = telegram.called('sendMessage').filter((call) => Number(call.params.chat_id) === id).at(-1)
    expect(buttonsOf(menu).map((button) => button.callback_data)).toEqual(expect.arrayContaining(['free', 'sub']))
    expect(buttonsOf(menu).map((button) => button.callback_data)).not.toContain('vip')

    await press(from, 'sub')
    const text = String(edited(from)?.params.text)
    const feed = absoluteUrl(await personalFeedPath(payload, owner.id))
    // The next charge: the agreed price less the pending 30 % off.
    expect(text).toContain(`<b>VIP: ${plan.name}</b>\nПодписка активна\nСледующий платёж: ${formatRubles(20_930, 'ru')}, ${billingDate(until, 'ru')}`)
    expect(text).toContain(`<code>${feed}</code>`)
    expect(buttonsOf(edited(from)).find((button) => button.web_app)?.web_app?.url).toMatch(/\/telegram-app$/)
    const photo = telegram.called('sendPhoto').filter((call) => Number(call.params.chat_id) === id).at(-1)
    expect(photo?.params.caption).toBe('QR-код ссылки подписки: отсканируйте его в приложении.')

    // Someone else pressing the same button sees nothing of it: not linked, or linked without a subscription.
    const stranger = telegramUser(telegramId(), 'en')
    await press(stranger, 'sub')
    expect(edited(stranger)?.params.text).toMatch(/^This Telegram is not linked to an account on the site/)
    const linkedOnly = telegramId()
    await payload.update({ collection: 'users', id: (await customer()).id, data: { telegramId: String(linkedOnly) }, depth: 0 })
    await press(telegramUser(linkedOnly), 'sub')
    expect(edited({ id: linkedOnly })?.params.text).toBe('У аккаунта нет действующей VIP-подписки.')
  })
})

describe('a customer’s notices', () => {
  const notice = (userId: number, to: string) => ({ userId, to, subject: 'Платёж прошёл', html: '<p>Оплачено: 299 ₽</p>', text: 'Оплачено: 299 ₽' })
  const sentTo = (chatId: number) => telegram.called('sendMessage').filter((call) => Number(call.params.chat_id) === chatId)

  it('come by the bot to a linked account that keeps Telegram notices on, else by e-mail; a blocked bot falls back to e-mail', async () => {
    const { deliverNotice } = await import('@/lib/bot/notices')
    const { smtp } = await workerDoubles()
    const id = telegramId()
    const owner = await payload.update({ collection: 'users', id: (await customer()).id, data: { telegramId: String(id) }, depth: 0 })
    expect(owner.telegramNotices).toBe(true)

    expect(await deliverNotice(payload, notice(owner.id, owner.email), config)).toBe('telegram')
    expect(sentTo(id).at(-1)?.params.text).toBe('Платёж прошёл\n\nОплачено: 299 ₽')

    // The owner blocked the bot: Telegram refuses for good, and the e-mail goes instead.
    telegram.refuseOnce.set('sendMessage', { error_code: 403, description: 'Forbidden: bot was blocked by the user' })
    const before = smtp.messages.length
    expect(await deliverNotice(payload, notice(owner.id, owner.email), config)).toBe('email')
    expect((await smtp.latestTo(owner.email)).subject).toBe('Платёж прошёл')
    expect(smtp.messages.length).toBe(before + 1)

    // Telegram out of reach for a while: nothing is sent, and the queue tries again.
    telegram.failOnce.add('sendMessage')
    await expect(deliverNotice(payload, notice(owner.id, owner.email), config)).rejects.toThrow()

    // Notices turned off, or no bot: e-mail.
    await payload.update({ collection: 'users', id: owner.id, data: { telegramNotices: false }, depth: 0 })
    const sent = sentTo(id).length
    expect(await deliverNotice(payload, notice(owner.id, owner.email), config)).toBe('email')
    expect(sentTo(id).length).toBe(sent)
    await payload.update({ collection: 'users', id: owner.id, data: { telegramNotices: true }, depth: 0 })
    expect(await deliverNotice(payload, notice(owner.id, owner.email), null)).toBe('email')
  })

  it('reach a Telegram-only account by the bot or not at all (it has no address to mail)', async () => {
    const { accountForTelegramLogin } = await import('@/lib/auth/telegramAccounts')
    const { deliverNotice } = await import('@/lib/bot/notices')
    const id = telegramId()
    const telegramOnly = await accountForTelegramLogin(payload, login(id), 'ru')
    expect(await deliverNotice(payload, notice(telegramOnly.id, telegramOnly.email), config)).toBe('telegram')
    telegram.refuseOnce.set('sendMessage', { error_code: 403, description: 'Forbidden: bot was blocked by the user' })
    expect(await deliverNotice(payload, notice(telegramOnly.id, telegramOnly.email), config)).toBe('none')
  })
})

describe('the bot’s username for the site’s links', () => {
  it('is asked of Telegram once, and while Telegram does not answer no page waits for it again within the minute', async () => {
    const { siteBotUsername } = await import('@/lib/bot/identity')
    const asked = () => telegram.called('getMe').length
    const before = asked()
    telegram.failOnce.add('getMe')
    const now = Date.now()
    expect(await siteBotUsername(config, now)).toBeNull()
    expect(await siteBotUsername(config, now + 30_000)).toBeNull()
    expect(asked()).toBe(before)
    expect(await siteBotUsername(config, now + 61_000)).toBe(BOT_INFO.username)
    expect(await siteBotUsername(config, now + 62_000)).toBe(BOT_INFO.username)
    expect(asked()).toBe(before + 1)
  })
})
