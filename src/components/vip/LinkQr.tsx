'use client'
// A QR code of a link (the subscription URL), drawn like the key QR codes.
import { QRCodeSVG } from 'qrcode.react'

import { QR_OPTIONS } from '@/components/keys/qrOptions'

export function LinkQr({ value, title }: { value: string; title: string }) {
  return <QRCodeSVG value={value} {...QR_OPTIONS} title={title} data-testid="subscription-qr" />
}
