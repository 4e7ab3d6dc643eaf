// Cached list of the client apps editors keep (admin → Client apps), in a page's language.
import type { Locale } from '@/i18n/locales'
import { isProtocol } from '@/lib/keys'
import { isPlatform } from '@/lib/feeds/apps'
import type { ClientApp } from '@/lib/feeds/apps'
import { isSubscriptionFormat } from '@/lib/feeds/clients'

import { cachedPublic } from './cache'
import { payloadClient } from '@/edge/payload'

async function readClientApps(locale: Locale): Promise<ClientApp[]> {
  const payload = await payloadClient()
  const { docs } = await payload.find({
    collection: 'client-apps',
    overrideAccess: false,
    locale,
    depth: 0,
    pagination: false,
    sort: ['-recommended', 'order', 'name'],
  })
  return docs.flatMap((doc) => {
    // Checked on save; checked again here, for rows that reached the database some other way.
    const storeUrl = locale === 'ru' && doc.storeUrlRu ? doc.storeUrlRu : doc.storeUrl
    if (!isPlatform(doc.platform) || !/^https:\/\//.test(storeUrl)) return []
    const format = isSubscriptionFormat(doc.format) ? doc.format : null
    return [
      {
        id: doc.id,
        name: doc.name,
        platform: doc.platform,
        protocols: (doc.protocols ?? []).filter(isProtocol),
        format,
        importTemplate: format ? (doc.importTemplate ?? null) : null,
        // Russian pages give the Russian store's link where the app has one.
        storeUrl,
        note: doc.note ?? null,
        isRecommended: doc.recommended === true,
      },
    ]
  })
}

export const getClientApps = cachedPublic('client-apps', readClientApps)
