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

/** The currencies the site is paid in: rubles (amounts in kopecks), and Telegram Stars (amounts in whole Stars). */
export type Currency = 'RUB' | 'XTR'

/** An amount in its currency: `299 ₽`, or `250 ⭐` for Stars. */
export function formatMoney(amount: number, currency: Currency, locale: string): string {
  if (currency === 'RUB') return formatRubles(amount, locale)
  return `${new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'ru-RU').format(amount)} ⭐`
}

/** A plan's price in Telegram Stars, or null where the site's bot does not sell it for Stars (src/lib/billing/providers/stars.ts). */
export function starsPriceOf(plan: { starsPrice?: number | null; active?: boolean | null }): number | null {
  return plan.active !== false && Number.isInteger(plan.starsPrice) && Number(plan.starsPrice) > 0 ? Number(plan.starsPrice) : null
}

export type PlanTrial = { trialDays: number; trialFeeKopecks: number }

/** The trial as the plans offer it: `every` when each plan has the same one; else the cheapest (the "from" figure). */
export type TrialOffer = { days: number; feeKopecks: number; every: boolean }

export function trialOffer(plans: readonly PlanTrial[]): TrialOffer | null {
  const trials = plans.filter((plan) => plan.trialDays > 0)
  const first = trials[0]
  if (!first) return null
  const every = trials.length === plans.length && trials.every((plan) => plan.trialDays === first.trialDays && plan.trialFeeKopecks === first.trialFeeKopecks)
  const cheapest = trials.reduce((best, plan) => (plan.trialFeeKopecks < best.trialFeeKopecks ? plan : best))
  return { days: cheapest.trialDays, feeKopecks: cheapest.trialFeeKopecks, every }
}

/**
 * Kopecks from a price an editor typed in rubles: `849`, `849,00`, `849.5`, `1 290,50`, `849 ₽`.
 * Null when it is not a non-negative amount with at most two decimals.
 */
export function parseRubles(input: string): number | null {
  const text = input.replace(/[\s\u00a0\u202f]/g, '').replace(/(₽|руб\.?|р\.)$/i, '')
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text)
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

/** A stored amount as an editor types it back: `849` or `849,50` (`849.50` in English). */
export function rublesInput(kopecks: number, language: string): string {
  const rubles = Math.trunc(kopecks / 100)
  const rest = kopecks % 100
  return rest === 0 ? String(rubles) : `${rubles}${language === 'en' ? '.' : ','}${String(rest).padStart(2, '0')}`
}
