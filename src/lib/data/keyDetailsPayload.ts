// What the key detail view needs, as one JSON-safe object (page props and the modal's API answer).
import type { Locale } from '@/i18n/locales'

import { getKeyDetails } from './keys'
import type { KeyDetails } from './keys'
import { appsFor, getSettings } from './settings'
import type { ClientApp } from './settings'

export type KeyDetailsPayload = { details: KeyDetails; apps: ClientApp[]; renderedAt: number }

export async function getKeyDetailsPayload(id: number, locale: Locale): Promise<KeyDetailsPayload | null> {
  const [details, settings] = await Promise.all([getKeyDetails(id, locale), getSettings(locale)])
  if (!details) return null
  return { details, apps: appsFor(settings, details.protocol), renderedAt: Date.now() }
}
