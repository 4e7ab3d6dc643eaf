// A subscription URL as people use it: the link to copy, its QR code, an Outline key where the list has one,
// and the apps per platform with their one-tap "Add" buttons. My servers, the subscription page and each
// key list's feed show it.
import { useTranslations } from 'next-intl'
import { QRCodeSVG } from 'qrcode.react'

import { CopyButton } from '@/components/keys/CopyButton'
import { QR_OPTIONS } from '@/components/keys/qrOptions'
import type { ClientApp, Platform } from '@/lib/feeds/apps'

import { AppGuide } from './AppGuide'

type Props = {
  url: string
  name: string
  /** The list's Outline dynamic key (ssconf://), when it carries Shadowsocks keys. */
  ssconf?: string | null
  apps: readonly ClientApp[]
  idPrefix: string
  initialPlatform?: Platform | null
  /** Where the link is the page's subject (My servers, the subscription page), its QR code is shown at once. */
  isQrOpen?: boolean
  testId: string
}

export function SubscriptionBox({ url, name, ssconf = null, apps, idPrefix, initialPlatform = null, isQrOpen = false, testId }: Props) {
  const t = useTranslations('Apps')
  return (
    <div className="subscription-box" data-testid={testId}>
      <p className="subscription-url">
        <code data-testid={`${testId}-url`}>{url}</code> <CopyButton text={url} label={t('copyLink')} />
      </p>
      <details className="subscription-box__qr" open={isQrOpen}>
        <summary>{t('qr')}</summary>
        {/* Drawn on the server: no QR code library in the page's JavaScript. */}
        <QRCodeSVG value={url} {...QR_OPTIONS} title={t('qrTitle', { name })} data-testid={`${testId}-qr`} />
      </details>
      {ssconf ? (
        <p className="subscription-url">
          <span>{t('outlineKey')}</span> <code data-testid={`${testId}-ssconf`}>{ssconf}</code> <CopyButton text={ssconf} label={t('copyOutlineKey')} />
        </p>
      ) : null}
      <h3>{t('addToApp')}</h3>
      <AppGuide apps={apps} subscription={{ url, name }} idPrefix={idPrefix} initialPlatform={initialPlatform} />
      <p className="app-guide__manual">{t('manual')}</p>
    </div>
  )
}
