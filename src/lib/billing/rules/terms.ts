// What a buyer is told wherever money is promised (the purchase form, the payment page, the success page, the
// activation e-mail): what is paid today, and what auto-renewal then charges, from when and how often, with how to
// cancel. The figures come from the plan before paying and from the subscription's record after; never typed twice.
import { createTranslator } from 'next-intl'

import type { Locale } from '@/i18n/locales'
import en from '@/i18n/messages/en.json'
import ru from '@/i18n/messages/ru.json'
import { firstPurchase } from '@/lib/promo/rules'
import type { PromoOffer } from '@/lib/promo/rules'

import { formatMoney } from './pricing'
import type { Currency } from './pricing'
import { firstPeriod, TRIAL_HOLD_MAX_DAYS } from './renewalPlan'

export type ChargeTerms = {
  /** Paid now: the trial fee, or the first period's price. */
  todayKopecks: number
  /** The first automatic charge (ISO). */
  renewsAt: string
  renewalKopecks: number
  /** How often it repeats. */
  months: number
  /** Rubles unless said (the amounts are then whole Telegram Stars). */
  currency?: Currency
  /** A trial of this many days that starts at the first connection (heldTrial.ts): its dates are not known yet. */
  heldTrialDays?: number
}

export type TermsPlan = { priceKopecks: number; months: number | string; trialDays: number; trialFeeKopecks: number; trialStartsOnConnect?: boolean | null }

/**
 * The terms of buying `plan` at `now`: with its trial when the trial is the buyer's (a first subscription), else at the
 * full price; with a promo code's offer, what the code makes of the first payment (src/lib/promo/rules.ts).
 */
export function purchaseTerms(plan: TermsPlan, { trial, now, offer = null }: { trial: boolean; now: Date; offer?: PromoOffer | null }): ChargeTerms {
  const months = Number(plan.months)
  const first = firstPurchase(plan, { trial, offer })
  // A trial that starts at the first connection: renewal comes at the latest after the longest wait and its days.
  const held = first.trialDays > 0 && Boolean(plan.trialStartsOnConnect)
  const period = firstPeriod(now.toISOString(), { trialDays: held ? first.trialDays + TRIAL_HOLD_MAX_DAYS : first.trialDays, months, extraDays: first.extraDays })
  return { todayKopecks: first.todayKopecks, renewsAt: period.currentPeriodEnd ?? now.toISOString(), renewalKopecks: plan.priceKopecks, months, ...(held ? { heldTrialDays: first.trialDays } : {}) }
}

/** A date as the site states it in money matters: long, in Moscow time (`6 декабря 2026 г.`, `December 6, 2026`). */
export function billingDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Moscow' }).format(new Date(iso))
}

const translator = (locale: Locale) => createTranslator({ locale, messages: locale === 'en' ? en : ru, namespace: 'Terms' })

/** `full` for pages and mail (with how to cancel); `short` for a payment's description (YooKassa allows 128 characters). */
export function termsText(terms: ChargeTerms, locale: Locale, length: 'full' | 'short' = 'full'): string {
  if (terms.heldTrialDays) {
    return translator(locale)(length === 'full' ? 'fullHeld' : 'shortHeld', {
      today: formatMoney(terms.todayKopecks, terms.currency ?? 'RUB', locale),
      days: terms.heldTrialDays,
      wait: TRIAL_HOLD_MAX_DAYS,
      price: formatMoney(terms.renewalKopecks, terms.currency ?? 'RUB', locale),
      months: terms.months,
    })
  }
  return translator(locale)(length, {
    today: formatMoney(terms.todayKopecks, terms.currency ?? 'RUB', locale),
    date: billingDate(terms.renewsAt, locale),
    price: formatMoney(terms.renewalKopecks, terms.currency ?? 'RUB', locale),
    months: terms.months,
  })
}

/** The trial fee's line on a provider's invoice: `Пробный период: 10 дней`. */
export function trialItemName(days: number, locale: Locale): string {
  return translator(locale)('trialItem', { days })
}

/** A first period paid today with a promo code, on a provider's invoice: `Первый период: 1 месяц + 7 дней (промокод VESNA)`. */
export function firstPeriodItemName({ months, extraDays, code }: { months: number; extraDays: number; code: string | null }, locale: Locale): string {
  return translator(locale)('firstPeriodItem', { months, extraDays, code: code ?? 'none' })
}
