import { randomInt } from 'node:crypto'

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { shiftedState } from '@/lib/billing/record/freeDays'
import { rememberReferral } from '@/islands/referralLink'
import { paymentOfRefund } from '@/lib/referral'
import { decideReward, mailbox, methodFingerprints, moscowMonthStart, newReferralCode, normalizeReferralCode, REFERRAL_COOKIE, sameOwnerEmails, shiftedEnd } from '@/lib/referral/rules'
import type { ReferralParty } from '@/lib/referral/rules'

const DAY = 86_400_000
const party = (over: Partial<ReferralParty> = {}): ReferralParty => ({ userId: 1, email: 'anna@mail.ru', methods: [], devices: [], ...over })
const SETTINGS = { days: 7, monthlyCap: 2 }

describe('referral codes', () => {
  it('are 8 letters and digits that cannot be misread, and read back in any case', () => {
    const code = newReferralCode(randomInt)
    expect(code).toMatch(/^[a-z2-9]{8}$/)
    expect(code).not.toMatch(/[01ilo]/)
    expect(normalizeReferralCode(` ${code.toUpperCase()} `)).toBe(code)
  })

  it('refuse anything else before it is looked up', () => {
    for (const bad of ['', 'short', 'k7m2x9qa0', 'k7m2x9q!', "k7m2x9q'", 'k7m2x9qo', null, 42, 'k7m2x9qa'.repeat(6)]) expect(normalizeReferralCode(bad)).toBeNull()
  })

  it('a property: whatever a link carries, a code that passes is 8 safe characters (nothing else reaches the database or the cookie)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (typed) => {
        const code = normalizeReferralCode(typed)
        if (code !== null) expect(code).toMatch(/^[a-hjkmnp-z2-9]{8}$/)
      }),
    )
  })
})

describe('one person’s addresses', () => {
  it('folds a mailbox’s aliases: case, +tags, Gmail’s dots and domains, Yandex’s domains', () => {
    expect(mailbox('Ivan.Petrov+vpn@GMail.com')).toBe('ivanpetrov@gmail.com')
    expect(mailbox('ivan.petrov@googlemail.com')).toBe('ivanpetrov@gmail.com')
    expect(mailbox('ivan.petrov@ya.ru')).toBe('ivan-petrov@yandex.ru')
    expect(sameOwnerEmails('ivan-petrov@yandex.com', 'Ivan.Petrov@ya.ru')).toBe(true)
  })

  it('takes names on one’s own domain that differ only in digits and separators as one person’s, and real friends as two', () => {
    expect(sameOwnerEmails('ivan.petrov1@petrov.family', 'ivanpetrov2@petrov.family')).toBe(true)
    // On a public mail service, two Ivans with their birth years are two people.
    expect(sameOwnerEmails('ivan1990@mail.ru', 'ivan1985@mail.ru')).toBe(false)
    expect(sameOwnerEmails('anna@mail.ru', 'boris@mail.ru')).toBe(false)
    expect(sameOwnerEmails('anna@mail.ru', 'anna@bk.ru')).toBe(false)
    expect(sameOwnerEmails('12345@mail.ru', '67890@mail.ru')).toBe(false)
  })

  it('a property: any +tag or case change of an address is the same person', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z][a-z0-9]{0,10}$/), fc.stringMatching(/^[a-z0-9]{1,8}$/), fc.constantFrom('mail.ru', 'gmail.com', 'example.org'), (name, tag, domain) => {
        expect(sameOwnerEmails(`${name}@${domain}`, `${name.toUpperCase()}+${tag}@${domain}`)).toBe(true)
      }),
    )
  })
})

describe('the reward', () => {
  const referrer = party({ userId: 1, email: 'anna@mail.ru', methods: ['card:visa:4242:12/30'], devices: ['hw-a'] })
  const friend = party({ userId: 2, email: 'boris@gmail.com', methods: ['card:mir:1111:01/29'], devices: ['hw-b'] })

  it('gives both sides the days for a real friend', () => {
    expect(decideReward({ referrer, friend, refunded: false, rewardsThisMonth: 0 }, SETTINGS)).toEqual({ ok: true, friendDays: 7, referrerDays: 7, capped: false })
  })

  it('gives nothing for one’s own second account: the same account, mailbox, payment method or device', () => {
    const decide = (other: ReferralParty) => decideReward({ referrer, friend: other, refunded: false, rewardsThisMonth: 0 }, SETTINGS)
    expect(decide({ ...friend, userId: 1 })).toEqual({ ok: false, refusal: 'self' })
    expect(decide({ ...friend, email: 'Anna+2@mail.ru' })).toEqual({ ok: false, refusal: 'sameEmail' })
    expect(decide({ ...friend, email: 'a.n.n.a@mail.ru' })).toMatchObject({ ok: true })
    expect(decide({ ...friend, methods: ['card:visa:4242:12/30'] })).toEqual({ ok: false, refusal: 'sameMethod' })
    expect(decide({ ...friend, devices: ['hw-b', 'hw-a'] })).toEqual({ ok: false, refusal: 'sameDevice' })
  })

  it('reads nothing into two Telegram-only accounts’ placeholder addresses', () => {
    expect(decideReward({ referrer: { ...referrer, email: null }, friend: { ...friend, email: null }, refunded: false, rewardsThisMonth: 0 }, SETTINGS)).toMatchObject({ ok: true })
  })

  it('gives nothing for a refunded payment, or while editors have rewards off', () => {
    expect(decideReward({ referrer, friend, refunded: true, rewardsThisMonth: 0 }, SETTINGS)).toEqual({ ok: false, refusal: 'refunded' })
    expect(decideReward({ referrer, friend, refunded: false, rewardsThisMonth: 0 }, { days: 0, monthlyCap: 2 })).toEqual({ ok: false, refusal: 'off' })
  })

  it('past the referrer’s monthly cap, only the friend gets days', () => {
    expect(decideReward({ referrer, friend, refunded: false, rewardsThisMonth: 2 }, SETTINGS)).toEqual({ ok: true, friendDays: 7, referrerDays: 0, capped: true })
  })

  it('names a card by brand, last four and expiry, and a saved method by its id', () => {
    expect(methodFingerprints({ kind: 'card', brand: 'VISA', last4: '4242', validUntil: '12/30', id: 'pm_1' })).toEqual(['card:visa:4242:12/30', 'id:pm_1'])
    expect(methodFingerprints({ kind: 'sbp' })).toEqual([])
  })
})

describe('days given and taken back', () => {
  const now = new Date('2026-11-30T12:00:00Z')

  it('adds days after the paid period, or from now once it has passed', () => {
    expect(shiftedEnd('2026-12-10T12:00:00.000Z', 7, now).toISOString()).toBe('2026-12-17T12:00:00.000Z')
    expect(shiftedEnd('2026-11-01T00:00:00.000Z', 7, now).toISOString()).toBe('2026-12-07T12:00:00.000Z')
  })

  it('takes days back down to now at the least', () => {
    expect(shiftedEnd('2026-12-10T12:00:00.000Z', -7, now).toISOString()).toBe('2026-12-03T12:00:00.000Z')
    expect(shiftedEnd('2026-12-03T12:00:00.000Z', -7, now).toISOString()).toBe(now.toISOString())
  })

  it('a property: given and then taken back, an end that stays ahead of now is where it was', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 1, max: 90 }), (aheadDays, days) => {
        const end = new Date(now.getTime() + aheadDays * DAY).toISOString()
        const given = shiftedEnd(end, days, now)
        expect(shiftedEnd(given.toISOString(), -days, now).toISOString()).toBe(end)
      }),
    )
  })

  it('moves the next charge and a trial’s end with the period, restores a declined one, and leaves an ended one', () => {
    const active = { status: 'past_due' as const, trialEndsAt: null, currentPeriodEnd: '2026-12-10T12:00:00.000Z', nextPaymentAt: '2026-12-10T12:00:00.000Z', cancelAtPeriodEnd: false }
    expect(shiftedState(active, 7, now)).toMatchObject({ status: 'active', currentPeriodEnd: '2026-12-17T12:00:00.000Z', nextPaymentAt: '2026-12-17T12:00:00.000Z' })
    const trial = { ...active, status: 'trialing' as const, trialEndsAt: active.currentPeriodEnd }
    expect(shiftedState(trial, 7, now)).toMatchObject({ status: 'trialing', trialEndsAt: '2026-12-17T12:00:00.000Z' })
    expect(shiftedState({ ...active, cancelAtPeriodEnd: true, nextPaymentAt: null }, 7, now)).toMatchObject({ nextPaymentAt: null })
    // Telegram charges a Stars subscription on its own date: the days move the end, not the charge.
    expect(shiftedState(active, 7, now, { chargeStays: true })).toMatchObject({ currentPeriodEnd: '2026-12-17T12:00:00.000Z', nextPaymentAt: active.nextPaymentAt })
    expect(shiftedState({ ...active, status: 'cancelled' }, 7, now)).toBeNull()
  })

  it('counts the cap per Moscow calendar month', () => {
    expect(moscowMonthStart(new Date('2026-11-30T20:59:00Z')).toISOString()).toBe('2026-10-31T21:00:00.000Z')
    expect(moscowMonthStart(new Date('2026-11-30T21:00:00Z')).toISOString()).toBe('2026-11-30T21:00:00.000Z')
  })

  it('finds the payment a refund names, for each provider’s reference', () => {
    expect(paymentOfRefund('refund:2f3a-yk:15000')).toBe('2f3a-yk')
    expect(paymentOfRefund('refund:in_123:re_456')).toBe('in_123')
    expect(paymentOfRefund('refund:stars:abc:stars')).toBe('stars:abc')
    expect(paymentOfRefund('in_123')).toBeNull()
  })
})

describe('the link’s cookie', () => {
  it('keeps a link’s code for 30 days, Secure on HTTPS, and nothing for a code that is not one', () => {
    const doc = { cookie: '' }
    expect(rememberReferral({ search: '?ref=K7M2X9QA', protocol: 'https:' }, doc)).toBe('k7m2x9qa')
    expect(doc.cookie).toBe(`${REFERRAL_COOKIE}=k7m2x9qa; Max-Age=2592000; Path=/; SameSite=Lax; Secure`)
    const other = { cookie: '' }
    expect(rememberReferral({ search: '?ref=k7m2x9qa%3B%20Domain%3Devil.example', protocol: 'http:' }, other)).toBeNull()
    expect(other.cookie).toBe('')
  })
})
