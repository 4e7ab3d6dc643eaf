// The subscriber's referral link on My subscription, with what it brought (src/lib/referral).
import { getTranslations } from 'next-intl/server'

import type { Locale } from '@/i18n/locales'

export type Referral = { days: number; link: string; friends: number; rewarded: number; earnedDays: number; waitingDays: number }

export async function ReferralBox({ locale, referral }: { locale: Locale; referral: Referral }) {
  const t = await getTranslations({ locale, namespace: 'Subscription' })
  return (
    <div data-testid="referral">
      <h3>{t('referralTitle')}</h3>
      <p>{t('referralText', { days: referral.days })}</p>
      <input className="input" readOnly value={referral.link} aria-label={t('referralTitle')} data-testid="referral-link" />
      <p className="status-note" data-testid="referral-counts">
        {t('referralCounts', { friends: referral.friends, rewarded: referral.rewarded, days: referral.earnedDays })}
      </p>
      {referral.waitingDays > 0 ? (
        <p className="status-note" data-testid="referral-waiting">
          {t('referralWaiting', { days: referral.waitingDays })}
        </p>
      ) : null}
    </div>
  )
}
