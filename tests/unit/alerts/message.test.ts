// The words of an alert in both languages, Russian plural forms included, and the Telegram Bot API's contract.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { isRefusal } from '@/lib/alerts/signals'
import { INCIDENT_KINDS } from '@/lib/alerts/incidents'
import { alertMessage, incidentLine } from '@/lib/alerts/message'
import { sendTelegramMessage } from '@/lib/alerts/telegram'
import { parseEnv } from '@/lib/env'

const site = { siteName: 'VPN Keys', serverUrl: 'https://vpnkeys.example' }

describe('alert messages', () => {
  it('every kind reads in both languages, with nothing left unfilled', () => {
    const params = { server: 'Helsinki-1', serverId: '4', countryRu: 'Финляндия', countryEn: 'Finland', protocol: 'VLESS', error: 'Panel said 401', count: '5', reason: 'failed', network: 'МТС', probe: 'Москва-1' }
    for (const kind of INCIDENT_KINDS) {
      for (const language of ['ru', 'en'] as const) {
        for (const phase of ['start', 'end'] as const) {
          const line = incidentLine({ kind, params }, phase, language)
          expect(line, `${kind} ${phase} ${language}`).not.toMatch(/[{}]|alerts\./)
          expect(line.length).toBeGreaterThan(10)
        }
      }
    }
    expect(incidentLine({ kind: 'listEmpty', params }, 'start', 'en')).toContain('“Finland · VLESS”')
    expect(incidentLine({ kind: 'listEmpty', params }, 'start', 'ru')).toContain('«Финляндия · VLESS»')
  })

  it('counts in Russian plural forms', () => {
    const mail = (count: number) => incidentLine({ kind: 'mailFailing', params: { count: String(count) } }, 'start', 'ru')
    expect(mail(1)).toContain('1 письмо ждёт')
    expect(mail(3)).toContain('3 письма ждут')
    expect(mail(5)).toContain('5 писем ждут')
    expect(mail(21)).toContain('21 письмо ждёт')
    const summary = (started: number, ended: number) =>
      alertMessage(
        { started: Array.from({ length: started }, () => ({ kind: 'serverDown' as const, params: { server: 's' } })), ended: Array.from({ length: ended }, () => ({ kind: 'serverDown' as const, params: { server: 's' } })) },
        { language: 'ru', ...site },
      ).subject
    const stale = (hours: number) => incidentLine({ kind: 'backupFailing', params: { reason: 'missing', count: String(hours) } }, 'start', 'ru')
    expect(stale(26)).toBe('Резервной копии базы не было 26 часов: ежедневное копирование остановилось.')
    expect(stale(31)).toContain('31 час:')
    expect(stale(48)).toContain('48 часов:')
    expect(incidentLine({ kind: 'backupFailing', params: { reason: 'failed', error: 'pg_dump failed: no space left on device' } }, 'start', 'en')).toBe(
      'The database backup failed: pg_dump failed: no space left on device',
    )
    expect(summary(2, 0)).toBe('[VPN Keys] 2 новые проблемы')
    expect(summary(5, 1)).toBe('[VPN Keys] 5 новых проблем, 1 проблема решена')
    expect(summary(0, 3)).toBe('[VPN Keys] 3 проблемы решены')
  })

  it('one change is its own subject; the body lists what started and what is over, and links the incidents and the settings', () => {
    const message = alertMessage({ started: [{ kind: 'serverDown', params: { server: 'Amsterdam' } }], ended: [] }, { language: 'en', ...site })
    expect(message.subject).toBe('[VPN Keys] Server “Amsterdam” failed three checks in a row; its free keys are hidden from the site.')
    expect(message.lines).toContain('Started:')
    expect(message.lines.join('\n')).toContain('https://vpnkeys.example/admin/collections/incidents')
    expect(message.lines.join('\n')).toContain('https://vpnkeys.example/admin/globals/site-settings')
  })
})

describe('payment provider refusals', () => {
  it('a declined card and a bad notification signature are not the provider refusing the site', () => {
    expect(isRefusal(Object.assign(new Error('Your card was declined.'), { type: 'StripeCardError' }))).toBe(false)
    expect(isRefusal(Object.assign(new Error('bad'), { name: 'SignatureError' }))).toBe(false)
    expect(isRefusal(Object.assign(new Error('Invalid API Key provided'), { type: 'StripeAuthenticationError' }))).toBe(true)
    expect(isRefusal(new TypeError('fetch failed'))).toBe(true)
  })
})

describe('Telegram settings', () => {
  it('the bot token and the chat id go together, and each is checked', () => {
    expect(() => parseEnv({ TELEGRAM_BOT_TOKEN: '123:abc' })).toThrow('TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID go together')
    expect(() => parseEnv({ TELEGRAM_CHAT_ID: '-100123' })).toThrow('go together')
    expect(() => parseEnv({ TELEGRAM_BOT_TOKEN: 'not a token', TELEGRAM_CHAT_ID: '-100123' })).toThrow('TELEGRAM_BOT_TOKEN must be the token')
    expect(() => parseEnv({ TELEGRAM_BOT_TOKEN: '123:abc', TELEGRAM_CHAT_ID: 'staff chat' })).toThrow('TELEGRAM_CHAT_ID must be')
    expect(parseEnv({ TELEGRAM_BOT_TOKEN: '123:abc-DEF_1', TELEGRAM_CHAT_ID: '@staff_channel', TELEGRAM_API_URL: '' }).TELEGRAM_CHAT_ID).toBe('@staff_channel')
  })
})

describe('Telegram Bot API', () => {
  const calls: { url: string; body: Record<string, unknown> }[] = []
  let answer: { status: number; body: unknown } = { status: 200, body: { ok: true, result: {} } }
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      calls.push({ url: request.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown> })
      response.statusCode = answer.status
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify(answer.body))
    })
  })
  let apiUrl = ''
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('posts sendMessage to the bot with the chat and plain text, cut to the 4096 characters Telegram takes', async () => {
    await sendTelegramMessage({ token: '123:abc', chatId: '-100', text: 'x'.repeat(5000), apiUrl })
    expect(calls.at(-1)!.url).toBe('/bot123:abc/sendMessage')
    expect(calls.at(-1)!.body).toMatchObject({ chat_id: '-100' })
    expect((calls.at(-1)!.body.text as string).length).toBe(4096)
    expect(calls.at(-1)!.body).not.toHaveProperty('parse_mode')
  })

  it('throws when the Bot API refuses, naming why but never the token', async () => {
    answer = { status: 400, body: { ok: false, error_code: 400, description: 'Bad Request: chat not found' } }
    await expect(sendTelegramMessage({ token: '123:secret', chatId: '-100', text: 'x', apiUrl })).rejects.toThrow('chat not found')
    answer = { status: 200, body: { ok: true, result: {} } }
    const unreachable = await sendTelegramMessage({ token: '123:secret', chatId: '-100', text: 'x', apiUrl: 'http://127.0.0.1:1' }).catch((error: Error) => error)
    expect(String(unreachable)).toContain('not reached')
    expect(String(unreachable)).not.toContain('secret')
  })
})
