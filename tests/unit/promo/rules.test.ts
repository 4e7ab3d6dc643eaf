import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { purchaseTerms } from '@/lib/billing/rules/terms'
import { firstPurchase, MAX_PROMO_DAYS, MIN_FIRST_PAYMENT_KOPECKS, normalizePromoCode, promoRefusal, starsFirstPurchase } from '@/lib/promo/rules'
import type { PromoOffer, PromoRule } from '@/lib/promo/rules'

const plan = fc.record({
  priceKopecks: fc.integer({ min: 100, max: 10_000_000 }),
  trialDays: fc.integer({ min: 0, max: 30 }),
  trialFeeKopecks: fc.integer({ min: 0, max: 100_000 }),
  months: fc.constantFrom(1, 3, 6, 12),
})

const offer: fc.Arbitrary<PromoOffer> = fc.oneof(
  fc.record({ kind: fc.constant('percent' as const), percentOff: fc.oneof(fc.integer({ min: 1, max: 100 }), fc.double({ min: -50, max: 150, noNaN: true })) }),
  fc.record({ kind: fc.constant('amount' as const), amountOffKopecks: fc.oneof(fc.integer({ min: 0, max: 20_000_000 }), fc.double({ min: -1e6, max: 1e8, noNaN: true })) }),
  fc.record({ kind: fc.constant('days' as const), extraDays: fc.integer({ min: -10, max: 1000 }) }),
  fc.record({ kind: fc.constant('trial' as const), trialDays: fc.integer({ min: -10, max: 1000 }) }),
)

describe('the first payment with a promo code', () => {
  it('is whole kopecks, never below zero, never above the price, and the discount is exactly what is taken off', () => {
    fc.assert(
      fc.property(plan, fc.boolean(), fc.option(offer, { nil: null }), (bought, trial, code) => {
        const first = firstPurchase(bought, { trial, offer: code })
        expect(Number.isSafeInteger(first.todayKopecks)).toBe(true)
        expect(Number.isSafeInteger(first.discountKopecks)).toBe(true)
        expect(first.todayKopecks).toBeGreaterThanOrEqual(0)
        expect(first.discountKopecks).toBeGreaterThanOrEqual(0)
        const full = first.trialDays > 0 ? bought.trialFeeKopecks : bought.priceKopecks
        expect(first.todayKopecks + first.discountKopecks).toBe(full)
        expect(first.extraDays).toBeGreaterThanOrEqual(0)
        expect(first.extraDays).toBeLessThanOrEqual(MAX_PROMO_DAYS)
        expect(first.trialDays).toBeLessThanOrEqual(Math.max(bought.trialDays, MAX_PROMO_DAYS))
      }),
    )
  })

  it('money off leaves at least the least a provider saves a card with, pays today with no trial, and never more than the percentage leaves', () => {
    fc.assert(
      fc.property(plan, fc.boolean(), fc.integer({ min: 1, max: 100 }), (bought, trial, percentOff) => {
        const first = firstPurchase(bought, { trial, offer: { kind: 'percent', percentOff } })
        expect(first.trialDays).toBe(0)
        expect(first.todayKopecks).toBeGreaterThanOrEqual(Math.min(bought.priceKopecks, MIN_FIRST_PAYMENT_KOPECKS))
        const exact = (bought.priceKopecks * (100 - percentOff)) / 100
        if (exact >= MIN_FIRST_PAYMENT_KOPECKS) {
          expect(first.todayKopecks).toBeLessThanOrEqual(exact)
          expect(first.todayKopecks).toBeGreaterThan(exact - 1)
        }
      }),
    )
    expect(firstPurchase({ priceKopecks: 29_900, trialDays: 10, trialFeeKopecks: 100 }, { trial: true, offer: { kind: 'percent', percentOff: 25 } })).toEqual({ trialDays: 0, todayKopecks: 22_425, extraDays: 0, discountKopecks: 7_475 })
    expect(firstPurchase({ priceKopecks: 29_999, trialDays: 0, trialFeeKopecks: 0 }, { trial: false, offer: { kind: 'percent', percentOff: 33 } }).todayKopecks).toBe(20_099)
    expect(firstPurchase({ priceKopecks: 29_900, trialDays: 0, trialFeeKopecks: 0 }, { trial: false, offer: { kind: 'amount', amountOffKopecks: 50_000 } }).todayKopecks).toBe(MIN_FIRST_PAYMENT_KOPECKS)
  })

  it('the terms a buyer is shown say what the first payment is, and when renewal charges the full price', () => {
    fc.assert(
      fc.property(plan, fc.boolean(), fc.option(offer, { nil: null }), fc.date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }), (bought, trial, code, now) => {
        const terms = purchaseTerms(bought, { trial, now, offer: code })
        const first = firstPurchase(bought, { trial, offer: code })
        expect(terms.todayKopecks).toBe(first.todayKopecks)
        expect(terms.renewalKopecks).toBe(bought.priceKopecks)
        expect(Date.parse(terms.renewsAt)).toBeGreaterThan(now.getTime())
      }),
    )
    const now = new Date('2026-12-01T09:00:00Z')
    const monthly = { priceKopecks: 29_900, months: 1, trialDays: 10, trialFeeKopecks: 100 }
    expect(purchaseTerms(monthly, { trial: false, now, offer: { kind: 'days', extraDays: 7 } })).toMatchObject({ todayKopecks: 29_900, renewsAt: '2027-01-08T09:00:00.000Z' })
    expect(purchaseTerms(monthly, { trial: true, now, offer: { kind: 'trial', trialDays: 30 } })).toMatchObject({ todayKopecks: 100, renewsAt: '2026-12-31T09:00:00.000Z' })
    // A longer trial is never a shorter one, and is nothing for a buyer who has had the trial.
    expect(purchaseTerms(monthly, { trial: true, now, offer: { kind: 'trial', trialDays: 3 } }).renewsAt).toBe('2026-12-11T09:00:00.000Z')
    expect(purchaseTerms(monthly, { trial: false, now, offer: { kind: 'trial', trialDays: 30 } })).toMatchObject({ todayKopecks: 29_900, renewsAt: '2027-01-01T09:00:00.000Z' })
  })
})

describe('a first purchase in Telegram Stars with a promo code', () => {
  it('is whole Stars, at least one, never more than the price; money off is the same share as of the rubles price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 10_000_000 }), fc.integer({ min: 1, max: 10_000 }), offer, (priceKopecks, stars, code) => {
        const first = starsFirstPurchase({ priceKopecks, stars }, code)
        if (code.kind === 'trial') {
          expect(first).toBeNull()
          return
        }
        expect(first).not.toBeNull()
        expect(Number.isSafeInteger(first!.stars)).toBe(true)
        expect(first!.stars).toBeGreaterThanOrEqual(1)
        expect(first!.stars + first!.discountStars).toBe(stars)
        expect(first!.discountStars).toBeGreaterThanOrEqual(0)
      }),
    )
    expect(starsFirstPurchase({ priceKopecks: 29_900, stars: 250 }, { kind: 'percent', percentOff: 25 })).toEqual({ stars: 187, extraDays: 0, discountStars: 63 })
    expect(starsFirstPurchase({ priceKopecks: 29_900, stars: 250 }, { kind: 'amount', amountOffKopecks: 14_950 })).toEqual({ stars: 125, extraDays: 0, discountStars: 125 })
    expect(starsFirstPurchase({ priceKopecks: 29_900, stars: 250 }, { kind: 'days', extraDays: 7 })).toEqual({ stars: 250, extraDays: 7, discountStars: 0 })
    expect(starsFirstPurchase({ priceKopecks: 29_900, stars: 250 }, { kind: 'percent', percentOff: 100 })).toMatchObject({ stars: 1 })
  })
})

describe('a promo code as typed', () => {
  it('is the same code whatever its case, spaces and dashes; anything else is not looked up', () => {
    expect(normalizePromoCode(' spring-25 ')).toBe('SPRING25')
    expect(normalizePromoCode('Весна2026')).toBe('ВЕСНА2026')
    expect(normalizePromoCode('ab')).toBeNull()
    expect(normalizePromoCode("x' OR 1=1 --")).toBeNull()
    expect(normalizePromoCode('%00SPRING')).toBeNull()
    expect(normalizePromoCode(42)).toBeNull()
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (typed) => {
        const code = normalizePromoCode(typed)
        if (code === null) return
        expect(code).toMatch(/^[A-Z0-9А-ЯЁ]{3,32}$/)
        expect(normalizePromoCode(code)).toBe(code)
        expect(normalizePromoCode(typed.toLowerCase())).toBe(normalizePromoCode(typed.toUpperCase()))
      }),
    )
  })
})

describe('whether a code applies', () => {
  const rule: PromoRule = { offer: { kind: 'percent', percentOff: 20 }, active: true, plans: [], startsAt: null, endsAt: null, maxUses: null, maxUsesPerBuyer: 1, firstPurchaseOnly: false }
  const now = new Date('2026-12-01T00:00:00Z')
  const context = { planId: 1, planHasTrial: true, now, usesTotal: 0, buyer: null }

  it('gives a stranger one answer for a code switched off, not started, ended or used up', () => {
    expect(promoRefusal(rule, context)).toBeNull()
    expect(promoRefusal({ ...rule, active: false }, context)).toBe('invalid')
    expect(promoRefusal({ ...rule, startsAt: '2026-12-02T00:00:00Z' }, context)).toBe('invalid')
    expect(promoRefusal({ ...rule, endsAt: '2026-12-01T00:00:00Z' }, context)).toBe('invalid')
    expect(promoRefusal({ ...rule, maxUses: 5 }, { ...context, usesTotal: 5 })).toBe('invalid')
    expect(promoRefusal({ ...rule, maxUses: 5 }, { ...context, usesTotal: 4 })).toBeNull()
  })

  it('says when the plan is not the code’s, and the buyer’s own reasons only to the buyer', () => {
    expect(promoRefusal({ ...rule, plans: [2, 3] }, context)).toBe('notForPlan')
    expect(promoRefusal({ ...rule, plans: [1] }, context)).toBeNull()
    expect(promoRefusal({ ...rule, offer: { kind: 'trial', trialDays: 30 } }, { ...context, planHasTrial: false })).toBe('notForPlan')
    expect(promoRefusal(rule, { ...context, buyer: { uses: 1, firstPurchase: true } })).toBe('usedByYou')
    expect(promoRefusal({ ...rule, maxUsesPerBuyer: null }, { ...context, buyer: { uses: 3, firstPurchase: true } })).toBeNull()
    expect(promoRefusal({ ...rule, firstPurchaseOnly: true }, { ...context, buyer: { uses: 0, firstPurchase: false } })).toBe('firstPurchaseOnly')
    expect(promoRefusal({ ...rule, offer: { kind: 'trial', trialDays: 30 } }, { ...context, buyer: { uses: 0, firstPurchase: false } })).toBe('trialNotYours')
  })
})
