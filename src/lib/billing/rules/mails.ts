// Which e-mail a change of a subscription sends: one table, by the steps the change recorded in the history
// (lifecycle.ts) and by who charges the renewals, plus the few changes that mail without a step of their own.
import type { BillingMailKind } from '@/lib/mail/billingTemplates'

import type { HistoryEntry } from './lifecycle'

/** Who charges the renewals: the provider on its own schedule (Stripe), or the site (YooKassa, siteRenewals.ts). */
export type RenewalRunner = 'provider' | 'site'

/** The mail each step sends, per runner; null: none. */
export const STEP_MAIL: Record<HistoryEntry, Record<RenewalRunner, BillingMailKind | null>> = {
  trial_started: { provider: 'activated', site: 'activated' },
  activated: { provider: 'activated', site: 'activated' },
  renewed: { provider: 'renewed', site: 'renewed' },
  // The site says when it tries the card again; the provider's retries follow its own settings.
  payment_failed: { provider: 'paymentFailed', site: 'paymentRetry' },
  renewal_cancelled: { provider: 'renewalCancelled', site: 'renewalCancelled' },
  renewal_resumed: { provider: 'renewalResumed', site: 'renewalResumed' },
  cancelled: { provider: null, site: null },
  // A provider-run subscription ends by the provider's word, which says it; the site's own end is the site's to tell.
  expired: { provider: null, site: 'expired' },
  // Staff's own changes: the subscriber sees them on the subscription page, without a mail.
  extended_by_editor: { provider: null, site: null },
  cancelled_by_editor: { provider: null, site: null },
  // The subscription page says from when the trial runs; the reminder before its end follows it.
  trial_started_on_connect: { provider: null, site: null },
  // The account page shows what the link earned, and the history the days.
  referral_reward: { provider: null, site: null },
  referral_taken_back: { provider: null, site: null },
  // The gift's page says it was redeemed; a new subscription's own activation mail follows its first step.
  gift_redeemed: { provider: null, site: null },
}

/**
 * What about the change, beyond its steps, decides its mail:
 * - `renewalCharge`: a renewal's payment; the trial turning into a paid period is a renewal to the subscriber;
 * - `declinedAgain`: a retry declined again, which records no new step, still says when the next try is;
 * - `trialEnding`: the reminder before the first full charge;
 * - `methodRemoved`: the saved card was unlinked; one mail says that renewal is off too;
 * - `noRenewal`: a purchase that never renews (a one-time Stars payment): its record says renewal is off, unmailed.
 */
export type MailCause = 'renewalCharge' | 'declinedAgain' | 'trialEnding' | 'methodRemoved' | 'noRenewal'

/** The mails of a change, in order: its steps', then the one its cause adds. */
export function mailsOf(history: readonly HistoryEntry[], runner: RenewalRunner, cause?: MailCause): BillingMailKind[] {
  const mails = history.flatMap((step): BillingMailKind[] => {
    if ((cause === 'methodRemoved' || cause === 'noRenewal') && step === 'renewal_cancelled') return []
    if (cause === 'renewalCharge' && step === 'activated') return ['renewed']
    const kind = STEP_MAIL[step][runner]
    return kind ? [kind] : []
  })
  if (cause === 'declinedAgain') mails.push('paymentRetry')
  if (cause === 'trialEnding') mails.push('trialEnding')
  if (cause === 'methodRemoved') mails.push('paymentMethodRemoved')
  return mails
}
