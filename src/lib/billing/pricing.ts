// Plan prices: the monthly price, the total and the saving against the 1-month plan are derived here,
// never typed in by editors. All amounts are integer kopecks.
export const PLAN_MONTHS = [1, 3, 6, 12] as const
export type PlanMonths = (typeof PLAN_MONTHS)[number]

export type PlanPrice = { months: PlanMonths; priceKopecks: number }

export type PlanFigures = {
  months: PlanMonths
  totalKopecks: number
  monthlyKopecks: number
  /** What the same months cost on the 1-month plan, minus this plan's price; 0 when it saves nothing. */
  savingKopecks: number
  savingPercent: number
}

export function isPlanMonths(value: unknown): value is PlanMonths {
  return PLAN_MONTHS.includes(Number(value) as PlanMonths)
}

/** Figures for every plan; the 1-month plan is the baseline (no saving shown when it is missing). */
export function planFigures(plans: readonly PlanPrice[]): PlanFigures[] {
  const base = plans.find((plan) => plan.months === 1)
  return plans.map(({ months, priceKopecks }) => {
    const monthlyKopecks = Math.round(priceKopecks / months)
    const atBasePrice = base ? base.priceKopecks * months : 0
    const savingKopecks = base ? Math.max(0, atBasePrice - priceKopecks) : 0
    const savingPercent = atBasePrice > 0 ? Math.round((savingKopecks * 100) / atBasePrice) : 0
    return { months, totalKopecks: priceKopecks, monthlyKopecks, savingKopecks, savingPercent }
  })
}

/** `299 ₽` / `₽299`, in the locale's own format; kopecks only when there are any. */
export function formatRubles(kopecks: number, locale: string): string {
  const whole = kopecks % 100 === 0
  return new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'ru-RU', {
    style: 'currency',
    currency: 'RUB',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(kopecks / 100)
}
