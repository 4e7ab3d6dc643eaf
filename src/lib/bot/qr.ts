// A key's QR code as the PNG image Telegram shows (sendPhoto takes no SVG), drawn as the site draws it
// (src/components/keys/qrOptions.ts: error correction M, a margin of two modules).
import QRCode from 'qrcode'

import { QR_OPTIONS } from '@/components/keys/qrOptions'

export function qrPng(value: string): Promise<Buffer> {
  return QRCode.toBuffer(value, { type: 'png', errorCorrectionLevel: QR_OPTIONS.level, margin: QR_OPTIONS.marginSize, width: 512 })
}
