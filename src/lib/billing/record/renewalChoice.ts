// The subscriber's choice about renewal (not the charging: siteRenewals.ts and the provider do that): cancelling
// auto-renewal, with the one-time discount offered first (accepting applies it at the provider, once per user, ever;
// refusing cancels renewal and the subscription runs to its period end), or resuming it.
import type { Payload, PayloadRequest } from 'payload'

import { Api } from 'grammy'

import { siteBotConfig } from '@/lib/bot/config'
import { LOCKS } from '@/lib/db/locks'
import { withTransaction } from '@/lib/db/transaction'
import type { Subscription, User } from '@/payload-types'

import { newestOwnSubscription } from './account'
import { isProviderOf } from '../index'
import { syncSubscription } from './subscriptionRecord'
import { isEnded } from '../rules/lifecycle'
import type { BillingProvider } from '../providers/provider'
import { STARS_PROVIDER } from '../providers/provider'
import { changeStarsRenewal } from '../providers/stars'
import { changeSiteRun } from './siteRenewals'

export type RenewalChoice = 'discount' | 'cancel' | 'resume'
export type RenewalResult = { ok: true } | { ok: false; error: 'noSubscription' | 'discountUsed' | 'providerFailed' }

export async function hasUsedCancelDiscount(payload: Payload, userId: number, req?: PayloadRequest): Promise<boolean> {
  const used = await payload.count({ collection: 'subscriptions', where: { user: { equals: userId }, cancelDiscountUsed: { equals: true } }, req })
  return used.totalDocs > 0
}

/** Checked and marked under a lock per user, so two clicks at once (or two subscriptions) cannot both use it. */
function claimCancelDiscount(payload: Payload, userId: number, subscriptionId: number): Promise<boolean> {
  return withTransaction(payload, LOCKS.cancelDiscount(userId), async (req) => {
    if (await hasUsedCancelDiscount(payload, userId, req)) return false
    await payload.update({ collection: 'subscriptions', id: subscriptionId, data: { cancelDiscountUsed: true }, depth: 0, req })
    return true
  })
}

export async function changeRenewal(
  payload: Payload,
  provider: BillingProvider | null,
  user: User,
  choice: RenewalChoice,
  percentOff: number,
): Promise<RenewalResult> {
  const latest = await newestOwnSubscription(payload, user)
  const providerId = latest?.provider?.subscriptionId
  if (!latest || !providerId || isEnded(latest.status)) return { ok: false, error: 'noSubscription' }
  // Bought with Telegram Stars: Telegram renews it, through the site's bot; it has no discount to offer.
  if (latest.provider?.name === STARS_PROVIDER) return changeStarsChoice(payload, latest, choice)
  if (!provider) return { ok: false, error: 'providerFailed' }
  if (!isProviderOf(provider, latest)) {
    payload.logger.error({ msg: `Subscription ${latest.id} belongs to ${latest.provider?.name ?? '?'}, not the configured ${provider.name}: renewal not changed` })
    return { ok: false, error: 'providerFailed' }
  }
  if (provider.runsRenewals) return changeOwnRenewal(payload, user, latest, choice, percentOff)
  // "Extend" on a subscription whose renewal was cancelled: renewal goes back on.
  if (choice === 'resume') {
    if (!latest.cancelAtPeriodEnd) return { ok: false, error: 'noSubscription' }
    try {
      await provider.setCancelAtPeriodEnd(providerId, false, `resume-renewal-${latest.id}-${Date.now()}`)
    } catch (error) {
      payload.logger.error({ err: error, msg: `Resuming renewal of subscription ${latest.id} failed at the provider` })
      return { ok: false, error: 'providerFailed' }
    }
    await syncSubscription(payload, provider, providerId, null)
    return { ok: true }
  }
  if (latest.cancelAtPeriodEnd) return { ok: false, error: 'noSubscription' }

  if (choice === 'discount') {
    if (!(await claimCancelDiscount(payload, user.id, latest.id))) return { ok: false, error: 'discountUsed' }
    try {
      await provider.applyOnceDiscount(providerId, percentOff, `cancel-discount-${latest.id}`)
    } catch (error) {
      payload.logger.error({ err: error, msg: `Discount for subscription ${latest.id} failed at the provider` })
      await payload.update({ collection: 'subscriptions', id: latest.id, data: { cancelDiscountUsed: false }, depth: 0 })
      return { ok: false, error: 'providerFailed' }
    }
    await recordDiscount(payload, user, latest, percentOff)
    // The page then confirms the discounted amount from our record, before the provider's webhook arrives.
    await syncSubscription(payload, provider, providerId, null)
    return { ok: true }
  }

  try {
    await provider.setCancelAtPeriodEnd(providerId, true, `cancel-renewal-${latest.id}-${latest.currentPeriodEnd ?? ''}`)
  } catch (error) {
    payload.logger.error({ err: error, msg: `Cancelling renewal of subscription ${latest.id} failed at the provider` })
    return { ok: false, error: 'providerFailed' }
  }
  // Shown at once; the provider's webhook for the same change then finds nothing new.
  await syncSubscription(payload, provider, providerId, null)
  return { ok: true }
}

function recordDiscount(payload: Payload, user: User, subscription: Subscription, percentOff: number) {
  return payload.create({
    collection: 'subscription-events',
    data: { subscription: subscription.id, user: user.id, type: 'discount_applied', note: `${percentOff}%`, occurredAt: new Date().toISOString() },
    depth: 0,
  })
}

async function changeStarsChoice(payload: Payload, latest: Subscription, choice: RenewalChoice): Promise<RenewalResult> {
  if (choice === 'discount') return { ok: false, error: 'discountUsed' }
  if ((choice === 'resume') !== Boolean(latest.cancelAtPeriodEnd)) return { ok: false, error: 'noSubscription' }
  const config = siteBotConfig()
  if (!config) return { ok: false, error: 'providerFailed' }
  const changed = await changeStarsRenewal(payload, new Api(config.token, { apiRoot: config.apiRoot }), latest, choice === 'cancel')
  return changed ? { ok: true } : { ok: false, error: 'providerFailed' }
}

/** The same choices on a subscription the site runs (YooKassa): our record is the subscription. */
async function changeOwnRenewal(payload: Payload, user: User, latest: Subscription, choice: RenewalChoice, percentOff: number): Promise<RenewalResult> {
  if (choice === 'resume') {
    if (!latest.cancelAtPeriodEnd || !latest.provider?.paymentMethodId) return { ok: false, error: 'noSubscription' }
    await changeSiteRun(payload, latest.id, { kind: 'cancelAtPeriodEnd', cancel: false })
    return { ok: true }
  }
  if (latest.cancelAtPeriodEnd) return { ok: false, error: 'noSubscription' }
  if (choice === 'cancel') {
    await changeSiteRun(payload, latest.id, { kind: 'cancelAtPeriodEnd', cancel: true })
    return { ok: true }
  }
  if (!(await claimCancelDiscount(payload, user.id, latest.id))) return { ok: false, error: 'discountUsed' }
  await changeSiteRun(payload, latest.id, { kind: 'discount', percentOff })
  await recordDiscount(payload, user, latest, percentOff)
  return { ok: true }
}
