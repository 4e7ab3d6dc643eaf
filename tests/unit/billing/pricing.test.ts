import { describe, expect, it } from 'vitest'

import { formatRubles, planFigures } from '@/lib/billing/pricing'

const plans = [
  { months: 1, priceKopecks: 29_900 },
  { months: 3, priceKopecks: 79_900 },
  { months: 6, priceKopecks: 149_000 },
  { months: 12, priceKopecks: 269_000 },
] as const

describe('plan figures', () => {
  it('derives the monthly price and the saving against the 1-month plan', () => {
    const [one, three, six, twelve] = planFigures(plans)
    expect(one).toEqual({ months: 1, totalKopecks: 29_900, monthlyKopecks: 29_900, savingKopecks: 0, savingPercent: 0 })
    // 3 × 299 = 897 ₽, the plan costs 799 ₽: 98 ₽ saved, 11 %.
    expect(three).toEqual({ months: 3, totalKopecks: 79_900, monthlyKopecks: 26_633, savingKopecks: 9_800, savingPercent: 11 })
    expect(six?.savingKopecks).toBe(6 * 29_900 - 149_000)
    expect(six?.savingPercent).toBe(17)
    expect(twelve?.monthlyKopecks).toBe(22_417)
    expect(twelve?.savingPercent).toBe(25)
  })

  it('shows no saving for a plan dearer than the monthly one, or without a 1-month plan', () => {
    expect(planFigures([{ months: 1, priceKopecks: 10_000 }, { months: 3, priceKopecks: 40_000 }])[1]?.savingKopecks).toBe(0)
    expect(planFigures([{ months: 3, priceKopecks: 40_000 }])[0]).toMatchObject({ savingKopecks: 0, savingPercent: 0, monthlyKopecks: 13_333 })
  })
})

describe('rubles', () => {
  it('formats in each locale, with kopecks only when there are any', () => {
    expect(formatRubles(29_900, 'ru').replace(/\s/g, ' ')).toBe('299 ₽')
    expect(formatRubles(269_000, 'ru').replace(/\s/g, ' ')).toBe('2 690 ₽')
    expect(formatRubles(26_633, 'ru').replace(/\s/g, ' ')).toBe('266,33 ₽')
    expect(formatRubles(269_000, 'en')).toBe('₽2,690')
    expect(formatRubles(100, 'en')).toBe('₽1')
  })
})
