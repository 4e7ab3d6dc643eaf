// What the key detail view needs, as one JSON-safe object (page props and the modal's API answer).
import type { Locale } from '@/i18n/locales'

import type { User } from '@/payload-types'

import { getKeyDetails, readKeyDetails } from './keys'
import type { KeyDetails } from './keys'
import { appsFor, getSettings } from './settings'
import type { ClientApp } from './settings'

export type KeyDetailsPayload = { details: KeyDetails; apps: ClientApp[]; renderedAt: number }

export async function getKeyDetailsPayload(id: number, locale: Locale): Promise<KeyDetailsPayload | null> {
  const [details, settings] = await Promise.all([getKeyDetails(id, locale), getSettings(locale)])
  if (!details) return null
  return { details, apps: appsFor(settings, details.protocol), renderedAt: Date.now() }
}

/** A subscriber's own (VIP) key: read with their access, never cached. */
export async function getOwnKeyDetailsPayload(id: number, locale: Locale, user: User): Promise<KeyDetailsPayload | null> {
  const [details, settings] = await Promise.all([readKeyDetails(id, locale, user), getSettings(locale)])
  if (!details) return null
  return { details, apps: appsFor(settings, details.protocol), renderedAt: Date.now() }
}
