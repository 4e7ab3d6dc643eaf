// Password guesses as the limiters count them (src/lib/http/rateLimit.ts), in the shared table every instance reads:
// ten per account from one address, thirty per address whatever the account, a hundred per account an hour from
// everywhere, which pauses password login for that account only. The e2e suite drives the first two through the
// login route and the page (tests/e2e/security.spec.ts) and starts from a used-up hundred for the third.
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { testPayload } from '../helpers/payload'

let payload: Payload

beforeAll(async () => {
  payload = await testPayload()
})

const address = (index: number) => `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`

describe('password guesses', () => {
  it('pause password login for an account after a hundred an hour from everywhere, and only for that account', async () => {
    const { consumePasswordAttempt } = await import('@/lib/http/rateLimit')
    const email = `guessed-${Date.now()}@mail.example.com`
    const answers = []
    for (let index = 0; index < 101; index += 1) answers.push(await consumePasswordAttempt(payload, { email, ip: address(index) }))
    expect(answers.slice(0, 100).every((answer) => answer.ok)).toBe(true)
    expect(answers[100]).toMatchObject({ ok: false, passwordPaused: true })
    // The same account in other letters is the same account; another account is not held back.
    expect(await consumePasswordAttempt(payload, { email: email.toUpperCase(), ip: address(300) })).toMatchObject({ ok: false, passwordPaused: true })
    expect(await consumePasswordAttempt(payload, { email: `other-${email}`, ip: address(300) })).toEqual({ ok: true })
  })

  it('stop ten per account from one address, and thirty per address, without pausing the account', async () => {
    const { clearPasswordAttempts, consumePasswordAttempt } = await import('@/lib/http/rateLimit')
    const email = `owner-${Date.now()}@mail.example.com`
    const ip = address(400)
    const fromOne = []
    for (let index = 0; index < 11; index += 1) fromOne.push(await consumePasswordAttempt(payload, { email, ip }))
    expect(fromOne.slice(0, 10).every((answer) => answer.ok)).toBe(true)
    expect(fromOne[10]).toMatchObject({ ok: false, passwordPaused: false })
    // A successful login clears the account's count from that address.
    await clearPasswordAttempts(payload, { email, ip })
    expect(await consumePasswordAttempt(payload, { email, ip })).toEqual({ ok: true })
    // One address walking through accounts: thirty in all (twelve used above), then refused whatever the account.
    const walker = []
    for (let index = 0; index < 19; index += 1) walker.push(await consumePasswordAttempt(payload, { email: `walk-${index}-${email}`, ip }))
    expect(walker.slice(0, 18).every((answer) => answer.ok)).toBe(true)
    expect(walker[18]).toMatchObject({ ok: false, passwordPaused: false })
  })
})
