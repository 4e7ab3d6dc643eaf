// Deleting an account: disabled at once (every session revoked), restorable for 30 days by logging in
// again, then its personal data is removed by a scheduled job.
import type { Payload } from 'payload'

import type { Locale } from '@/i18n/locales'
import { billingProvider, isProviderOf } from '@/lib/billing'
import { isEnded } from '@/lib/billing/rules/lifecycle'
import { changeRenewal } from '@/lib/billing/record/renewalChoice'
import { changeSiteRun } from '@/lib/billing/record/siteRenewals'
import { revokeAllVipKeys } from '@/lib/vip/deviceKeys'
import { isPlaceholderEmail } from '@/lib/auth/telegramAccounts'
import { deliverNoticeOrQueue } from '@/lib/bot/notices'
import { renderDeletionNotice } from '@/lib/mail/templates'

import { RESTORE_WINDOW_DAYS } from './deletionWindow'

export { isDeletionPending, RESTORE_WINDOW_DAYS } from './deletionWindow'
const DAY_MS = 24 * 60 * 60 * 1000

export async function deleteAccount(payload: Payload, userId: number, now: Date = new Date()): Promise<void> {
  const user = await payload.findByID({ collection: 'users', id: userId, depth: 0, showHiddenFields: true })
  // Clearing the sessions signs the account out everywhere, at once. The adapter writes whole rows,
  // so the full user goes back with the two changes (as Payload's own session code does).
  await payload.db.updateOne({
    collection: 'users',
    id: userId,
    data: { ...user, deletionRequestedAt: now.toISOString(), sessions: [] },
    returning: false,
  })
  // Nothing is charged for an account being deleted: renewal is turned off (restoring does not turn it back on;
  // the subscriber may, under Subscription). The paid period itself stays, for a restore.
  const renewal = await changeRenewal(payload, billingProvider(), user, 'cancel', 0)
  if (!renewal.ok && renewal.error !== 'noSubscription') payload.logger.error({ msg: `Renewal of deleted account ${userId} not turned off: ${renewal.error}` })
  const locale: Locale = user.locale === 'en' ? 'en' : 'ru'
  const settings = await payload.findGlobal({ slug: 'site-settings', locale, depth: 0 })
  const restoreUntil = new Date(now.getTime() + RESTORE_WINDOW_DAYS * DAY_MS)
  // In Telegram where the account takes its notices there, else by e-mail.
  const notice = await renderDeletionNotice({ locale, siteName: settings.siteName, restoreUntil, telegramOnly: isPlaceholderEmail(user.email) })
  await deliverNoticeOrQueue(payload, { userId, to: user.email, ...notice })
}

export async function restoreAccount(payload: Payload, userId: number): Promise<void> {
  await payload.update({ collection: 'users', id: userId, data: { deletionRequestedAt: null }, depth: 0 })
}

/**
 * Payment records stay (accounting law) but lose the person: renewal is stopped at the provider, and the
 * subscription and its history are detached from the account. The provider keeps its own legal record.
 */
async function anonymizePayments(payload: Payload, userId: number): Promise<void> {
  const subscriptions = await payload.find({ collection: 'subscriptions', where: { user: { equals: userId } }, pagination: false, depth: 0 })
  const provider = billingProvider()
  for (const subscription of subscriptions.docs) {
    const providerId = subscription.provider?.subscriptionId
    if (provider && providerId && !isEnded(subscription.status)) {
      if (!isProviderOf(provider, subscription)) {
        payload.logger.error({ msg: `Purged account's subscription ${subscription.id} is with ${subscription.provider?.name ?? '?'}, not ${provider.name}: stop its renewal there by hand` })
      } else if (provider.runsRenewals) await changeSiteRun(payload, subscription.id, { kind: 'cancelNow' })
      else await provider.cancelNow(providerId, `purge-cancel-${subscription.id}`)
    }
    await payload.update({ collection: 'subscriptions', id: subscription.id, data: { user: null, paymentMethod: { kind: null, brand: null, last4: null, validUntil: null }, provider: { ...subscription.provider, paymentMethodId: null } }, depth: 0 })
  }
  await payload.update({ collection: 'subscription-events', where: { user: { equals: userId } }, data: { user: null }, depth: 0 })
}

/** Removes accounts whose restore window has passed, with their keys and links; returns how many. */
export async function purgeDeletedAccounts(payload: Payload, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - RESTORE_WINDOW_DAYS * DAY_MS).toISOString()
  const expired = await payload.find({
    collection: 'users',
    where: { deletionRequestedAt: { less_than_equal: cutoff } },
    pagination: false,
    depth: 0,
    select: { email: true },
  })
  for (const user of expired.docs) {
    // Keys stop working on the VPN servers before their records go.
    await revokeAllVipKeys(payload, user.id, { force: true })
    await anonymizePayments(payload, user.id)
    // Keys still waiting for their server to revoke them stay (without an owner) until the rotation succeeds.
    await payload.delete({ collection: 'keys', where: { owner: { equals: user.id }, revokeError: { exists: false } }, depth: 0 })
    await payload.delete({ collection: 'auth-tokens', where: { email: { equals: user.email } }, depth: 0 })
    await payload.delete({ collection: 'users', id: user.id, depth: 0 })
  }
  return expired.docs.length
}
