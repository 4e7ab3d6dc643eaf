// Which requests the site's own server answers as subscription polls, before Next.js: only well-formed polls of an
// app; everything else (a browser's page, a malformed or made-up path) goes on to the route, which answers it.
import { SUBSCRIPTION_FORMATS } from '@/lib/feeds/clients'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { subscriptionPoll } from '@/server/subscriptionFastPath'

const TOKEN = 'Ab3_-'.repeat(8) + 'xyz'

describe('subscriptionPoll', () => {
  it('takes apps’ polls of every format, with or without a query', () => {
    expect(subscriptionPoll('GET', `/api/subscription/12/${TOKEN}`, { 'user-agent': 'Happ/3.4.1' })).toEqual({ user: '12', token: TOKEN, suffix: undefined })
    expect(subscriptionPoll('GET', `/api/subscription/12/${TOKEN}/clash?flag=1`, {})).toEqual({ user: '12', token: TOKEN, suffix: 'clash' })
    // A browser asking for the file by its format gets the file.
    expect(subscriptionPoll('GET', `/api/subscription/12/${TOKEN}/base64`, { accept: 'text/html', 'user-agent': 'Mozilla/5.0' })?.suffix).toBe('base64')
  })

  it('leaves the rest to the route', () => {
    const browser = { accept: 'text/html,*/*', 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/142.0' }
    expect(subscriptionPoll('GET', `/api/subscription/12/${TOKEN}`, browser)).toBeNull()
    for (const url of [
      `/api/subscription/12/${TOKEN}/xml`,
      `/api/subscription/12/${TOKEN}/clash/more`,
      `/api/subscription/12/${TOKEN}/`,
      `/api/subscription/12/${TOKEN.slice(1)}`,
      `/api/subscription/1234567890/${TOKEN}`,
      `/api/subscription//${TOKEN}`,
      `/api/subscription/12/${TOKEN}%2Fclash`,
      `/en/api/subscription/12/${TOKEN}`,
    ]) {
      expect(subscriptionPoll('GET', url, {}), url).toBeNull()
    }
    expect(subscriptionPoll('POST', `/api/subscription/12/${TOKEN}`, {})).toBeNull()
    expect(subscriptionPoll('HEAD', `/api/subscription/12/${TOKEN}`, {})).toBeNull()
  })

  it('takes nothing but a user id, a token and a known format, whatever the path', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), fc.constantFrom('', '/api/subscription/', `/api/subscription/7/${TOKEN}`), (tail, head) => {
        const poll = subscriptionPoll('GET', `${head}${tail}`, {})
        if (poll) {
          expect(poll.user).toMatch(/^\d{1,9}$/)
          expect(poll.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
          expect([undefined, ...SUBSCRIPTION_FORMATS]).toContain(poll.suffix)
        }
      }),
    )
  })
})
