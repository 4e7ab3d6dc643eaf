// The subscriber's own subscription URL, as My servers and the subscription page show it: QR code open, and the
// apps of the platform the request came from.
import type { ClientApp } from '@/lib/subscription/apps'
import { platformOf, subscriptionApps } from '@/lib/subscription/apps'
import { SHARE_LINK_PROTOCOLS } from '@/lib/subscription/freeFeed'

import { SubscriptionBox } from './SubscriptionBox'

type Props = { url: string; siteName: string; apps: readonly ClientApp[]; userAgent: string | null }

export function PersonalSubscriptionBox({ url, siteName, apps, userAgent }: Props) {
  return (
    <SubscriptionBox
      url={url}
      name={`${siteName} VIP`}
      apps={subscriptionApps(apps, SHARE_LINK_PROTOCOLS)}
      idPrefix="subscription-apps"
      initialPlatform={platformOf(userAgent)}
      isQrOpen
      testId="subscription"
    />
  )
}
