// My subscription's page state, decided from the subscription and the page's address (src/lib/billing/subscriptionView.ts).
import { describe, expect, it } from 'vitest'

import { subscriptionPageView } from '@/lib/billing/subscriptionView'
import type { Subscription } from '@/payload-types'

const base = {
  id: 1,
  status: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: '2026-12-30T09:00:00.000Z',
  nextPaymentAt: '2026-12-30T09:00:00.000Z',
  provider: { name: 'yookassa' },
  renewal: { amountKopecks: 29_900, months: 1 },
  paymentMethod: { kind: 'bank_card', brand: 'mir', last4: '4242', validUntil: '12/28' },
} as unknown as Subscription
const subscription = (fields: Record<string, unknown>) => ({ ...base, ...fields }) as Subscription
const view = (fields: Record<string, unknown> = {}, query: Record<string, string> = {}) => subscriptionPageView(subscription(fields), query, 'ru')

describe('My subscription’s view', () => {
  it('a subscription that renews: the way to cancel, the next charge with its amount, the card', () => {
    expect(view()).toMatchObject({
      ended: false,
      action: 'cancel',
      offering: false,
      nextPayment: { kind: 'charge', at: '2026-12-30T09:00:00.000Z', amount: expect.stringMatching(/^299\s₽$/) },
      savedMethod: { kind: 'card', brand: 'MIR', last4: '4242', validUntil: '12/28' },
      methodToUnlink: { kind: 'card', label: 'MIR •••• 4242' },
      offerPriceKopecks: 29_900,
    })
  })

  it('opens the cancel dialog only on a subscription that renews', () => {
    expect(view({}, { cancel: '1' }).offering).toBe(true)
    expect(view({ cancelAtPeriodEnd: true }, { cancel: '1' }).offering).toBe(false)
    expect(view({ status: 'expired' }, { cancel: '1' }).offering).toBe(false)
  })

  it('with renewal off: turn it back on, unless nothing can renew it', () => {
    expect(view({ cancelAtPeriodEnd: true })).toMatchObject({ action: 'resume', nextPayment: { kind: 'none' } })
    expect(view({ cancelAtPeriodEnd: true, paymentMethod: null }).action).toBe('afterUnlink')
    expect(view({ cancelAtPeriodEnd: true, provider: { name: 'gift' } }).action).toBe('giftOnce')
    expect(view({ cancelAtPeriodEnd: true, provider: { name: 'telegram-stars' }, renewal: { stars: 750, months: 3 } }).action).toBe('starsOnce')
  })

  it('an ended subscription: buy again, no next payment, the method it used named plainly', () => {
    expect(view({ status: 'expired', paymentMethod: { kind: 'sbp' } })).toMatchObject({ action: 'subscribeAgain', nextPayment: null, savedMethod: { kind: 'used', method: 'sbp' } })
    expect(view({ paymentMethod: { kind: 'sbp' } }).savedMethod).toEqual({ kind: 'saved', method: 'sbp' })
    expect(view({ paymentMethod: null }).savedMethod).toEqual({ kind: 'none' })
  })

  it('a trial waiting for its first device: charged when the trial ends', () => {
    expect(view({ status: 'trialing', trialHold: { until: '2027-01-05T00:00:00.000Z' } })).toMatchObject({ held: true, nextPayment: { kind: 'afterTrial' } })
  })

  it('in Stars: the amount in Stars, nothing to unlink, no discount to offer a price for', () => {
    const stars = view({ provider: { name: 'telegram-stars' }, renewal: { stars: 250, months: 1 }, paymentMethod: null })
    expect(stars).toMatchObject({ inStars: true, savedMethod: { kind: 'stars' }, methodToUnlink: null, offerPriceKopecks: null })
    expect(stars.nextPayment).toMatchObject({ kind: 'charge', amount: expect.stringContaining('250') })
  })

  it('a pending discount: the next charge less it, and no second offer', () => {
    const pending = view({ renewal: { amountKopecks: 29_900, discountPercent: 30, months: 1 } })
    expect(pending.nextPayment).toMatchObject({ kind: 'charge', amount: expect.stringMatching(/^209,30\s₽$/) })
    expect(pending.offerPriceKopecks).toBeNull()
  })

  it('reads only the answers the routes send, and asks to unlink only a method there is', () => {
    expect(view({}, { renewal: 'discounted', method: 'removed', gift: 'new', remove: '1' })).toMatchObject({ renewalResult: 'discounted', methodResult: 'removed', giftResult: 'new', removing: true })
    expect(view({}, { renewal: 'hacked', method: 'x', gift: 'other' })).toMatchObject({ renewalResult: null, methodResult: null, giftResult: null })
    expect(view({ paymentMethod: null }, { remove: '1' }).removing).toBe(false)
  })
})
