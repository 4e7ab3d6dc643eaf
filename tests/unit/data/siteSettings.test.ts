// One reading of Site settings (src/lib/data/siteSettings.ts): an empty field is its default everywhere, a value an
// editor typed is kept, 0 included.
import { describe, expect, it } from 'vitest'

import { SETTINGS_DEFAULTS, withSettingsDefaults } from '@/lib/data/siteSettings'
import type { SiteSetting } from '@/payload-types'

const stored = (fields: Partial<SiteSetting>): SiteSetting => ({ id: 1, siteName: 'VPN ключи', supportEmail: 'help@vpnkeys.test', ...fields }) as SiteSetting

describe('Site settings as the site reads them', () => {
  it('gives every empty field with a default its default', () => {
    const read = withSettingsDefaults(stored({ cancelDiscountPercent: null, referralDays: undefined, rotationTime: null }))
    expect(read).toMatchObject(SETTINGS_DEFAULTS)
    expect(read.siteName).toBe('VPN ключи')
  })

  it('keeps what editors typed, 0 too (0 days turns referral rewards off)', () => {
    const read = withSettingsDefaults(stored({ cancelDiscountPercent: 15, referralDays: 0, referralMonthlyCap: 0, rotationTime: '03:30', claimedKeys: 1200 }))
    expect(read).toMatchObject({ cancelDiscountPercent: 15, referralDays: 0, referralMonthlyCap: 0, rotationTime: '03:30', claimedKeys: 1200, claimedCountries: 50 })
  })
})
