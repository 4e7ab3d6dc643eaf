// The one reader of Site settings for the site's code: the stored global with the defaults the admin shows applied,
// so an empty field means the same everywhere (before, the plans page read an empty cancel discount as 30 % while
// the renewal charged none, and an empty referral reward hid the link while the admin said 7 days).
import type { Payload, PayloadRequest } from 'payload'

import type { Locale } from '@/i18n/locales'
import type { SiteSetting } from '@/payload-types'

/** What an empty field means: the value a new site starts with (globals/SiteSettings uses these as its defaults). */
export const SETTINGS_DEFAULTS = {
  claimedKeys: 500,
  claimedCountries: 50,
  rotationTime: '04:00',
  cancelDiscountPercent: 30,
  referralDays: 7,
  referralMonthlyCap: 5,
} as const

type Defaulted = { [K in keyof typeof SETTINGS_DEFAULTS]: (typeof SETTINGS_DEFAULTS)[K] extends string ? string : number }

/** Site settings as the site's code reads them: every field with a default has a value. */
export type SiteSettings = Omit<SiteSetting, keyof Defaulted> & Defaulted

/** `stored` with each empty field given its default. Pure. */
export function withSettingsDefaults(stored: SiteSetting): SiteSettings {
  const filled = { ...stored } as Record<string, unknown>
  for (const [field, value] of Object.entries(SETTINGS_DEFAULTS)) if (filled[field] === null || filled[field] === undefined) filled[field] = value
  return filled as SiteSettings
}

type ReadOptions = { locale?: Locale; fallbackLocale?: false; req?: PayloadRequest; overrideAccess?: boolean }

/** Site settings in `locale` (the default language when none), defaults applied. */
export async function readSiteSettings(payload: Payload, { locale, fallbackLocale, req, overrideAccess }: ReadOptions = {}): Promise<SiteSettings> {
  const stored = await payload.findGlobal({ slug: 'site-settings', depth: 0, ...(locale ? { locale } : {}), ...(fallbackLocale === false ? { fallbackLocale } : {}), ...(req ? { req } : {}), ...(overrideAccess === false ? { overrideAccess } : {}) })
  return withSettingsDefaults(stored)
}
