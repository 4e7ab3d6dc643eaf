import { randomInt } from 'node:crypto'

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { giftDescription } from '@/lib/gift'
import { giftMail } from '@/lib/gift/mail'
import { displayGiftCode, GIFT_CODE_LENGTH, giftDays, giftState, newGiftCode, normalizeGiftCode } from '@/lib/gift/rules'

describe('gift codes', () => {
  it('are 16 characters that cannot be misread, shown in groups of four and read back however typed', () => {
    const code = newGiftCode(randomInt)
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{16}$/)
    const shown = displayGiftCode(code)
    expect(shown).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/)
    expect(normalizeGiftCode(` ${shown.toLowerCase()} `)).toBe(code)
    expect(normalizeGiftCode(shown.replaceAll('-', ' '))).toBe(code)
  })

  it('refuse anything else before it is looked up', () => {
    for (const bad of ['', 'ABCD', 'ABCD-EFGH-JKMN-PQR0', 'ABCD-EFGH-JKMN-PQRI', "ABCD' OR 1=1 --", null, 7]) expect(normalizeGiftCode(bad)).toBeNull()
  })

  it('a property: whatever is typed, a code that passes is exactly 16 safe characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (typed) => {
        const code = normalizeGiftCode(typed)
        if (code !== null) expect(code).toMatch(new RegExp(`^[A-HJ-NP-Z2-9]{${GIFT_CODE_LENGTH}}$`))
      }),
    )
  })
})

describe('redeeming', () => {
  const now = new Date('2026-11-30T12:00:00Z')

  it('starts a subscription for the period with no renewal', () => {
    expect(giftState(3, now)).toEqual({ status: 'active', trialEndsAt: null, currentPeriodEnd: '2027-02-28T12:00:00.000Z', nextPaymentAt: null, cancelAtPeriodEnd: true })
  })

  it('adds the calendar months after a live subscription’s paid end, or after now once it has passed', () => {
    expect(giftDays('2026-12-31T12:00:00.000Z', 1, now)).toBe(31)
    expect(giftDays('2027-01-31T12:00:00.000Z', 1, now)).toBe(28)
    expect(giftDays('2026-11-01T00:00:00.000Z', 12, now)).toBe(365)
  })

  it('a property: the days added always land on the same calendar day months later (or the month’s last)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 800 }), fc.constantFrom(1, 3, 6, 12), (aheadDays, months) => {
        const end = new Date(now.getTime() + aheadDays * 86_400_000)
        const days = giftDays(end.toISOString(), months, now)
        expect(days).toBeGreaterThanOrEqual(months * 28)
        expect(days).toBeLessThanOrEqual(months * 31 + 1)
      }),
    )
  })

  it('tells the payer it is one payment without renewal, in their language, within YooKassa’s 128 characters', () => {
    expect(giftDescription(3, 79_900, 'ru')).toMatch(/^Подарок: VIP на 3 мес\., 799\s₽ один раз, без автопродления$/)
    expect(giftDescription(1, 29_900, 'en')).toBe('Gift: VIP for 1 month, ₽299 once, no auto-renewal')
    expect(giftDescription(12, 249_900, 'ru').length).toBeLessThanOrEqual(128)
  })
})

describe('the buyer’s e-mail', () => {
  it('gives the code on a line of its own, the site’s link, and the bot’s where the site has one, in the buyer’s language', async () => {
    const base = { siteName: 'VPN ключи', code: 'K7M2-X9QA-B3C4-D5E6', link: 'https://vpn.example/gift?code=K7M2X9QAB3C4D5E6', plan: '1 месяц', months: 1 }
    const ru = await giftMail({ ...base, locale: 'ru', botLink: 'https://t.me/vpn_bot?start=gift-K7M2X9QAB3C4D5E6' })
    expect(ru.subject).toBe('Подарок: VIP-подписка на сайте VPN ключи')
    expect(ru.text.split('\n')).toEqual(expect.arrayContaining(['K7M2-X9QA-B3C4-D5E6', `Активировать подарок: ${base.link}`, 'Или в Telegram: https://t.me/vpn_bot?start=gift-K7M2X9QAB3C4D5E6']))
    const en = await giftMail({ ...base, locale: 'en', plan: '1 month' })
    expect(en.subject).toBe('Your gift: a VIP subscription at VPN ключи')
    expect(en.text).not.toContain('Telegram')
    expect(en.html).toContain('K7M2-X9QA-B3C4-D5E6')
  })
})
