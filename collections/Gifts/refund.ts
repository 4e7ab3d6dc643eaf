// POST /api/gifts/:id/refund — an admin returns a gift's payment before it is redeemed (src/lib/gift): the provider
// refunds all of it, and the code is void. Admins only (money leaves the business); refused from other sites.
import type { PayloadHandler } from 'payload'

import { adminT } from '@/lib/admin/adminMessages'
import { formatMoney, formatRubles } from '@/lib/billing/rules/pricing'
import { GiftRefundError, refundGift } from '@/lib/gift'
import { isCrossSiteRequest } from '@/lib/http/sameSite'

import { isAdminUser } from '../access/roles'

export const giftRefundEndpoint: PayloadHandler = async (req) => {
  const t = adminT(req)
  const language = req.i18n?.language === 'en' ? 'en' : 'ru'
  if (isCrossSiteRequest(req.headers)) return Response.json({ ok: false, error: 'crossSiteRequest' }, { status: 403 })
  if (!req.user || !isAdminUser(req.user)) return Response.json({ ok: false, error: t('refund.forbidden') }, { status: 403 })
  const id = Number(req.routeParams?.id)
  if (!Number.isSafeInteger(id)) return Response.json({ ok: false, error: t('gift.unknown') }, { status: 400 })
  try {
    await refundGift(req.payload, { giftId: id, by: req.user.email })
    const gift = await req.payload.findByID({ collection: 'gifts', id, depth: 0 })
    const amount = typeof gift.amountStars === 'number' ? formatMoney(gift.amountStars, 'XTR', language) : formatRubles(gift.amountKopecks, language)
    return Response.json({ ok: true, message: t('gift.refunded', { amount }) })
  } catch (error) {
    if (!(error instanceof GiftRefundError)) throw error
    return Response.json({ ok: false, error: t(`gift.${error.reason}`) }, { status: error.reason === 'provider' ? 502 : 400 })
  }
}
