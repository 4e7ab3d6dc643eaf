// A user's subscriptions: as the personal account shows them (read with the user's own access), the one
// that gives VIP access, and the newest with its provider ids for changing it at the provider.
import type { Payload, PayloadRequest } from 'payload'

import type { Locale } from '@/i18n/locales'
import type { Subscription, SubscriptionEvent, Tariff, User } from '@/payload-types'

import { grantsVip } from '../rules/lifecycle'

export type SubscriptionView = {
  subscription: Subscription & { tariff: Tariff | number }
  history: SubscriptionEvent[]
}

/** The user's newest subscription with its history, or null when they never had one. */
export async function subscriptionOf(payload: Payload, user: User, locale: Locale): Promise<SubscriptionView | null> {
  const found = await payload.find({
    collection: 'subscriptions',
    where: { user: { equals: user.id } },
    sort: '-createdAt',
    limit: 1,
    depth: 1,
    locale,
    overrideAccess: false,
    user,
  })
  const subscription = found.docs[0]
  if (!subscription) return null
  const history = await payload.find({
    collection: 'subscription-events',
    where: { subscription: { equals: subscription.id } },
    sort: '-occurredAt',
    limit: 50,
    depth: 0,
    overrideAccess: false,
    user,
  })
  return { subscription, history: history.docs }
}

/**
 * The user's subscription that gives VIP access now, if any. Read as `as` (their own access) on a
 * request for them; with the server's access in jobs and webhooks (`req` joins a transaction).
 */
export async function vipSubscriptionOf(
  payload: Payload,
  userId: number,
  { as, req }: { as?: User; req?: PayloadRequest } = {},
): Promise<Subscription | null> {
  const { docs } = await payload.find({
    collection: 'subscriptions',
    where: { user: { equals: userId } },
    sort: '-createdAt',
    pagination: false,
    depth: 0,
    req,
    ...(as ? { overrideAccess: false, user: as } : {}),
  })
  return docs.find((subscription) => grantsVip(subscription.status)) ?? null
}

/** The user's newest subscription, found with their own access, then read whole for its provider ids. */
export async function newestOwnSubscription(payload: Payload, user: User): Promise<Subscription | null> {
  const { docs } = await payload.find({ collection: 'subscriptions', where: { user: { equals: user.id } }, sort: '-createdAt', limit: 1, depth: 0, overrideAccess: false, user })
  // Provider ids are admin-only fields: read with the server's access once ownership is established.
  return docs[0] ? payload.findByID({ collection: 'subscriptions', id: docs[0].id, depth: 0 }) : null
}
