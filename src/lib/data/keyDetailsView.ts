// What the key detail view needs: a free key's page, and a subscriber's own key's (the key window shows these pages).
import type { Locale } from '@/i18n/locales'
import { absoluteUrl } from '@/lib/http/siteUrl'
import { PROTOCOL_LABELS, protocolHasShareLink } from '@/lib/keys/labels'
import { keysSlug } from '@/lib/routing/keysFilter'
import { appsForProtocol } from '@/lib/feeds/apps'
import type { ClientApp } from '@/lib/feeds/apps'
import { feedTitle } from '@/lib/feeds/freeFeed'
import { personalFeedPath } from '@/lib/feeds/personalUrl'
import type { User } from '@/payload-types'

import { getClientApps } from './clientApps'
import { getKeyDetails, readKeyDetails } from './keys'
import type { KeyDetails } from './keys'
import { payloadClient } from '@/edge/payload'
import { getSettings } from './settings'

/** The subscription the key's "Add to app" buttons import: its list's free feed, or the owner's VIP subscription. */
export type KeySubscription = { kind: 'free' | 'vip'; url: string; name: string }

export type KeyDetailsView = { details: KeyDetails; apps: ClientApp[]; subscription: KeySubscription | null; renderedAt: number }

/** A free key's details; its list's feed on `origin` (the host the page or modal is for: a mirror's on a mirror). */
export async function getKeyDetailsView(id: number, locale: Locale, origin: string): Promise<KeyDetailsView | null> {
  const [details, settings, apps] = await Promise.all([getKeyDetails(id, locale), getSettings(locale), getClientApps(locale)])
  if (!details) return null
  // A free key leaves the list within a day; its list's feed carries today's keys of the same country and protocol.
  const subscription = protocolHasShareLink(details.protocol)
    ? {
        kind: 'free' as const,
        url: absoluteUrl(`/api/feed/${keysSlug({ protocol: details.protocol, country: details.countryCode })}`, origin),
        name: feedTitle(settings.siteName, { protocol: PROTOCOL_LABELS[details.protocol], country: details.countryName }),
      }
    : null
  return { details, apps: appsForProtocol(apps, details.protocol), subscription, renderedAt: Date.now() }
}

/** A subscriber's own (VIP) key: read with their access, never cached; its subscription on `origin`, the host it was asked on. */
export async function getOwnKeyDetailsView(id: number, locale: Locale, user: User, origin: string): Promise<KeyDetailsView | null> {
  const [details, settings, apps] = await Promise.all([readKeyDetails(id, locale, user), getSettings(locale), getClientApps(locale)])
  if (!details) return null
  const subscription = protocolHasShareLink(details.protocol)
    ? { kind: 'vip' as const, url: absoluteUrl(await personalFeedPath(await payloadClient(), user.id), origin), name: `${settings.siteName} VIP` }
    : null
  return { details, apps: appsForProtocol(apps, details.protocol), subscription, renderedAt: Date.now() }
}
