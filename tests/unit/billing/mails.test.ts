// Which e-mail a subscription's change sends has one home (src/lib/billing/rules/mails.ts): the table by step and runner,
// and the causes that change it.
import { describe, expect, it } from 'vitest'

import { mailsOf, STEP_MAIL } from '@/lib/billing/rules/mails'

describe('billing mails', () => {
  it('each step mails the same whoever charges, except a failed charge and the end', () => {
    for (const [step, mail] of Object.entries(STEP_MAIL)) {
      if (step === 'payment_failed' || step === 'expired') continue
      expect(mail.provider, step).toBe(mail.site)
    }
    // The site says when it tries again; Stripe's retries follow its own schedule.
    expect(mailsOf(['payment_failed'], 'provider')).toEqual(['paymentFailed'])
    expect(mailsOf(['payment_failed'], 'site')).toEqual(['paymentRetry'])
    // Stripe tells of the end itself; the site does for its own subscriptions.
    expect(mailsOf(['expired'], 'provider')).toEqual([])
    expect(mailsOf(['expired'], 'site')).toEqual(['expired'])
    expect(mailsOf(['cancelled'], 'site')).toEqual([])
  })

  it('a trial paid for the first time is a renewal to the subscriber, not a second activation', () => {
    expect(mailsOf(['trial_started'], 'site')).toEqual(['activated'])
    expect(mailsOf(['activated'], 'site', 'renewalCharge')).toEqual(['renewed'])
    expect(mailsOf(['activated'], 'site')).toEqual(['activated'])
  })

  it('a card unlinked says once that renewal is off; a retry declined again and the trial reminder mail without a step', () => {
    expect(mailsOf(['renewal_cancelled'], 'site', 'methodRemoved')).toEqual(['paymentMethodRemoved'])
    expect(mailsOf(['renewal_cancelled'], 'provider', 'methodRemoved')).toEqual(['paymentMethodRemoved'])
    expect(mailsOf(['renewal_cancelled'], 'site')).toEqual(['renewalCancelled'])
    expect(mailsOf([], 'site', 'declinedAgain')).toEqual(['paymentRetry'])
    expect(mailsOf([], 'provider', 'trialEnding')).toEqual(['trialEnding'])
    expect(mailsOf([], 'site')).toEqual([])
  })
})
