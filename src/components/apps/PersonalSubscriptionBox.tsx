// The subscriber's own subscription URL, as My servers and the subscription page show it: QR code open, the apps of
// the platform the request came from, and the same URL on the site's other hosts (the mirrors, for when one is blocked).
import { useTranslations } from 'next-intl'

import { CopyButton } from '@/components/keys/CopyButton'
import type { ClientApp } from '@/lib/feeds/apps'
import { platformOf, subscriptionApps } from '@/lib/feeds/apps'
import { SHARE_LINK_PROTOCOLS } from '@/lib/feeds/freeFeed'

import { SubscriptionBox } from './SubscriptionBox'

type Props = {
  url: string
  /** The same subscription on the site's other hosts (siteUrl.ts, addressesOf). */
  elsewhere: readonly string[]
  siteName: string
  apps: readonly ClientApp[]
  userAgent: string | null
}

export function PersonalSubscriptionBox({ url, elsewhere, siteName, apps, userAgent }: Props) {
  const t = useTranslations('Apps')
  return (
    <>
      <SubscriptionBox
        url={url}
        name={`${siteName} VIP`}
        apps={subscriptionApps(apps, SHARE_LINK_PROTOCOLS)}
        idPrefix="subscription-apps"
        initialPlatform={platformOf(userAgent)}
        isQrOpen
        testId="subscription"
      />
      {elsewhere.length > 0 ? (
        <div className="subscription-box__mirrors" data-testid="subscription-mirrors">
          <p>{t('mirrors', { count: elsewhere.length })}</p>
          {elsewhere.map((address) => (
            <p key={address} className="subscription-url">
              <code>{address}</code> <CopyButton text={address} label={t('copyLink')} />
            </p>
          ))}
        </div>
      ) : null}
    </>
  )
}
