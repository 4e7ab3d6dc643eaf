// The signed-in user's subscription as the personal account shows it; read with the user's own access.
import type { Payload } from 'payload'

import type { Locale } from '@/i18n/locales'
import type { Subscription, SubscriptionEvent, Tariff, User } from '@/payload-types'

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
