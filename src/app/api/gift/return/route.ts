// Where YooKassa sends a gift's buyer back, paid or not: the payment is read from YooKassa now (its notification may
// come later) and applied (src/lib/gift), then the gift page says whether the code is on its way.
import { NextResponse } from 'next/server'

import { localeOrDefault } from '@/i18n/locales'
import { billingProvider } from '@/lib/billing'
import { applyGiftPayment } from '@/lib/gift'
import { payloadClient } from '@/edge/payload'
import { requestOrigin, siteUrl } from '@/lib/http/siteUrl'

export const dynamic = 'force-dynamic'

export async function GET(request: Request) {
  const url = new URL(request.url)
  const locale = localeOrDefault(url.searchParams.get('locale'))
  const order = (url.searchParams.get('order') ?? '').slice(0, 80)
  const origin = requestOrigin(request.headers)
  const provider = billingProvider()
  const payload = await payloadClient()
  const gift = /^gift_[0-9a-f]{32}$/.test(order) ? (await payload.find({ collection: 'gifts', where: { 'provider.order': { equals: order } }, limit: 1, depth: 0 })).docs[0] : undefined
  if (gift?.provider?.payment && provider?.runsRenewals) {
    try {
      const payment = await provider.getPayment(gift.provider.payment)
      if (payment) await applyGiftPayment(payload, payment)
    } catch (error) {
      // The notification applies it later; the page says the payment is being confirmed.
      payload.logger.warn({ err: error, msg: `The gift payment of ${order} could not be read on the buyer's return` })
    }
  }
  return NextResponse.redirect(siteUrl('/gift', locale, gift ? { bought: order } : {}, origin), 303)
}
