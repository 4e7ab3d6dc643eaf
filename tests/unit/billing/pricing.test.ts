import { describe, expect, it } from 'vitest'

import { formatRubles, parseRubles, planFigures, rublesInput, trialOffer } from '@/lib/billing/rules/pricing'

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

describe('trial offer', () => {
  const trial = (trialDays: number, trialFeeKopecks: number) => ({ trialDays, trialFeeKopecks })

  it('is the same on every plan, or else the cheapest one as a "from" figure', () => {
    expect(trialOffer([trial(10, 100), trial(10, 100)])).toEqual({ days: 10, feeKopecks: 100, every: true })
    expect(trialOffer([trial(10, 100), trial(7, 5_000)])).toEqual({ days: 10, feeKopecks: 100, every: false })
    expect(trialOffer([trial(0, 100), trial(3, 1_000)])).toEqual({ days: 3, feeKopecks: 1_000, every: false })
  })

  it('is none when no plan has a trial', () => {
    expect(trialOffer([trial(0, 100)])).toBeNull()
    expect(trialOffer([])).toBeNull()
  })
})

describe('rubles typed by editors', () => {
  it('reads rubles with kopecks as decimals, a comma or a point, spaces and a ruble sign', () => {
    expect(parseRubles('849')).toBe(84_900)
    expect(parseRubles('849,00')).toBe(84_900)
    expect(parseRubles('849,5')).toBe(84_950)
    expect(parseRubles('849.05')).toBe(84_905)
    expect(parseRubles(' 1 290,50 ₽')).toBe(129_050)
    expect(parseRubles('1\u00a0290')).toBe(129_000)
    expect(parseRubles('0')).toBe(0)
  })

  it('refuses what is not an amount', () => {
    for (const input of ['', ' ', '-5', '849,555', '8,4,9', 'abc', '1e3', '849 руб 50']) expect(parseRubles(input), input).toBeNull()
  })

  it('writes the stored amount back as it is typed, in the editor’s language', () => {
    expect(rublesInput(84_900, 'ru')).toBe('849')
    expect(rublesInput(84_950, 'ru')).toBe('849,50')
    expect(rublesInput(84_905, 'en')).toBe('849.05')
    for (const kopecks of [0, 1, 100, 84_950, 129_005]) expect(parseRubles(rublesInput(kopecks, 'ru'))).toBe(kopecks)
  })
})
