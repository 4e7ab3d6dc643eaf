// The site's Telegram bot as Telegram reaches it: updates POSTed to /api/telegram/webhook on the site's host name,
// through nginx, to the production build; the bot answers through the Bot API double the harness runs
// (tests/helpers/telegram.ts, tests/helpers/e2eSites.ts), whose calls are read here.
import { readFileSync } from 'node:fs'
import path from 'node:path'

import type { APIRequestContext } from '@playwright/test'

import { webhookSecret } from '../../src/lib/bot/config'
import { siteDir } from '../helpers/e2ePorts'
import { callbackUpdate, messageUpdate, telegramUser } from '../helpers/telegram'

import { expect, test } from './test'

const telegram = () => JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../.test/telegram.json'), 'utf8')) as { url: string; token: string }

/** The secret the site gave Telegram (`npm run telegram:webhook`): made from the site's PAYLOAD_SECRET and the token. */
function secretOf(baseURL: string): string {
  return webhookSecret(readFileSync(path.join(siteDir(baseURL), 'payload-secret'), 'utf8').trim(), telegram().token)
}

type Call = { method: string; params: Record<string, unknown> }
async function callsTo(request: APIRequestContext, chatId: number): Promise<Call[]> {
  const calls = (await (await request.get(`${telegram().url}/calls`)).json()) as Call[]
  // A multipart call (a photo, a file) sends its numbers as text.
  return calls.filter((call) => Number(call.params.chat_id) === chatId)
}

test('Telegram’s updates reach the bot through nginx with the secret only; it answers /start, gives a key with its QR code, and lists the VIP plans with their terms', async ({ request, baseURL }) => {
  const user = telegramUser(700_000 + test.info().parallelIndex * 1000 + (Date.now() % 1000), 'ru')
  const post = (update: unknown, headers: Record<string, string> = {}) => request.post('/api/telegram/webhook', { data: update, headers })
  // Without the secret, or with another: refused, nothing said.
  expect((await post(messageUpdate(user, '/start'))).status()).toBe(401)
  expect((await post(messageUpdate(user, '/start'), { 'x-telegram-bot-api-secret-token': 'guessed' })).status()).toBe(401)
  expect(await callsTo(request, user.id)).toEqual([])

  const secret = { 'x-telegram-bot-api-secret-token': secretOf(baseURL!) }
  expect((await post(messageUpdate(user, '/start'), secret)).status()).toBe(200)
  await expect.poll(async () => (await callsTo(request, user.id)).map((call) => call.method)).toEqual(['sendMessage'])
  expect((await callsTo(request, user.id))[0]!.params.text).toMatch(/^Здравствуйте! Это бот сайта/)

  expect((await post(callbackUpdate(user, 'p:de:vless'), secret)).status()).toBe(200)
  await expect.poll(async () => (await callsTo(request, user.id)).map((call) => call.method)).toEqual(['sendMessage', 'sendMessage', 'sendPhoto'])
  const [, key, photo] = await callsTo(request, user.id)
  expect(key!.params.text).toMatch(/<code>vless:\/\/[0-9a-f-]{36}@de\d+\.free\.vpnkeys\.example:443\?/)
  expect(photo!.params.photo).toMatchObject({ filename: 'key.png', size: expect.any(Number) })

  // The site sells VIP (the Stripe double): the menu offers it, and VIP lists the plans the site sells with what a new
  // buyer pays today and what renewals then charge, and leads to the site's purchase form.
  const menu = (await callsTo(request, user.id))[0]!.params.reply_markup as { inline_keyboard: { callback_data?: string }[][] }
  expect(menu.inline_keyboard.flat().map((button) => button.callback_data)).toContain('vip')
  expect((await post(callbackUpdate(user, 'vip'), secret)).status()).toBe(200)
  await expect.poll(async () => (await callsTo(request, user.id)).map((call) => call.method)).toContain('editMessageText')
  const vip = (await callsTo(request, user.id)).find((call) => call.method === 'editMessageText')!
  const plans = (await (await request.get('/api/tariffs?depth=0&sort=order&locale=ru')).json()) as { docs: { name: string }[] }
  expect(plans.docs.length).toBeGreaterThan(0)
  for (const plan of plans.docs) expect(vip.params.text).toMatch(new RegExp(`<b>${plan.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</b>\\n.+ сегодня, с .+ — .+ до отмены`))
  const [plansButton] = (vip.params.reply_markup as { inline_keyboard: { url?: string }[][] }).inline_keyboard.flat()
  expect(plansButton!.url).toBe(`${baseURL}/tariffs#buy`)
})
