// The subscriber's saved card is theirs to take back at any time. Unlinking it: a site-run subscription (YooKassa)
// forgets the method's id, so nothing can be charged to it; with Stripe the method is detached from the customer
// through its API. Renewal needs a method, so it goes off; the subscription runs to the end of its paid period and
// continues only with a new payment. The page and an e-mail confirm it (mails.ts, `methodRemoved`).
import type { Payload } from 'payload'

import type { User } from '@/payload-types'

import { newestOwnSubscription } from './account'
import { syncSubscription } from './subscriptionRecord'
import { isProviderOf } from '../index'
import { isEnded } from '../rules/lifecycle'
import type { BillingProvider } from '../providers/provider'
import { changeSiteRun } from './siteRenewals'

export type UnlinkResult = { ok: true } | { ok: false; error: 'noMethod' | 'providerFailed' }

export async function unlinkPaymentMethod(payload: Payload, provider: BillingProvider, user: User): Promise<UnlinkResult> {
  const latest = await newestOwnSubscription(payload, user)
  const providerId = latest?.provider?.subscriptionId
  if (!latest || !providerId || !latest.paymentMethod?.kind) return { ok: false, error: 'noMethod' }
  if (!isProviderOf(provider, latest)) {
    payload.logger.error({ msg: `Subscription ${latest.id} belongs to ${latest.provider?.name ?? '?'}, not the configured ${provider.name}: card not unlinked` })
    return { ok: false, error: 'providerFailed' }
  }
  if (provider.runsRenewals) {
    await changeSiteRun(payload, latest.id, { kind: 'forgetMethod' })
    return { ok: true }
  }
  try {
    // Detached first: the provider's view of renewal turned off then already shows the card gone (one mail, not two).
    await provider.detachPaymentMethod(providerId)
    if (!isEnded(latest.status) && !latest.cancelAtPeriodEnd) await provider.setCancelAtPeriodEnd(providerId, true, `unlink-method-${latest.id}`)
  } catch (error) {
    payload.logger.error({ err: error, msg: `Unlinking the card of subscription ${latest.id} failed at the provider` })
    return { ok: false, error: 'providerFailed' }
  }
  await syncSubscription(payload, provider, providerId, null)
  return { ok: true }
}
