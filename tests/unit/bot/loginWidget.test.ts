// Telegram's Login Widget answer, checked as Telegram publishes the algorithm
// (https://core.telegram.org/widgets/login#checking-authorization).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { checkLogin, dataCheckString, loginHash } from '@/lib/auth/telegramLoginWidget'

// Telegram's example token from the Bot API's documentation, and the widget's fields as its documentation shows them.
const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw'
const FIELDS = {
  id: '424242424242',
  first_name: 'John',
  last_name: 'Doe',
  username: 'username',
  photo_url: 'https://t.me/i/userpic/320/username.jpg',
  auth_date: '1519400000',
}
// Computed apart from this code, with Python's hmac and hashlib:
// hmac.new(sha256(TOKEN).digest(), data_check_string, sha256).hexdigest()
const HASH = 'b8d609a48d901f12db4ec71f2700ae75d44474e90bbd05aa8b70b2afd232163b'
const SIGNED_AT = new Date(1519400000 * 1000)

describe('the Login Widget’s answer', () => {
  it('is built from every field but the hash, sorted by name, one per line', () => {
    expect(dataCheckString({ ...FIELDS, hash: HASH })).toBe(
      'auth_date=1519400000\nfirst_name=John\nid=424242424242\nlast_name=Doe\nphoto_url=https://t.me/i/userpic/320/username.jpg\nusername=username',
    )
    expect(loginHash(FIELDS, TOKEN)).toBe(HASH)
  })

  it('is taken when signed for this bot and under a day old, and gives who signed in', () => {
    expect(checkLogin({ ...FIELDS, hash: HASH }, TOKEN, new Date(SIGNED_AT.getTime() + 60_000))).toEqual({
      ok: true,
      login: { id: 424242424242, firstName: 'John', lastName: 'Doe', username: 'username', authDate: SIGNED_AT },
    })
    const { last_name: _last, photo_url: _photo, username: _username, ...few } = FIELDS
    expect(checkLogin({ ...few, hash: loginHash(few, TOKEN) }, TOKEN, SIGNED_AT)).toMatchObject({ ok: true, login: { lastName: null, username: null } })
  })

  it('is refused a day after it was signed, or signed in the future', () => {
    const signed = { ...FIELDS, hash: HASH }
    expect(checkLogin(signed, TOKEN, new Date(SIGNED_AT.getTime() + 86_400_000)).ok).toBe(true)
    expect(checkLogin(signed, TOKEN, new Date(SIGNED_AT.getTime() + 86_401_000))).toEqual({ ok: false, reason: 'stale' })
    expect(checkLogin(signed, TOKEN, new Date(SIGNED_AT.getTime() - 10 * 60_000))).toEqual({ ok: false, reason: 'stale' })
  })

  it('is refused for another bot, or without its fields', () => {
    expect(checkLogin({ ...FIELDS, hash: HASH }, '987654321:another-bots-token', SIGNED_AT)).toEqual({ ok: false, reason: 'signature' })
    expect(checkLogin({ ...FIELDS }, TOKEN, SIGNED_AT)).toEqual({ ok: false, reason: 'malformed' })
    expect(checkLogin({ ...FIELDS, hash: HASH.toUpperCase() }, TOKEN, SIGNED_AT)).toEqual({ ok: false, reason: 'malformed' })
    expect(checkLogin({ ...FIELDS, hash: HASH, extra: ['a', 'b'] }, TOKEN, SIGNED_AT)).toEqual({ ok: false, reason: 'malformed' })
    expect(checkLogin({ ...FIELDS, first_name: 'John\nid=1', hash: HASH }, TOKEN, SIGNED_AT)).toEqual({ ok: false, reason: 'malformed' })
  })

  it('is refused whatever field is changed, added or removed after signing (property)', () => {
    const names = Object.keys(FIELDS) as (keyof typeof FIELDS)[]
    fc.assert(
      fc.property(
        fc.oneof(
          fc.record({ kind: fc.constant('change' as const), name: fc.constantFrom(...names), value: fc.string({ maxLength: 40 }) }),
          fc.record({ kind: fc.constant('add' as const), name: fc.stringMatching(/^[a-z_]{1,12}$/), value: fc.string({ maxLength: 40 }) }),
          fc.record({ kind: fc.constant('remove' as const), name: fc.constantFrom(...names.filter((name) => name !== 'id' && name !== 'auth_date')), value: fc.constant('') }),
        ),
        ({ kind, name, value }) => {
          const fields: Record<string, string> = { ...FIELDS, hash: HASH }
          if (kind === 'remove') delete fields[name]
          else fields[name] = value
          fc.pre(JSON.stringify(fields) !== JSON.stringify({ ...FIELDS, hash: HASH }) && name !== 'hash')
          expect(checkLogin(fields, TOKEN, SIGNED_AT).ok).toBe(false)
        },
      ),
    )
  })
})
