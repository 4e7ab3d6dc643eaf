// Cached site settings (names, contacts, figures, banner) in a given language.
import type { Locale } from '@/i18n/locales'
import { directRouting } from '@/lib/feeds/routing'
import type { DirectRouting } from '@/lib/feeds/routing'

import { cachedPublic } from './cache'
import { withSettingsDefaults } from './siteSettings'
import { payloadClient } from '@/edge/payload'

export type PublicSettings = {
  siteName: string
  supportEmail: string
  claimedKeys: number
  claimedCountries: number
  trialBanner: { enabled: boolean; text: string | null }
  /** The speed the plans page claims, as the editors measured it; null: the message's default. */
  speedClaim: string | null
  rating: { score: number; reviews: number } | null
  /** What subscription apps send direct besides private networks. */
  routing: DirectRouting | null
  /** The shop sends 54-FZ receipts with YooKassa's payments (staff's setting; only whether it is on is public). */
  receiptsOn: boolean
}

async function readSettings(locale: Locale): Promise<PublicSettings> {
  const payload = await payloadClient()
  const [settings, own, tax] = await Promise.all([
    payload.findGlobal({ slug: 'site-settings', overrideAccess: false, locale, depth: 0 }).then(withSettingsDefaults),
    // Claims in this language only: an English page never shows the Russian claim an editor typed for Russian.
    payload.findGlobal({ slug: 'site-settings', overrideAccess: false, locale, fallbackLocale: false, depth: 0, select: { speedClaim: true } }),
    payload.findGlobal({ slug: 'site-settings', depth: 0, select: { receipts: { enabled: true } } }),
  ])
  return {
    siteName: settings.siteName,
    supportEmail: settings.supportEmail,
    claimedKeys: settings.claimedKeys,
    claimedCountries: settings.claimedCountries,
    trialBanner: { enabled: settings.trialBanner?.enabled ?? false, text: settings.trialBanner?.text ?? null },
    speedClaim: own.speedClaim?.trim() || null,
    rating: settings.rating?.score ? { score: settings.rating.score, reviews: settings.rating.reviews ?? 0 } : null,
    routing: directRouting(settings.routing, settings.routing?.changedAt),
    receiptsOn: Boolean(tax.receipts?.enabled),
  }
}

export const getSettings = cachedPublic('settings', readSettings)

