// A Mini App's launch data, checked as Telegram publishes the algorithm
// (https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app), and what the page reads of
// Telegram's launch parameters.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { checkInitData, initDataHash } from '@/lib/auth/telegramInitData'
import { loginHash } from '@/lib/auth/telegramLoginWidget'
import { launchFromHash, themeOf } from '@/lib/browser/miniApp'

// Telegram's example token from the Bot API's documentation; launch data shaped as Telegram sends it.
const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw'
const FIELDS = {
  query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
  user: '{"id":279058397,"first_name":"Vladislav","last_name":"Kibenko","username":"vdkfrost","language_code":"ru","is_premium":true}',
  auth_date: '1662771648',
}
// Computed apart from this code, with Python's hmac: hmac(hmac(b"WebAppData", TOKEN), data_check_string).hexdigest()
const HASH = '2da32740dbc62a2adb8888dd01d0951e3bd66d5fdbfc855b0bf3cc253e511e7d'
const SIGNED_AT = new Date(1662771648 * 1000)
const initData = (fields: Record<string, string>) => new URLSearchParams(fields).toString()

describe('a Mini App’s launch data', () => {
  it('is Telegram’s when signed for this bot and under a day old, and gives who opened the app', () => {
    expect(initDataHash(FIELDS, TOKEN)).toBe(HASH)
    expect(checkInitData(initData({ ...FIELDS, hash: HASH }), TOKEN, new Date(SIGNED_AT.getTime() + 60_000))).toEqual({
      ok: true,
      launch: { id: 279058397, firstName: 'Vladislav', lastName: 'Kibenko', username: 'vdkfrost', languageCode: 'ru', authDate: SIGNED_AT, startParam: null, hash: HASH },
    })
    const withStart = { ...FIELDS, start_param: 'tariffs' }
    expect(checkInitData(initData({ ...withStart, hash: initDataHash(withStart, TOKEN) }), TOKEN, SIGNED_AT)).toMatchObject({ ok: true, launch: { startParam: 'tariffs' } })
  })

  it('is refused a day after it was signed, for another bot, signed as a Login Widget answer, or not shaped as Telegram’s', () => {
    const signed = initData({ ...FIELDS, hash: HASH })
    expect(checkInitData(signed, TOKEN, new Date(SIGNED_AT.getTime() + 86_401_000))).toEqual({ ok: false, reason: 'stale' })
    expect(checkInitData(signed, '987654321:another-bots-token', SIGNED_AT)).toEqual({ ok: false, reason: 'signature' })
    // The Login Widget's key (SHA-256 of the token) is not the Mini App's.
    expect(checkInitData(initData({ ...FIELDS, hash: loginHash(FIELDS, TOKEN) }), TOKEN, SIGNED_AT)).toEqual({ ok: false, reason: 'signature' })
    expect(checkInitData('', TOKEN, SIGNED_AT)).toEqual({ ok: false, reason: 'malformed' })
    expect(checkInitData(`${signed}&hash=${HASH}`, TOKEN, SIGNED_AT)).toEqual({ ok: false, reason: 'malformed' })
    expect(checkInitData(`${signed}&${'x'.repeat(4096)}=1`, TOKEN, SIGNED_AT)).toEqual({ ok: false, reason: 'malformed' })
    const noUser = { auth_date: FIELDS.auth_date }
    expect(checkInitData(initData({ ...noUser, hash: initDataHash(noUser, TOKEN) }), TOKEN, SIGNED_AT)).toEqual({ ok: false, reason: 'malformed' })
    const badUser = { ...FIELDS, user: '{"id":"1"}' }
    expect(checkInitData(initData({ ...badUser, hash: initDataHash(badUser, TOKEN) }), TOKEN, SIGNED_AT)).toEqual({ ok: false, reason: 'malformed' })
  })

  it('is refused whatever is changed in it after signing (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(FIELDS)), fc.string({ maxLength: 60 }), (name, value) => {
        fc.pre(value !== FIELDS[name as keyof typeof FIELDS])
        expect(checkInitData(initData({ ...FIELDS, [name]: value, hash: HASH }), TOKEN, SIGNED_AT).ok).toBe(false)
      }),
    )
  })
})

describe('Telegram’s launch parameters in the page’s address', () => {
  it('give the launch data and the theme’s colours, and nothing but colours reaches the page', () => {
    const theme = { bg_color: '#17212b', text_color: '#F5F5F5', button_color: 'red', hint_color: 'url(https://x.example/)', link_color: '#6ab3f3' }
    const hash = `#tgWebAppData=${encodeURIComponent(initData({ ...FIELDS, hash: HASH }))}&tgWebAppVersion=8.0&tgWebAppThemeParams=${encodeURIComponent(JSON.stringify(theme))}`
    expect(launchFromHash(hash)).toEqual({ initData: initData({ ...FIELDS, hash: HASH }), theme: { bg_color: '#17212b', text_color: '#F5F5F5' } })
    expect(launchFromHash('#tgWebAppThemeParams=%7Bnot-json')).toEqual({ initData: null, theme: {} })
    expect(launchFromHash('')).toEqual({ initData: null, theme: {} })
    expect(themeOf({ bg_color: '#fff;background:url(x)' })).toEqual({})
  })
})
