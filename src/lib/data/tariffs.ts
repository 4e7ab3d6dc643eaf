// Plans on sale, in a given language, with their derived figures (`getPlans` cached, `readPlans` not).
import type { Locale } from '@/i18n/locales'
import { isPlanMonths, planFigures, starsPriceOf } from '@/lib/billing/rules/pricing'
import type { PlanFigures } from '@/lib/billing/rules/pricing'
import { env } from '@/lib/env'

import { cachedPublic } from './cache'
import { payloadClient } from '@/edge/payload'

export type PublicPlan = PlanFigures & {
  id: number
  name: string
  trialDays: number
  trialFeeKopecks: number
  /** The trial's days count from the first device's connection (src/lib/billing/record/heldTrial.ts). */
  trialStartsOnConnect: boolean
  /** The price in Telegram Stars where the site's bot sells the plan for Stars (src/lib/billing/providers/stars.ts), else null. */
  starsPrice: number | null
  features: string[]
}

export async function readPlans(locale: Locale): Promise<PublicPlan[]> {
  const payload = await payloadClient()
  const { docs } = await payload.find({ collection: 'tariffs', overrideAccess: false, locale, depth: 0, sort: 'order', pagination: false })
  const plans = docs.flatMap((doc) => {
    const months = Number(doc.months)
    return isPlanMonths(months) ? [{ doc, months }] : []
  })
  const figures = planFigures(plans.map(({ doc, months }) => ({ months, priceKopecks: doc.priceKopecks })))
  return plans.map(({ doc }, index) => ({
    ...figures[index]!,
    id: doc.id,
    name: doc.name,
    trialDays: doc.trialDays,
    trialFeeKopecks: doc.trialFeeKopecks,
    trialStartsOnConnect: Boolean(doc.trialStartsOnConnect),
    starsPrice: starsPriceOf(doc),
    features: (doc.features ?? []).map((feature) => feature.text),
  }))
}

export const getPlans = cachedPublic('plans', readPlans)

/**
 * Whether VIP can be bought here: plans exist and a payment provider takes payments (or its local double does, off
 * production). Until then the site makes no VIP claims and no calls to buy (the home banner, the menu's plans link).
 */
export async function sellsVip(locale: Locale): Promise<boolean> {
  return env().billing !== 'disabled' && (await getPlans(locale)).length > 0
}
