// The Stars invoice's signed payload (src/lib/billing/providers/stars.ts): what the site signed reads back as it was; anything
// else, however made, reads as no invoice of the site's, and never throws.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { mailsOf } from '@/lib/billing/rules/mails'
import { formatMoney } from '@/lib/billing/rules/pricing'
import { readInvoice, signInvoice } from '@/lib/billing/providers/stars'

const SECRET = 'a-secret-for-the-invoices'
const invoice = { tariffId: 3, stars: 230, months: 1, telegramId: 7_123_456_789, issuedAt: 1_795_000_000, promo: { id: 12, extraDays: 7 } }

describe('Stars invoices', () => {
  it('read back as signed, within Telegram’s 128 bytes, and only under the secret they were signed with', () => {
    fc.assert(
      fc.property(
        fc.record({
          tariffId: fc.integer({ min: 1, max: 999_999_999 }),
          stars: fc.integer({ min: 1, max: 10_000 }),
          months: fc.constantFrom(1, 3, 6, 12),
          telegramId: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
          issuedAt: fc.integer({ min: 0, max: 4_000_000_000 }),
          // A promo code's id and the days it adds (src/lib/promo), or none.
          promo: fc.option(fc.record({ id: fc.integer({ min: 1, max: 999_999_999 }), extraDays: fc.integer({ min: 0, max: 365 }) }), { nil: null }),
          // A gift (src/lib/gift), which never carries a code.
          gift: fc.boolean(),
        }),
        (signed) => {
          const text = signInvoice(SECRET, signed)
          expect(Buffer.byteLength(text)).toBeLessThanOrEqual(128)
          expect(readInvoice(SECRET, text)).toEqual({ ...signed, promo: signed.gift ? null : signed.promo, nonce: expect.any(String) })
          expect(readInvoice('another-secret', text)).toBeNull()
        },
      ),
    )
  })

  it('reads any change of one character, and any made-up text, as no invoice of the site’s', () => {
    const text = signInvoice(SECRET, invoice)
    fc.assert(
      fc.property(fc.nat({ max: text.length - 1 }), fc.string({ minLength: 1, maxLength: 1, unit: 'grapheme-ascii' }), (at, char) => {
        const changed = `${text.slice(0, at)}${char}${text.slice(at + 1)}`
        if (changed !== text) expect(readInvoice(SECRET, changed)).toBeNull()
      }),
    )
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (made) => {
        expect(readInvoice(SECRET, made)).toBeNull()
      }),
    )
  })

  it('names amounts in Stars as Stars, in both languages, and a one-time purchase mails nothing about renewal', () => {
    expect(formatMoney(1150, 'XTR', 'ru')).toBe('1\u00a0150 ⭐')
    expect(formatMoney(1150, 'XTR', 'en')).toBe('1,150 ⭐')
    expect(formatMoney(29_900, 'RUB', 'ru')).toBe('299\u00a0₽')
    expect(mailsOf(['activated', 'renewal_cancelled'], 'site', 'noRenewal')).toEqual(['activated'])
    expect(mailsOf(['activated', 'renewal_cancelled'], 'site')).toEqual(['activated', 'renewalCancelled'])
  })
})
